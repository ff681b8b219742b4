import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { ActionDialog } from './action-dialog';
import { BACK_OFFICE_TEXTS as T } from './texts';
import { useServerCall } from './use-server-call';

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
  const call = useServerCall();
  const confirm = async () => {
    if (await call.run(onConfirm)) onDone();
  };

  return (
    <ActionDialog
      title={title}
      okText={T.yes}
      cancelText={T.no}
      danger={danger}
      call={call}
      onOk={confirm}
      onCancel={onCancel}
      intro={<Typography.Paragraph>{text}</Typography.Paragraph>}
    />
  );
}
