import { Alert, Modal, Typography } from 'antd';
import { useDeleteEquipmentMutation } from '@equipment-dashboard/api-client';
import { useCommandRunner } from '../../shared/equipment';
import { EQUIPMENT_TEXTS as T } from './texts';
import { useFocusReturn } from '../../shared/ui/use-focus-return';

export interface DeleteEquipmentDialogProps {
  serialNumber: string;
  /** No, or the close button: nothing changes. */
  onClose: () => void;
  /** Yes and the server deleted the unit. */
  onDeleted: (serialNumber: string) => void;
}

/**
 * The Yes/No delete confirmation (console-core §2, §4): Yes deletes; the list reloads through the cache
 * tags the deletion invalidates. A refusal (a role without the permission: 403) stays on screen.
 */
export function DeleteEquipmentDialog({ serialNumber, onClose, onDeleted }: DeleteEquipmentDialogProps) {
  useFocusReturn();
  const [deleteEquipment] = useDeleteEquipmentMutation();
  const runner = useCommandRunner();

  const confirm = async () => {
    const answer = await runner.run('delete', T.deleteEquipment, () =>
      deleteEquipment({ serialNumber }).unwrap(),
    );
    if (answer) onDeleted(serialNumber);
  };

  return (
    <Modal
      open
      title={T.deleteTitle}
      okText={T.yesButton}
      cancelText={T.noButton}
      okButtonProps={{ danger: true }}
      confirmLoading={runner.isRunning('delete')}
      onOk={() => void confirm()}
      onCancel={onClose}
    >
      <Typography.Paragraph>{T.deleteConfirm(serialNumber)}</Typography.Paragraph>
      {runner.failure && (
        <Alert type="error" showIcon title={T.commandFailed(runner.failure.label, runner.failure.message)} />
      )}
    </Modal>
  );
}
