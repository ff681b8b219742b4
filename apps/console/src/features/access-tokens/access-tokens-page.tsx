import { Alert, Form, Input, Modal, Select, type TableColumnsType } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useState } from 'react';
import type { AccessToken } from '@equipment-dashboard/contract';
import {
  useCreateAccessTokenMutation,
  useDeleteAccessTokenMutation,
  useReadAccessTokensQuery,
} from '@equipment-dashboard/api-client';
import { ACCESS_TOKEN_NAME_MAX, can, PERMISSIONS, rolesWithin, type Role } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ListScreen } from '../../shared/back-office/list-screen';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { useServerList } from '../../shared/back-office/use-server-list';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { ACCESS_TOKENS_TEXTS as T } from './texts';

const FILTERS = {};
const LIFETIMES = [7, 30, 90, 365] as const;

const when = (iso: string) => new Date(iso).toLocaleString('en-US');

/** Name, lifetime and role (at most the user's own) of a new token; the token itself is shown once after. */
function CreateTokenDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const [name, setName] = useState('');
  const [days, setDays] = useState<number>(30);
  const [tokenRole, setTokenRole] = useState<Role>(role);
  const [created, setCreated] = useState<string | null>(null);
  const [createToken] = useCreateAccessTokenMutation();
  const call = useServerCall();
  if (created) {
    return (
      <Modal
        open
        title={T.createdTitle}
        okText={T.done}
        onOk={onClose}
        onCancel={onClose}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <Alert type="warning" showIcon title={T.createdText} style={{ marginBottom: 16 }} />
        <Form layout="vertical">
          <Form.Item label={T.tokenLabel} htmlFor="new-access-token">
            <Input id="new-access-token" readOnly value={created} onFocus={(e) => e.target.select()} />
          </Form.Item>
        </Form>
      </Modal>
    );
  }
  const ready = name.trim() !== '';
  const save = async () => {
    if (!ready) return;
    const answer: { token?: string } = {};
    const done = await call.run(async () => {
      answer.token = (
        await createToken({ name: name.trim(), expiresInDays: days, role: tokenRole }).unwrap()
      ).token;
    });
    if (done && answer.token) setCreated(answer.token);
  };
  return (
    <ActionDialog title={T.create} okText={T.create} ready={ready} call={call} onOk={save} onCancel={onClose}>
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={T.name} htmlFor="access-token-name">
          <Input
            id="access-token-name"
            autoComplete="off"
            maxLength={ACCESS_TOKEN_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </Form.Item>
        <Form.Item label={T.expiresIn} htmlFor="access-token-days">
          <Select<number>
            id="access-token-days"
            aria-label={T.expiresIn}
            value={days}
            options={LIFETIMES.map((n) => ({ value: n, label: T.days(n) }))}
            onChange={setDays}
          />
        </Form.Item>
        <Form.Item label={T.role} htmlFor="access-token-role">
          <Select<Role>
            id="access-token-role"
            aria-label={T.role}
            value={tokenRole}
            options={rolesWithin(role).map((r) => ({ value: r, label: r }))}
            onChange={setTokenRole}
          />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/**
 * Access tokens (from the account menu): the user's personal access tokens (an admin's list has everyone's),
 * with their role, expiry and last use; create one (shown once) and revoke.
 */
export function AccessTokensPage() {
  const me = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const list = useServerList(useReadAccessTokensQuery, FILTERS);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const [revoke] = useDeleteAccessTokenMutation();
  const everyone = can(me?.role, PERMISSIONS.usersAdmin);

  const columns: TableColumnsType<AccessToken> = [
    { key: 'name', title: T.name, dataIndex: 'name' },
    ...(everyone ? [{ key: 'username', title: T.user, dataIndex: 'username' }] : []),
    { key: 'role', title: T.role, dataIndex: 'role' },
    { key: 'createdAt', title: T.created, render: (_v, t) => when(t.createdAt) },
    {
      key: 'expiresAt',
      title: T.expires,
      render: (_v, t) => (t.expired ? `${when(t.expiresAt)} (${T.expired})` : when(t.expiresAt)),
    },
    {
      key: 'lastUsedAt',
      title: T.lastUsed,
      render: (_v, t) => (t.lastUsedAt ? when(t.lastUsedAt) : T.never),
    },
    actionsColumn(T.actions, 90, (token) => [
      { label: T.revoke, icon: <DeleteOutlined />, danger: true, onClick: () => setRevoking(token) },
    ]),
  ];

  return (
    <>
      <ListScreen<AccessToken>
        title={T.title}
        intro={<p>{T.intro}</p>}
        {...list}
        rowKey="id"
        columns={columns}
        actions={<CreateButton label={T.create} onClick={() => setCreating(true)} />}
      />
      {creating && me && <CreateTokenDialog role={me.role} onClose={() => setCreating(false)} />}
      {revoking && (
        <ConfirmDialog
          title={T.revokeTitle}
          text={T.revokeText(revoking.name)}
          danger
          onConfirm={() => revoke({ id: revoking.id }).unwrap()}
          onDone={() => {
            dispatch(snackbarShown(T.revoked(revoking.name)));
            setRevoking(null);
          }}
          onCancel={() => setRevoking(null)}
        />
      )}
    </>
  );
}
