import { type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type User } from '@equipment-dashboard/contract';
import { useDeleteUserMutation, useReadUsersQuery } from '@equipment-dashboard/api-client';
import { booleanToYesNo, can, deleteUserConfirmText, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { NoAccess } from '../../shared/back-office/no-access';
import { actionsColumn } from '../../shared/back-office/row-action';
import { ListScreen } from '../../shared/back-office/list-screen';
import { CreateButton } from '../../shared/back-office/screen-card';
import { useServerList } from '../../shared/back-office/use-server-list';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { USERS_TEXTS as T } from './texts';
import { UserDialog } from './user-dialogs';

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
  const list = useServerList(useReadUsersQuery, FILTERS, { skip: !mayAdmin });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteUser] = useDeleteUserMutation();

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
      key: 'provider',
      title: T.signIn,
      render: (_value, user) => (user.provider ? T.managedBy(user.provider) : T.local),
    },
    actionsColumn(T.actions, 120, (user) => [
      { label: T.editUser, icon: <EditOutlined />, onClick: () => setDialog({ kind: 'edit', user }) },
      {
        label: T.deleteUser,
        icon: <DeleteOutlined />,
        danger: true,
        onClick: () => setDialog({ kind: 'delete', user }),
      },
    ]),
  ];

  return (
    <>
      <ListScreen<User>
        title={T.title}
        {...list}
        rowKey="username"
        columns={columns}
        filters={<ListFilterInput search={list.search} name="filterUsername" label={T.filterUsername} />}
        actions={<CreateButton label={T.createNewUser} onClick={() => setDialog({ kind: 'create' })} />}
      />
      {(dialog?.kind === 'create' || dialog?.kind === 'edit') && (
        <UserDialog
          user={dialog.kind === 'edit' ? dialog.user : null}
          onClose={() => setDialog(null)}
          onSaved={(username) => done(dialog.kind === 'edit' ? T.updated(username) : T.created(username))}
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
