import { DatePicker, Form, Input, Modal, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type Fixture } from '@equipment-dashboard/contract';
import { useCreateEzFixtureMutation, useEzCreateSubscriptionMutation } from '@equipment-dashboard/api-client';
import {
  canCreateFixture,
  canModifySubscription,
  DATE_FORMATS,
  defaultSubscriptionExpiry,
  SUBSCRIPTION_PACKAGES,
  subscriptionNeedsExpiry,
  subscriptionPackageByCode,
  subscriptionPackageByName,
  subscriptionRequestDateParts,
  type SubscriptionPackageCode,
} from '@equipment-dashboard/domain';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { createFixtureOutcome, subscriptionOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';
import { useEzCall } from './use-ez-call';

/** The package select of the EZ ADAS dialogs: the three packages of back-office §9 by name. */
export const PACKAGE_OPTIONS = SUBSCRIPTION_PACKAGES.map((pkg) => ({ value: pkg.code, label: pkg.name }));

export interface EzDialogProps {
  onClose: () => void;
  /** Shows a text in the EZ ADAS snackbar. */
  notify: (text: string) => void;
}

/**
 * Create New Fixture (back-office §2.8): one field, Serial Number. Create acts only with a non-empty
 * serial (libs/domain `canCreateFixture`). 200 (already exists) and 201 (created) close the dialog with
 * their §8 text; a failure shows 'EZ ADAS fixture creation failed' and the server's reason in the dialog.
 */
export function CreateFixtureDialog({ onClose, notify }: EzDialogProps) {
  const [serialNumber, setSerialNumber] = useState('');
  const [createFixture] = useCreateEzFixtureMutation();
  const { running, problem, run } = useEzCall();
  const ready = canCreateFixture(serialNumber.trim());

  const create = async () => {
    if (!ready || running) return;
    // The server keeps serials upper-case; the text names the fixture as it was stored.
    let stored = serialNumber.trim().toUpperCase();
    const result = await run(
      async () => {
        const answer = await createFixture({ serialNumber: serialNumber.trim() }).unwrap();
        stored = answer.fixture.serialNumber;
        return answer.status;
      },
      (status) => createFixtureOutcome(status, stored),
    );
    notify(result.text);
    if (result.settled) onClose();
  };

  return (
    <Modal
      open
      title={T.createNewFixture}
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
        <Form.Item label={T.serialNumber} htmlFor="ez-fixture-serial">
          <Input
            id="ez-fixture-serial"
            autoComplete="off"
            autoFocus
            value={serialNumber}
            onChange={(e) => setSerialNumber(e.target.value)}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * Modify Subscription (back-office §2.8, §5): a package select and an expiry date picker, hidden for
 * Included. The picker starts at the fixture's expiry, or one year from today when it has none or
 * reads 'N/A' (libs/domain `defaultSubscriptionExpiry`); the date goes as month, day and year parts
 * (`subscriptionRequestDateParts`). 200 and 404 close with their §8 text; other failures keep the
 * dialog open with the server's reason.
 */
export function ModifySubscriptionDialog({ fixture, onClose, notify }: EzDialogProps & { fixture: Fixture }) {
  const [code, setCode] = useState<SubscriptionPackageCode>(
    subscriptionPackageByName(fixture.subscriptionPackage)?.code ?? 0,
  );
  const [expiry, setExpiry] = useState<Dayjs>(() =>
    dayjs(defaultSubscriptionExpiry(fixture.subscriptionExpires, new Date())),
  );
  const [createSubscription] = useEzCreateSubscriptionMutation();
  const { running, problem, run } = useEzCall();
  const needsExpiry = subscriptionNeedsExpiry(code);
  const ready = canModifySubscription({ serialNumber: fixture.serialNumber }) && expiry.isValid();

  const save = async () => {
    if (!ready || running) return;
    const result = await run(
      async () => {
        await createSubscription({
          serialNumber: fixture.serialNumber,
          package: code,
          ...subscriptionRequestDateParts(code, expiry.toDate()),
        }).unwrap();
        // The contract's only success status for this call (back-office §7.5: "200 updated").
        return 200;
      },
      (status) => subscriptionOutcome(status, fixture.serialNumber),
    );
    notify(result.text);
    if (result.settled) onClose();
  };

  return (
    <Modal
      open
      title={T.modifySubscription}
      okText={T.save}
      cancelText={T.cancel}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={running}
      onOk={() => void save()}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
    >
      <Typography.Paragraph type="secondary">{T.subscriptionFor(fixture.serialNumber)}</Typography.Paragraph>
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical">
        <Form.Item label={T.package} htmlFor="ez-subscription-package">
          <Select<SubscriptionPackageCode>
            id="ez-subscription-package"
            aria-label={T.package}
            value={code}
            options={PACKAGE_OPTIONS}
            onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? 0)}
          />
        </Form.Item>
        {needsExpiry ? (
          <Form.Item label={T.expiryDate} htmlFor="ez-subscription-expiry">
            <DatePicker
              id="ez-subscription-expiry"
              aria-label={T.expiryDate}
              value={expiry}
              format={DATE_FORMATS.fixtureExpiry}
              allowClear={false}
              onChange={(value: Dayjs | null) => {
                if (value) setExpiry(value);
              }}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : (
          <Typography.Paragraph>{T.includedNoExpiry}</Typography.Paragraph>
        )}
      </Form>
    </Modal>
  );
}
