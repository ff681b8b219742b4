import { Button, type ModalProps } from 'antd';
import { BACK_OFFICE_TEXTS as T } from './texts';
import { OpenDialog } from '../ui/open-dialog';

/**
 * A dialog that shows a record and changes nothing (the back office's detail dialogs: a chat session, a pairing, a
 * calibration, a message): its one button and the close icon close it, and focus returns to what opened it. The
 * other props (title, width, style, children) are antd Modal's.
 */
export function ViewDialog({
  closeText = T.cancel,
  primary = false,
  onClose,
  ...modal
}: Omit<ModalProps, 'open' | 'closable' | 'footer' | 'onCancel'> & {
  /** The button's text: Cancel, unless the screen's spec names it otherwise. */
  closeText?: string;
  /** Show the button as the primary one. */
  primary?: boolean;
  onClose: () => void;
}) {
  const button = (
    <Button type={primary ? 'primary' : 'default'} onClick={onClose}>
      {closeText}
    </Button>
  );
  return <OpenDialog {...modal} onCancel={onClose} footer={button} />;
}
