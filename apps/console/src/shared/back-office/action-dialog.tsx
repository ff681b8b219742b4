import { useId, type ReactNode } from 'react';
import { OpenDialog } from '../ui/open-dialog';
import { WhyDisabled } from '../ui/why-disabled';
import { ServerErrorAlert } from './server-error-alert';
import { BACK_OFFICE_TEXTS as T } from './texts';
import type { CallState } from './use-server-call';

export interface ActionDialogProps {
  title: ReactNode;
  okText: string;
  /** 'Cancel' unless given. */
  cancelText?: string;
  /** Whether the fields allow OK (it is disabled until they do). */
  ready?: boolean;
  /** What the fields still lack, said by a tooltip on OK while it is disabled (a disabled action says why). */
  notReadyReason?: string;
  danger?: boolean;
  /** The OK call: its spinner, and the server's sentence above `children` when it was refused. */
  call: CallState;
  onOk: () => unknown;
  /** Cancel, or the close button. */
  onCancel: () => void;
  /** What stands above the server's sentence (a subtitle, the comments so far). */
  intro?: ReactNode;
  width?: number;
  destroyOnHidden?: boolean;
  children?: ReactNode;
}

/**
 * A dialog whose OK makes a call (a form's Create or Save, a confirmation's Yes): OK is disabled until the
 * fields allow it and spins while the call runs; a refusal shows the server's sentence in the dialog. Shown by
 * mounting it, it gives focus back to the control that opened it when it leaves.
 */
export function ActionDialog({
  title,
  okText,
  cancelText = T.cancel,
  ready = true,
  notReadyReason,
  danger,
  call,
  onOk,
  onCancel,
  intro,
  width,
  destroyOnHidden,
  children,
}: ActionDialogProps) {
  const reasonId = useId();
  const why = !ready && notReadyReason ? notReadyReason : undefined;
  return (
    <OpenDialog
      title={title}
      okText={okText}
      cancelText={cancelText}
      okButtonProps={{ disabled: !ready, danger, 'aria-describedby': why ? reasonId : undefined }}
      footer={
        notReadyReason
          ? (_, { OkBtn, CancelBtn }) => (
              <>
                <CancelBtn />
                <WhyDisabled reason={why ?? null} style={{ marginInlineStart: 8 }}>
                  <OkBtn />
                </WhyDisabled>
                <span id={reasonId} hidden>
                  {why}
                </span>
              </>
            )
          : undefined
      }
      confirmLoading={call.running}
      onOk={() => void onOk()}
      onCancel={onCancel}
      width={width}
      destroyOnHidden={destroyOnHidden}
    >
      {intro}
      <ServerErrorAlert problem={call.problem} />
      {children}
    </OpenDialog>
  );
}
