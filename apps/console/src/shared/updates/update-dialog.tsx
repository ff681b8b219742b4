import { Button } from 'antd';
import type { ReactNode } from 'react';
import { OpenDialog } from '../ui/open-dialog';

/** The action button of an {@link UpdateDialog}. */
export interface UpdateDialogAction {
  label: string;
  loading: boolean;
  onClick: () => void;
}

/**
 * A dialog of the update screens (back-office §2.2, §2.3: create a software or spec update, schedule
 * updates, edit a spec update): Cancel, and the action button only once the dialog allows it (a
 * validated path, a valid filter ...). A click beside it does not close it, and closing resets it.
 */
export function UpdateDialog({
  title,
  width,
  cancelText,
  action,
  onCancel,
  children,
}: {
  title: ReactNode;
  width?: number;
  cancelText: string;
  /** null: not allowed yet, so not shown. */
  action: UpdateDialogAction | null;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <OpenDialog
      width={width}
      title={title}
      onCancel={onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {cancelText}
        </Button>,
        action && (
          <Button key="action" type="primary" loading={action.loading} onClick={action.onClick}>
            {action.label}
          </Button>
        ),
      ]}
    >
      {children}
    </OpenDialog>
  );
}
