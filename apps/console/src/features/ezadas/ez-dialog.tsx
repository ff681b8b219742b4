import { Form, Select } from 'antd';
import type { ReactNode } from 'react';
import { SUBSCRIPTION_PACKAGES, type SubscriptionPackageCode } from '@equipment-dashboard/domain';
import { ActionDialog } from '../../shared/back-office/action-dialog';
import type { EzOutcome } from './outcomes';
import { EZADAS_TEXTS as T } from './texts';
import { useEzCall } from './use-ez-call';

/** The package select of the EZ ADAS dialogs: the three packages of back-office §9 by name. */
const PACKAGE_OPTIONS = SUBSCRIPTION_PACKAGES.map((pkg) => ({ value: pkg.code, label: pkg.name }));

export interface EzDialogProps {
  onClose: () => void;
  /** Shows a text in the EZ ADAS snackbar. */
  notify: (text: string) => void;
}

/**
 * An EZ ADAS dialog (back-office §2.8, §5): OK sends the dialog's call, whose §8 text goes to the
 * snackbar; an outcome §7.5 names closes the dialog, a failure keeps it open with the server's reason.
 */
export function EzDialog({
  title,
  okText,
  intro,
  send,
  outcomeOf,
  submitOnEnter,
  onClose,
  notify,
  children,
}: EzDialogProps & {
  title: string;
  okText: string;
  intro?: ReactNode;
  /** The call, answering its success status; null while the fields do not allow it. */
  send: (() => Promise<number>) | null;
  /** The outcome of a status (null: the server was not reached). */
  outcomeOf: (status: number | null) => EzOutcome;
  /** Enter in a field sends too. */
  submitOnEnter?: boolean;
  children: ReactNode;
}) {
  const call = useEzCall();

  const ok = async () => {
    if (!send || call.running) return;
    const result = await call.run(send, outcomeOf);
    notify(result.text);
    if (result.settled) onClose();
  };

  return (
    <ActionDialog
      title={title}
      okText={okText}
      ready={send !== null}
      call={call}
      onOk={ok}
      onCancel={onClose}
      intro={intro}
    >
      <Form layout="vertical" onFinish={submitOnEnter ? () => void ok() : undefined}>
        {children}
      </Form>
    </ActionDialog>
  );
}

/** The Package field of the EZ ADAS dialogs: a select of the packages by name, answering the chosen code. */
export function PackageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SubscriptionPackageCode | null;
  onChange: (code: SubscriptionPackageCode) => void;
}) {
  return (
    <Form.Item label={T.package} htmlFor={id}>
      <Select<SubscriptionPackageCode>
        id={id}
        aria-label={T.package}
        value={value ?? undefined}
        options={PACKAGE_OPTIONS}
        onChange={onChange}
      />
    </Form.Item>
  );
}
