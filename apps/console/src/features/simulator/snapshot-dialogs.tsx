import { Form, Input } from 'antd';
import { useState } from 'react';
import type { SimSnapshot } from '@equipment-dashboard/contract';
import { useCreateSimSnapshotMutation, useRestoreSimSnapshotMutation } from '@equipment-dashboard/api-client';
import { useAppDispatch } from '../../app/store';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { useServerCall } from '../../shared/back-office/use-server-call';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { formatSimulated } from './format-simulated';
import { SNAPSHOT_TEXTS as T } from './snapshot-texts';

/** "Save the field state": a name, then the save. */
export function SaveSnapshotDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [create] = useCreateSimSnapshotMutation();
  const call = useServerCall();
  const dispatch = useAppDispatch();
  const save = async () => {
    if (await call.run(() => create({ name: name.trim() }).unwrap())) {
      dispatch(snackbarShown(T.saved(name.trim())));
      onClose();
    }
  };
  return (
    <ActionDialog
      title={T.save}
      okText={T.saveOk}
      ready={name.trim().length > 0}
      notReadyReason={T.nameRequired}
      call={call}
      onOk={save}
      onCancel={onClose}
      intro={<p>{T.saveIntro}</p>}
    >
      <Form layout="vertical" onFinish={() => void save()}>
        <Form.Item label={T.name} htmlFor="snapshot-name">
          <Input id="snapshot-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </Form.Item>
      </Form>
    </ActionDialog>
  );
}

/** Restore: a confirmation that names what returns, then the restore. */
export function RestoreSnapshotDialog({ snapshot, onClose }: { snapshot: SimSnapshot; onClose: () => void }) {
  const [restore] = useRestoreSimSnapshotMutation();
  const dispatch = useAppDispatch();
  return (
    <ConfirmDialog
      title={T.restoreTitle}
      text={T.restoreText(snapshot.name, formatSimulated(Date.parse(snapshot.simulatedAt)), snapshot.units)}
      danger
      onConfirm={() => restore({ id: snapshot.id }).unwrap()}
      onDone={() => {
        dispatch(snackbarShown(T.restored(snapshot.name)));
        onClose();
      }}
      onCancel={onClose}
    />
  );
}
