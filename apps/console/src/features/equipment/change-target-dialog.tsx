import { Alert, Form, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useSetTargetEolTypesMutation } from '@equipment-dashboard/api-client';
import { TARGET_TYPES, type TargetType } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';
import { commandNoticeText, noticeOf, useCommandRunner } from '../../shared/equipment';
import { alertShown } from '../../shared/ui/ui-slice';
import { EQUIPMENT_TEXTS as T } from './texts';
import { useFocusReturn } from '../../shared/ui/use-focus-return';

/**
 * The Change Target dialog (console-core §2, §5): AT200 or AT700, the button disabled until one is
 * chosen. The outcome is the alert of console-core §8 ('Target type changed!' or 'Target type could not
 * be changed!'); on failure the dialog stays open with the server's reason, so the user can try again.
 * A command queued for an offline unit (or taken but not answered yet) has no outcome yet: the alert says
 * so instead, and the dialog closes (sending it again would queue it twice).
 */
export function ChangeTargetDialog({ serialNumber, onClose }: { serialNumber: string; onClose: () => void }) {
  useFocusReturn();
  const [targetType, setTargetType] = useState<TargetType | null>(null);
  const [setTarget] = useSetTargetEolTypesMutation();
  const runner = useCommandRunner();
  const dispatch = useAppDispatch();

  const submit = async () => {
    if (!targetType) return;
    const answer = await runner.run('target', T.changeTarget, () =>
      setTarget({ serialNumber, targetType }).unwrap(),
    );
    if (answer) {
      const notice = noticeOf(T.changeTarget, answer);
      dispatch(alertShown(notice ? commandNoticeText(notice) : T.targetChanged));
      onClose();
    } else {
      dispatch(alertShown(T.targetNotChanged));
    }
  };

  return (
    <Modal
      open
      title={T.changeTargetTitle(serialNumber)}
      okText={T.changeTarget}
      cancelText={T.cancel}
      okButtonProps={{ disabled: targetType === null }}
      confirmLoading={runner.isRunning('target')}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={T.targetType}>
          <Radio.Group
            aria-label={T.targetType}
            value={targetType}
            onChange={(event) => setTargetType(event.target.value as TargetType)}
            options={TARGET_TYPES.map((type) => ({ label: type, value: type }))}
          />
        </Form.Item>
      </Form>
      {runner.failure && <Alert type="error" showIcon title={runner.failure.message} />}
    </Modal>
  );
}
