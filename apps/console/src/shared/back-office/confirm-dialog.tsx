import { Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { serverProblem, type ServerProblem } from './server-error';
import { ServerErrorAlert } from './server-error-alert';
import { BACK_OFFICE_TEXTS as T } from './texts';

export interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. the spec's confirmation text. */
  text: ReactNode;
  /** Yes: the call. It throws (an `unwrap()` rejection) when the server says no. */
  onConfirm: () => Promise<unknown>;
  /** Yes succeeded. */
  onDone: () => void;
  /** No, or the close button. */
  onCancel: () => void;
  danger?: boolean;
}

/**
 * A Yes/No confirmation whose Yes makes a call: Yes spins until the server answers; on success the dialog
 * closes, on failure it stays open with the server's sentence (the old console showed nothing).
 */
export function ConfirmDialog({ title, text, onConfirm, onDone, onCancel, danger }: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<ServerProblem | null>(null);

  const confirm = async () => {
    setRunning(true);
    setProblem(null);
    try {
      await onConfirm();
      setRunning(false);
      onDone();
    } catch (error) {
      setRunning(false);
      setProblem(serverProblem(error));
    }
  };

  return (
    <Modal
      open
      title={title}
      okText={T.yes}
      cancelText={T.no}
      okButtonProps={{ danger }}
      confirmLoading={running}
      onOk={() => void confirm()}
      onCancel={onCancel}
      closable={{ 'aria-label': 'Close' }}
    >
      <Typography.Paragraph>{text}</Typography.Paragraph>
      <ServerErrorAlert problem={problem} />
    </Modal>
  );
}
