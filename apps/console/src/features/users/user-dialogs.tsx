import { Alert, Form, Input, Select, Switch } from 'antd';
import { useState } from 'react';
import { type User } from '@equipment-dashboard/contract';
import { useCreateUserMutation, useUpdateUserMutation } from '@equipment-dashboard/api-client';
import { canCreateUser, canUpdateUser, ROLES, updateUserTitle, type Role } from '@equipment-dashboard/domain';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { USERS_TEXTS as T } from './texts';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: role }));

/** The fields both user dialogs edit ('' role: none chosen yet). */
interface UserFieldValues {
  password: string;
  email: string;
  role: Role | '';
  active: boolean;
}

/** Password (with its hint), E-mail, Role and Active: the fields of Create New User and Update User. */
function UserFields({
  value,
  onChange,
  passwordHint,
  managedBy,
}: {
  value: UserFieldValues;
  onChange: (patch: Partial<UserFieldValues>) => void;
  passwordHint: string;
  /** The identity provider of a user it manages: only Active is editable then. */
  managedBy?: string | null;
}) {
  const managed = Boolean(managedBy);
  return (
    <>
      {managedBy && (
        <Alert type="info" showIcon title={T.managedHint(managedBy)} style={{ marginBottom: 16 }} />
      )}
      {!managed && (
        <Form.Item label={T.password} htmlFor="user-password" extra={passwordHint}>
          <Input.Password
            id="user-password"
            autoComplete="new-password"
            value={value.password}
            onChange={(e) => onChange({ password: e.target.value })}
          />
        </Form.Item>
      )}
      <Form.Item label={T.email} htmlFor="user-email">
        <Input
          id="user-email"
          type="email"
          autoComplete="off"
          disabled={managed}
          value={value.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={T.role} htmlFor="user-role">
        <Select<Role>
          id="user-role"
          aria-label={T.role}
          disabled={managed}
          value={value.role === '' ? undefined : value.role}
          options={ROLE_OPTIONS}
          onChange={(role) => onChange({ role })}
        />
      </Form.Item>
      <Form.Item label={T.active} htmlFor="user-active">
        <Switch
          id="user-active"
          aria-label={T.active}
          checked={value.active}
          onChange={(active) => onChange({ active })}
        />
      </Form.Item>
    </>
  );
}

/**
 * Create New User, or Update User - username when `user` is given (back-office §2.5, §5): the same fields,
 * Username only when creating.
 *
 * Create is enabled only when username, password, e-mail and role are all filled (libs/domain
 * `canCreateUser`). A refusal (409 the user exists, 400 a short password) stays in the dialog with the
 * server's sentence.
 *
 * Update is enabled by libs/domain `canUpdateUser` (a new password, or a changed role or e-mail), and also
 * when Active changed: decision, the dialog offers the active flag ("same fields" of §7.4) and deactivating
 * a user must be possible on its own. A blank password is not sent (no change); a blank e-mail keeps the
 * stored one.
 */
export function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: User | null;
  onClose: () => void;
  onSaved: (username: string) => void;
}) {
  const [username, setUsername] = useState('');
  const [fields, setFields] = useState<UserFieldValues>(
    user
      ? { password: '', email: user.email, role: user.role, active: user.active }
      : { password: '', email: '', role: '', active: true },
  );
  const [createUser] = useCreateUserMutation();
  const [updateUser] = useUpdateUserMutation();
  const call = useServerCall();
  const ready = user
    ? canUpdateUser(fields, user) || fields.active !== user.active
    : canCreateUser({ ...fields, username });

  const save = async () => {
    const { password, email, role, active } = fields;
    if (!ready || role === '') return;
    const name = user ? user.username : username.trim();
    const done = await call.run(() =>
      user?.provider
        ? updateUser({ username: name, active }).unwrap()
        : user
          ? updateUser({
              username: name,
              ...(password.trim() !== '' ? { password } : {}),
              ...(email.trim() !== '' ? { email: email.trim() } : {}),
              role,
              active,
            }).unwrap()
          : createUser({ username: name, password, email: email.trim(), role, active }).unwrap(),
    );
    if (done) onSaved(name);
  };

  return (
    <ActionDialog
      title={user ? updateUserTitle(user.username) : T.createNewUser}
      okText={user ? T.update : T.create}
      ready={ready}
      call={call}
      onOk={save}
      onCancel={onClose}
    >
      <Form layout="vertical" onFinish={() => void save()}>
        {!user && (
          <Form.Item label={T.username} htmlFor="user-username">
            <Input
              id="user-username"
              autoComplete="off"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Form.Item>
        )}
        <UserFields
          value={fields}
          onChange={(patch) => setFields((current) => ({ ...current, ...patch }))}
          passwordHint={user ? T.passwordKeep : T.passwordHint}
          managedBy={user?.provider}
        />
      </Form>
    </ActionDialog>
  );
}
