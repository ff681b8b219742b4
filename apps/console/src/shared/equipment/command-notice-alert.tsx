import { Alert } from 'antd';
import { commandNoticeText, type CommandNotice } from './use-command-runner';

export interface CommandNoticeAlertProps {
  notice: CommandNotice;
  onClose: () => void;
  /** The close button's accessible name (the screen's own word for it). */
  closeLabel: string;
}

/**
 * A command that the unit has not carried out yet: queued for an offline unit (with its expiry), or
 * taken without an answer so far. Not an error, so it is a polite status, not an alert.
 */
export function CommandNoticeAlert({ notice, onClose, closeLabel }: CommandNoticeAlertProps) {
  return (
    <Alert
      type={notice.status === 'queued' ? 'warning' : 'info'}
      showIcon
      role="status"
      title={commandNoticeText(notice)}
      closable={{ onClose, 'aria-label': closeLabel }}
    />
  );
}
