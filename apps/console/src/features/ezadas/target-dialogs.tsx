import { Form, Input, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { type Target } from '@equipment-dashboard/contract';
import { useCreateEzTargetMutation, useUpdateEzTargetMutation } from '@equipment-dashboard/api-client';
import {
  canCreateEzTarget,
  canModifyEzTarget,
  isValidEzTargetId,
  subscriptionPackageByCode,
  type SubscriptionPackageCode,
} from '@equipment-dashboard/domain';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { PACKAGE_OPTIONS, type EzDialogProps } from './fixture-dialogs';
import { createTargetOutcome, updateTargetOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';
import { useEzCall } from './use-ez-call';

/**
 * Create New Target (back-office §2.8, §5): package select, Target Name and Target ID. Create is enabled
 * by libs/domain `canCreateEzTarget` (a package, a name, an ID that is an integer of 0 or more). 201
 * closes with its §8 text; a failure (e.g. the name exists) shows 'EZ ADAS target creation failed' and
 * keeps the dialog open with the server's reason.
 */
export function CreateTargetDialog({ onClose, notify }: EzDialogProps) {
  const [code, setCode] = useState<SubscriptionPackageCode | null>(null);
  const [targetName, setTargetName] = useState('');
  const [targetId, setTargetId] = useState('');
  const [createTarget] = useCreateEzTargetMutation();
  const { running, problem, run } = useEzCall();
  const pkg = subscriptionPackageByCode(code);
  const ready = canCreateEzTarget({ packageIndex: code, targetName, targetId });
  const idInvalid = targetId.trim() !== '' && !isValidEzTargetId(targetId);

  const create = async () => {
    if (!ready || running || !pkg) return;
    const name = targetName.trim();
    const result = await run(
      async () => {
        await createTarget({
          packageIndex: pkg.code,
          packageName: pkg.name,
          targetId: Number(targetId.trim()),
          targetName: name,
        }).unwrap();
        // The contract's only success status for this call (back-office §7.5: "201 created").
        return 201;
      },
      (status) => createTargetOutcome(status, name),
    );
    notify(result.text);
    if (result.settled) onClose();
  };

  return (
    <Modal
      open
      title={T.createNewTarget}
      okText={T.create}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={running}
      onOk={() => void create()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
    >
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical" onFinish={() => void create()}>
        <Form.Item label={T.package} htmlFor="ez-target-package">
          <Select<SubscriptionPackageCode>
            id="ez-target-package"
            aria-label={T.package}
            value={code ?? undefined}
            options={PACKAGE_OPTIONS}
            onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? null)}
          />
        </Form.Item>
        <Form.Item label={T.targetName} htmlFor="ez-target-name">
          <Input
            id="ez-target-name"
            autoComplete="off"
            value={targetName}
            onChange={(e) => setTargetName(e.target.value)}
          />
        </Form.Item>
        <Form.Item
          label={T.targetId}
          htmlFor="ez-target-id"
          extra={T.targetIdHint}
          validateStatus={idInvalid ? 'error' : undefined}
        >
          <Input
            id="ez-target-id"
            inputMode="numeric"
            autoComplete="off"
            value={targetId}
            onChange={(e) => setTargetId(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Modify Target (back-office §2.8, §5): the package select only; the target is found by its name, so
 * Save acts only when the target has one (`canModifyEzTarget`). 200 and 404 close with their §8 text;
 * other failures keep the dialog open with the server's reason.
 */
export function ModifyTargetDialog({ target, onClose, notify }: EzDialogProps & { target: Target }) {
  const [code, setCode] = useState<SubscriptionPackageCode>(target.packageIndex);
  const [updateTarget] = useUpdateEzTargetMutation();
  const { running, problem, run } = useEzCall();
  const pkg = subscriptionPackageByCode(code);
  const ready = canModifyEzTarget({ targetName: target.targetName }) && pkg !== undefined;

  const save = async () => {
    if (!ready || running || !pkg) return;
    const result = await run(
      async () => {
        await updateTarget({
          targetName: target.targetName,
          targetId: target.targetId,
          packageName: pkg.name,
          packageIndex: pkg.code,
        }).unwrap();
        // The contract's only success status for this call (back-office §7.5: "200 updated").
        return 200;
      },
      (status) => updateTargetOutcome(status, target.targetName),
    );
    notify(result.text);
    if (result.settled) onClose();
  };

  return (
    <Modal
      open
      title={T.modifyTarget}
      okText={T.save}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={running}
      onOk={() => void save()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
    >
      <Typography.Paragraph type="secondary">{T.targetFor(target.targetName)}</Typography.Paragraph>
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical">
        <Form.Item label={T.package} htmlFor="ez-modify-target-package">
          <Select<SubscriptionPackageCode>
            id="ez-modify-target-package"
            aria-label={T.package}
            value={code}
            options={PACKAGE_OPTIONS}
            onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? target.packageIndex)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
