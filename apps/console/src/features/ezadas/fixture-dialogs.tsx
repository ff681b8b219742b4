import { DatePicker, Form, Input, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { type Fixture } from '@equipment-dashboard/contract';
import { useCreateEzFixtureMutation, useEzCreateSubscriptionMutation } from '@equipment-dashboard/api-client';
import {
  canCreateFixture,
  canModifySubscription,
  DATE_FORMATS,
  defaultSubscriptionExpiry,
  subscriptionNeedsExpiry,
  subscriptionPackageByCode,
  subscriptionPackageByName,
  subscriptionRequestDateParts,
  type SubscriptionPackageCode,
} from '@equipment-dashboard/domain';
import { EzDialog, PackageField, type EzDialogProps } from './ez-dialog';
import { createFixtureOutcome, subscriptionOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';

/**
 * Create New Fixture (back-office §2.8): one field, Serial Number. Create acts only with a non-empty
 * serial (libs/domain `canCreateFixture`). 200 (already exists) and 201 (created) close the dialog with
 * their §8 text; a failure shows 'EZ ADAS fixture creation failed' and the server's reason in the dialog.
 */
export function CreateFixtureDialog(props: EzDialogProps) {
  const [serialNumber, setSerialNumber] = useState('');
  const [createFixture] = useCreateEzFixtureMutation();
  // The server keeps serials upper-case; the text names the fixture as it was stored.
  let stored = serialNumber.trim().toUpperCase();

  const send = async () => {
    const answer = await createFixture({ serialNumber: serialNumber.trim() }).unwrap();
    stored = answer.fixture.serialNumber;
    return answer.status;
  };

  return (
    <EzDialog
      {...props}
      title={T.createNewFixture}
      okText={T.create}
      send={canCreateFixture(serialNumber.trim()) ? send : null}
      outcomeOf={(status) => createFixtureOutcome(status, stored)}
      submitOnEnter
    >
      <Form.Item label={T.serialNumber} htmlFor="ez-fixture-serial">
        <Input
          id="ez-fixture-serial"
          autoComplete="off"
          autoFocus
          value={serialNumber}
          onChange={(e) => setSerialNumber(e.target.value)}
        />
      </Form.Item>
    </EzDialog>
  );
}

/**
 * Modify Subscription (back-office §2.8, §5): a package select and an expiry date picker, hidden for
 * Included. The picker starts at the fixture's expiry, or one year from today when it has none or
 * reads 'N/A' (libs/domain `defaultSubscriptionExpiry`); the date goes as month, day and year parts
 * (`subscriptionRequestDateParts`). 200 and 404 close with their §8 text; other failures keep the
 * dialog open with the server's reason.
 */
export function ModifySubscriptionDialog({ fixture, ...props }: EzDialogProps & { fixture: Fixture }) {
  const [code, setCode] = useState<SubscriptionPackageCode>(
    subscriptionPackageByName(fixture.subscriptionPackage)?.code ?? 0,
  );
  const [expiry, setExpiry] = useState<Dayjs>(() =>
    dayjs(defaultSubscriptionExpiry(fixture.subscriptionExpires, new Date())),
  );
  const [createSubscription] = useEzCreateSubscriptionMutation();
  const ready = canModifySubscription({ serialNumber: fixture.serialNumber }) && expiry.isValid();

  const send = async () => {
    await createSubscription({
      serialNumber: fixture.serialNumber,
      package: code,
      ...subscriptionRequestDateParts(code, expiry.toDate()),
    }).unwrap();
    // The contract's only success status for this call (back-office §7.5: "200 updated").
    return 200;
  };

  return (
    <EzDialog
      {...props}
      title={T.modifySubscription}
      okText={T.save}
      intro={
        <Typography.Paragraph type="secondary">
          {T.subscriptionFor(fixture.serialNumber)}
        </Typography.Paragraph>
      }
      send={ready ? send : null}
      outcomeOf={(status) => subscriptionOutcome(status, fixture.serialNumber)}
    >
      <PackageField
        id="ez-subscription-package"
        value={code}
        onChange={(value) => setCode(subscriptionPackageByCode(value)?.code ?? 0)}
      />
      {subscriptionNeedsExpiry(code) ? (
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
    </EzDialog>
  );
}
