import { Modal, type ModalProps } from 'antd';
import { SHARED_TEXTS as T } from '../texts';
import { useFocusReturn } from './use-focus-return';

/**
 * A dialog shown while it is mounted (`{open && <Dialog />}`): open from the start, its close icon named, and focus
 * given back to what opened it once it closes (see useFocusReturn). The other props are antd Modal's.
 */
export function OpenDialog(props: Omit<ModalProps, 'open' | 'closable'>) {
  useFocusReturn();
  return <Modal open closable={{ 'aria-label': T.closeDialog }} {...props} />;
}
