import { Form, Input, Modal, Select, Switch } from 'antd';
import { useState } from 'react';
import { type User } from '@equipment-dashboard/contract';
import { useCreateUserMutation, useUpdateUserMutation } from '@equipment-dashboard/api-client';
import { canCreateUser, canUpdateUser, ROLES, updateUserTitle, type Role } from '@equipment-dashboard/domain';
import { serverProblem, type ServerProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { USERS_TEXTS as T } from './texts';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

/** Runs a save: the dialog's spinner and the server's sentence when it says no. */
function useSave() {
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);
  const save = async (call: () => Promise<unknown>): Promise<boolean> => {
    setSaving(true);
    setProblem(null);
    try {
      await call();
      return true;
    } catch (error) {
      setProblem(serverProblem(error));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, problem, save };
}

/**
 * Create New User (back-office §2.5, §5): Create is enabled only when username, password, e-mail and
 * role are all filled (libs/domain `canCreateUser`). A refusal (409 the user exists, 400 a short
 * password) stays in the dialog with the server's sentence.
 */
export function CreateUserDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (username: string) => void;
}) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role | ''>('');
  const [active, setActive] = useState(true);
  const [createUser] = useCreateUserMutation();
  const { saving, problem, save } = useSave();
  const ready = canCreateUser({ username, password, email, role });

  const create = async () => {
    if (!ready || role === '') return;
    const name = username.trim();
    const done = await save(() =>
      createUser({ username: name, password, email: email.trim(), role, active }).unwrap(),
    );
    if (done) onCreated(name);
  };

  return (
    <Modal
      open
      title={T.createNewUser}
      okText={T.create}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={saving}
      onOk={() => void create()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
    >
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical" onFinish={() => void create()}>
        <Form.Item label={T.username} htmlFor="user-username">
          <Input
            id="user-username"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.password} htmlFor="user-password" extra={T.passwordHint}>
          <Input.Password
            id="user-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.email} htmlFor="user-email">
          <Input
            id="user-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.role} htmlFor="user-role">
          <Select<Role>
            id="user-role"
            aria-label={T.role}
            value={role === '' ? undefined : role}
            options={ROLE_OPTIONS}
            onChange={(value) => setRole(value)}
          />
        </Form.Item>
        <Form.Item label={T.active} htmlFor="user-active">
          <Switch id="user-active" aria-label={T.active} checked={active} onChange={setActive} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Update User - username (back-office §2.5, §5). Update is enabled by libs/domain `canUpdateUser` (a new
 * password, or a changed role or e-mail), and also when Active changed: decision, the dialog offers the
 * active flag ("same fields" of §7.4) and deactivating a user must be possible on its own. A blank
 * password is not sent (no change); a blank e-mail keeps the stored one.
 */
export function UpdateUserDialog({
  user,
  onClose,
  onUpdated,
}: {
  user: User;
  onClose: () => void;
  onUpdated: (username: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(user.email);
  const [role, setRole] = useState<Role>(user.role);
  const [active, setActive] = useState(user.active);
  const [updateUser] = useUpdateUserMutation();
  const { saving, problem, save } = useSave();
  const ready = canUpdateUser({ password, email, role }, user) || active !== user.active;

  const update = async () => {
    if (!ready) return;
    const done = await save(() =>
      updateUser({
        username: user.username,
        ...(password.trim() !== '' ? { password } : {}),
        ...(email.trim() !== '' ? { email: email.trim() } : {}),
        role,
        active,
      }).unwrap(),
    );
    if (done) onUpdated(user.username);
  };

  return (
    <Modal
      open
      title={updateUserTitle(user.username)}
      okText={T.update}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={saving}
      onOk={() => void update()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
    >
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical" onFinish={() => void update()}>
        <Form.Item label={T.password} htmlFor="user-password" extra={T.passwordKeep}>
          <Input.Password
            id="user-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.email} htmlFor="user-email">
          <Input
            id="user-email"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.role} htmlFor="user-role">
          <Select<Role>
            id="user-role"
            aria-label={T.role}
            value={role}
            options={ROLE_OPTIONS}
            onChange={setRole}
          />
        </Form.Item>
        <Form.Item label={T.active} htmlFor="user-active">
          <Switch id="user-active" aria-label={T.active} checked={active} onChange={setActive} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
