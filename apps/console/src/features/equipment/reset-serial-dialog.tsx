import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useResetSerialNumberMutation } from '@equipment-dashboard/api-client';
import { normalizeSerial } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { commandNoticeText, noticeOf, useCommandRunner } from '../../shared/equipment';
import { alertShown } from '../../shared/ui/ui-slice';
import { EQUIPMENT_TEXTS as T } from './texts';
import { useFocusReturn } from '../../shared/ui/use-focus-return';

export interface ResetSerialDialogProps {
  serialNumber: string;
  onClose: () => void;
  /** The unit answered with its new serial number. */
  onReset: (newSerialNumber: string) => void;
}

/**
 * The Reset Serial dialog (console-core §2). console-core §5: "no validation of the new serial"; only a
 * blank one cannot be sent (the call needs a value). The unit answers its new serial (`serialNumber`).
 * Queued for an offline unit (or taken but not answered yet), the unit keeps its serial for now: the dialog
 * closes with an alert that says so, and the detail dialog stays on the current serial.
 */
export function ResetSerialDialog({ serialNumber, onClose, onReset }: ResetSerialDialogProps) {
  useFocusReturn();
  const [value, setValue] = useState('');
  const [resetSerial] = useResetSerialNumberMutation();
  const runner = useCommandRunner();
  const dispatch = useAppDispatch();
  const newSerial = normalizeSerial(value);

  const submit = async () => {
    if (newSerial === '') return;
    const answer = await runner.run('reset', T.resetSerial, () =>
      resetSerial({ currentSerialNumber: serialNumber, newSerialNumber: newSerial }).unwrap(),
    );
    if (!answer) return;
    const notice = noticeOf(T.resetSerial, answer);
    if (notice) {
      dispatch(alertShown(commandNoticeText(notice)));
      onClose();
    } else {
      onReset(answer.serialNumber);
    }
  };

  return (
    <Modal
      open
      title={T.resetSerialTitle(serialNumber)}
      okText={T.resetSerial}
      cancelText={T.cancel}
      okButtonProps={{ disabled: newSerial === '', danger: true }}
      confirmLoading={runner.isRunning('reset')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={T.newSerialNumber} htmlFor="new-serial-number">
          <Input
            id="new-serial-number"
            autoFocus
            value={value}
            onChange={(event) => setValue(event.target.value)}
            onPressEnter={() => void submit()}
          />
        </Form.Item>
      </Form>
      {runner.failure && (
        <Alert type="error" showIcon title={T.commandFailed(runner.failure.label, runner.failure.message)} />
      )}
    </Modal>
  );
}
