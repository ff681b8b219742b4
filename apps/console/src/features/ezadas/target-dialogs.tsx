import { Form, Input, Typography } from 'antd';
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
import { EzDialog, PackageField, type EzDialogProps } from './ez-dialog';
import { createTargetOutcome, updateTargetOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';

/**
 * Create New Target (back-office §2.8, §5): package select, Target Name and Target ID. Create is enabled
 * by libs/domain `canCreateEzTarget` (a package, a name, an ID that is an integer of 0 or more). 201
 * closes with its §8 text; a failure (e.g. the name exists) shows 'EZ ADAS target creation failed' and
 * keeps the dialog open with the server's reason.
 */
export function CreateTargetDialog(props: EzDialogProps) {
  const [code, setCode] = useState<SubscriptionPackageCode | null>(null);
  const [targetName, setTargetName] = useState('');
  const [targetId, setTargetId] = useState('');
  const [createTarget] = useCreateEzTargetMutation();
  const pkg = subscriptionPackageByCode(code);
  const ready = canCreateEzTarget({ packageIndex: code, targetName, targetId });
  const idInvalid = targetId.trim() !== '' && !isValidEzTargetId(targetId);
  const name = targetName.trim();

  return (
    <EzDialog
      {...props}
      title={T.createNewTarget}
      okText={T.create}
      send={
        ready && pkg
          ? async () => {
              await createTarget({
                packageIndex: pkg.code,
                packageName: pkg.name,
                targetId: Number(targetId.trim()),
                targetName: name,
              }).unwrap();
              // The contract's only success status for this call (back-office §7.5: "201 created").
              return 201;
            }
          : null
      }
      outcomeOf={(status) => createTargetOutcome(status, name)}
      submitOnEnter
    >
      <PackageField
        id="ez-target-package"
        value={code}
        onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? null)}
      />
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
    </EzDialog>
  );
}

/**
 * Modify Target (back-office §2.8, §5): the package select only; the target is found by its name, so
 * Save acts only when the target has one (`canModifyEzTarget`). 200 and 404 close with their §8 text;
 * other failures keep the dialog open with the server's reason.
 */
export function ModifyTargetDialog({ target, ...props }: EzDialogProps & { target: Target }) {
  const [code, setCode] = useState<SubscriptionPackageCode>(target.packageIndex);
  const [updateTarget] = useUpdateEzTargetMutation();
  const pkg = subscriptionPackageByCode(code);

  return (
    <EzDialog
      {...props}
      title={T.modifyTarget}
      okText={T.save}
      intro={<Typography.Paragraph type="secondary">{T.targetFor(target.targetName)}</Typography.Paragraph>}
      send={
        canModifyEzTarget({ targetName: target.targetName }) && pkg
          ? async () => {
              await updateTarget({
                targetName: target.targetName,
                targetId: target.targetId,
                packageName: pkg.name,
                packageIndex: pkg.code,
              }).unwrap();
              // The contract's only success status for this call (back-office §7.5: "200 updated").
              return 200;
            }
          : null
      }
      outcomeOf={(status) => updateTargetOutcome(status, target.targetName)}
    >
      <PackageField
        id="ez-modify-target-package"
        value={code}
        onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? target.packageIndex)}
      />
    </EzDialog>
  );
}
