import { Button, Card, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type User } from '@equipment-dashboard/contract';
import { useDeleteUserMutation, useReadUsersQuery } from '@equipment-dashboard/api-client';
import { booleanToYesNo, can, deleteUserConfirmText, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { FilterInput } from '../../shared/back-office/filter-input';
import { NoAccess } from '../../shared/back-office/no-access';
import { RowAction } from '../../shared/back-office/row-action';
import { ServerList } from '../../shared/back-office/server-list';
import { useListSearch } from '../../shared/back-office/use-list-search';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { USERS_TEXTS as T } from './texts';
import { CreateUserDialog, UpdateUserDialog } from './user-dialogs';

const FILTERS = { filterUsername: '' };

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
  const { page, filters, setPage, setFilters } = useListSearch(FILTERS);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteUser] = useDeleteUserMutation();
  const list = useReadUsersQuery(
    { page, filterUsername: filters.filterUsername === '' ? undefined : filters.filterUsername },
    { skip: !mayAdmin },
  );

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
          <RowAction
            label={T.editUser}
            icon={<EditOutlined />}
            onClick={() => setDialog({ kind: 'edit', user })}
          />
          <RowAction
            label={T.deleteUser}
            icon={<DeleteOutlined />}
            danger
            onClick={() => setDialog({ kind: 'delete', user })}
          />
        </span>
      ),
    },
  ];

  return (
    <>
      <Card title={T.title} role="region" aria-label={T.title}>
        <ServerList<User>
          result={list}
          page={page}
          onPage={setPage}
          rowKey="username"
          columns={columns}
          filters={
            <FilterInput
              label={T.filterUsername}
              value={filters.filterUsername}
              onCommit={(filterUsername) => setFilters({ filterUsername }, { replace: true })}
            />
          }
          actions={
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDialog({ kind: 'create' })}
            >
              {T.createNewUser}
            </Button>
          }
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
