import { Button, Card, Flex, Input, Table, Tooltip, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { useEffect, useState } from 'react';
import { useDeleteUserMutation, useReadUsersQuery, type User } from '@equipment-dashboard/api';
import { booleanToYesNo, can, deleteUserConfirmText, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { NoAccess } from '../../shared/back-office/no-access';
import { lastPageOf, serverPagination } from '../../shared/back-office/pagination';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { useDebounced, usePageFor } from '../../shared/back-office/use-debounced';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { USERS_TEXTS as T } from './texts';
import { CreateUserDialog, UpdateUserDialog } from './user-dialogs';

type Dialog = { kind: 'create' } | { kind: 'edit'; user: User } | { kind: 'delete'; user: User };

/**
 * Users (back-office §2.5): a username filter, the server-paged table and the create, edit and delete
 * dialogs. Decision: the screen is the admin's (the Users drawer entry and the server's users.admin
 * permission); another role that opens /Users is told so and nothing is asked of the server.
 */
export function UsersPage() {
  const me = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const mayAdmin = can(me?.role, PERMISSIONS.usersAdmin);
  const [filter, setFilter] = useState('');
  const filterUsername = useDebounced(filter.trim());
  const [page, setPage] = usePageFor(filterUsername);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteUser] = useDeleteUserMutation();
  const { data, isFetching, error, refetch } = useReadUsersQuery(
    { page, filterUsername: filterUsername === '' ? undefined : filterUsername },
    { skip: !mayAdmin },
  );

  // The last row of the last page was deleted: show the page before.
  const total = data?.totalDocs ?? 0;
  useEffect(() => {
    if (data && !isFetching && page > lastPageOf(total)) setPage(lastPageOf(total));
  }, [data, isFetching, page, total, setPage]);

  if (!mayAdmin) {
    return <NoAccess title={T.title} message={T.noAccess} />;
  }

  const done = (text: string) => {
    setDialog(null);
    dispatch(snackbarShown(text));
  };

  const columns: TableColumnsType<User> = [
    { key: 'username', title: T.username, dataIndex: 'username' },
    { key: 'email', title: T.email, dataIndex: 'email' },
    { key: 'role', title: T.role, dataIndex: 'role' },
    { key: 'active', title: T.active, render: (_value, user) => booleanToYesNo(user.active) },
    {
      key: 'actions',
      title: T.actions,
      width: 120,
      render: (_value, user) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tooltip title={T.editUser}>
            <Button
              type="text"
              size="small"
              aria-label={T.editUser}
              icon={<EditOutlined />}
              onClick={() => setDialog({ kind: 'edit', user })}
            />
          </Tooltip>
          <Tooltip title={T.deleteUser}>
            <Button
              type="text"
              size="small"
              danger
              aria-label={T.deleteUser}
              icon={<DeleteOutlined />}
              onClick={() => setDialog({ kind: 'delete', user })}
            />
          </Tooltip>
        </span>
      ),
    },
  ];

  return (
    <>
      <Card title={T.title} role="region" aria-label={T.title}>
        <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <Input
            aria-label={T.filterUsername}
            placeholder={T.filterUsername}
            prefix={<SearchOutlined aria-hidden />}
            allowClear
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            style={{ maxWidth: 320 }}
          />
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setDialog({ kind: 'create' })}
          >
            {T.createNewUser}
          </Button>
        </Flex>
        {error && !data && (
          <ServerErrorAlert
            problem={serverProblem(error)}
            action={
              <Button size="small" onClick={() => void refetch()}>
                {BACK_OFFICE_TEXTS.retry}
              </Button>
            }
          />
        )}
        <Table<User>
          rowKey="username"
          size="middle"
          columns={columns}
          dataSource={data?.docs ?? []}
          loading={{ spinning: isFetching, delay: 150 }}
          pagination={serverPagination(page, total, setPage)}
        />
      </Card>
      {dialog?.kind === 'create' && (
        <CreateUserDialog
          onClose={() => setDialog(null)}
          onCreated={(username) => done(T.created(username))}
        />
      )}
      {dialog?.kind === 'edit' && (
        <UpdateUserDialog
          user={dialog.user}
          onClose={() => setDialog(null)}
          onUpdated={(username) => done(T.updated(username))}
        />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteTitle}
          text={deleteUserConfirmText(dialog.user.username)}
          danger
          onConfirm={() => deleteUser({ username: dialog.user.username }).unwrap()}
          onDone={() => done(T.deleted(dialog.user.username))}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
