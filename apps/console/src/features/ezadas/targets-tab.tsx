import { type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type Target } from '@equipment-dashboard/contract';
import { useDeleteEzTargetMutation, useEzGetTargetsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { actionsColumn } from '../../shared/back-office/row-action';
import { CreateButton } from '../../shared/back-office/screen-card';
import { ServerList } from '../../shared/back-office/server-list';
import { NO_FILTERS } from '../../shared/back-office/use-list-search';
import { useServerList } from '../../shared/back-office/use-server-list';
import { selectUser } from '../../shared/session/session-slice';
import { CreateTargetDialog, ModifyTargetDialog } from './target-dialogs';
import { EZADAS_TEXTS as T } from './texts';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'delete'; target: Target };

/**
 * The Targets tab (back-office §2.8): the server-paged targets table; Create New Target, Edit Target and
 * Delete Target only for admin and engineer (§6, the ezTarget* permissions the server enforces too).
 * Decision: a role without Edit or Delete does not see an empty Actions column.
 */
export function TargetsTab({ notify }: { notify: (text: string) => void }) {
  const role = useAppSelector(selectUser)?.role;
  const mayCreate = can(role, PERMISSIONS.ezTargetCreate);
  const mayEdit = can(role, PERMISSIONS.ezTargetEdit);
  const mayDelete = can(role, PERMISSIONS.ezTargetDelete);
  const list = useServerList(useEzGetTargetsQuery, NO_FILTERS);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [deleteTarget] = useDeleteEzTargetMutation();
  const close = () => setDialog(null);

  const columns: TableColumnsType<Target> = [
    { key: 'targetName', title: T.targetName, dataIndex: 'targetName' },
    { key: 'targetId', title: T.targetId, dataIndex: 'targetId' },
    { key: 'packageIndex', title: T.packageIndex, dataIndex: 'packageIndex' },
    { key: 'packageName', title: T.packageName, dataIndex: 'packageName' },
  ];
  if (mayEdit || mayDelete) {
    columns.push(
      actionsColumn(T.actions, 100, (target) => [
        {
          label: T.editTarget,
          icon: <EditOutlined />,
          shown: mayEdit,
          onClick: () => setDialog({ kind: 'edit', target }),
        },
        {
          label: T.deleteTarget,
          icon: <DeleteOutlined />,
          danger: true,
          shown: mayDelete,
          onClick: () => setDialog({ kind: 'delete', target }),
        },
      ]),
    );
  }

  return (
    <>
      <ServerList<Target>
        {...list}
        rowKey="targetName"
        columns={columns}
        actions={
          mayCreate && (
            <CreateButton label={T.createNewTarget} onClick={() => setDialog({ kind: 'create' })} />
          )
        }
      />
      {dialog?.kind === 'create' && <CreateTargetDialog onClose={close} notify={notify} />}
      {dialog?.kind === 'edit' && (
        <ModifyTargetDialog target={dialog.target} onClose={close} notify={notify} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmDialog
          title={T.deleteTarget}
          text={T.deleteTargetConfirm(dialog.target.targetName)}
          danger
          onConfirm={() => deleteTarget({ targetName: dialog.target.targetName }).unwrap()}
          onDone={() => {
            notify(T.targetDeleted(dialog.target.targetName));
            close();
          }}
          onCancel={close}
        />
      )}
    </>
  );
}
