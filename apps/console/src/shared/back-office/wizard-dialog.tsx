import { Form, Steps } from 'antd';
import type { ReactNode } from 'react';
import type { ServerProblem } from './server-error';
import { ServerErrorAlert } from './server-error-alert';
import { OpenDialog } from '../ui/open-dialog';

/**
 * A dialog of steps (the message and notification editors, back-office §2.6, §2.7): the steps on top,
 * the server's sentence of a refused save, the open step's fields, and the caller's buttons below. A
 * click beside it does not close it (what was typed would be lost).
 */
export function WizardDialog({
  title,
  width,
  steps,
  step,
  footer,
  problem,
  onCancel,
  children,
}: {
  title: string;
  width: number;
  steps: readonly string[];
  /** The open step's index. */
  step: number;
  footer: ReactNode;
  problem: ServerProblem | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <OpenDialog title={title} width={width} footer={footer} onCancel={onCancel} mask={{ closable: false }}>
      <Steps
        size="small"
        current={step}
        items={steps.map((stepTitle) => ({ title: stepTitle }))}
        style={{ marginBottom: 24 }}
      />
      <ServerErrorAlert problem={problem} />
      <Form layout="vertical">{children}</Form>
    </OpenDialog>
  );
}
