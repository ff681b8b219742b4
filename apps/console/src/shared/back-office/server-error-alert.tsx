import { Alert } from 'antd';
import type { ReactNode } from 'react';
import type { ServerProblem } from './server-error';

/** The server's sentence of a failed call, with its field problems as a list below it. */
export function ServerErrorAlert({
  problem,
  onClose,
  action,
}: {
  problem: ServerProblem | null;
  onClose?: () => void;
  /** A button beside the message, e.g. Retry for a list that did not load. */
  action?: ReactNode;
}) {
  if (problem === null) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={problem.sentence}
      description={
        problem.details.length > 0 ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {problem.details.map((detail) => (
              <li key={detail}>{detail}</li>
            ))}
          </ul>
        ) : undefined
      }
      action={action}
      closable={onClose ? { onClose, 'aria-label': 'Close' } : false}
      style={{ marginBottom: 12 }}
    />
  );
}
