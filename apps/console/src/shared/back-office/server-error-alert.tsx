import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';
import { serverProblem, type ServerProblem } from './server-error';
import { BACK_OFFICE_TEXTS as T } from './texts';

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

/** A read that failed: the server's sentence (or `fallback` when it was not reached) and Retry. */
export function RetryAlert({
  error,
  fallback,
  onRetry,
}: {
  error: unknown;
  fallback?: string;
  onRetry: () => unknown;
}) {
  return (
    <ServerErrorAlert
      problem={serverProblem(error, fallback)}
      action={
        <Button size="small" onClick={() => void onRetry()}>
          {T.retry}
        </Button>
      }
    />
  );
}
