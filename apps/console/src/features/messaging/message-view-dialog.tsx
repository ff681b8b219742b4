import { Button, Descriptions, Modal } from 'antd';
import type { Message } from '@equipment-dashboard/contract';
import { formatMessageDate } from './message-dates';
import { MESSAGING_TEXTS as T } from './texts';
import { useFocusReturn } from '../../shared/ui/use-focus-return';

/** The read-only dialog of a message (back-office §2.7): the dates, header, body, call to action and market. */
export function MessageViewDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  useFocusReturn();
  const items = [
    { label: T.startDate, value: formatMessageDate(message.schedule.startDate) },
    { label: T.endDate, value: formatMessageDate(message.schedule.endDate) },
    { label: T.header, value: message.header },
    { label: T.body, value: message.body },
    { label: T.callToAction, value: message.callToAction },
    { label: T.market, value: message.targets.market },
  ];
  return (
    <Modal
      open
      title={T.viewTitle(message.id)}
      width={640}
      onCancel={onClose}
      closable={{ 'aria-label': T.closeDialog }}
      footer={
        <Button type="primary" onClick={onClose}>
          {T.close}
        </Button>
      }
    >
      <Descriptions
        size="small"
        bordered
        column={1}
        styles={{ label: { width: 150 } }}
        items={items.map(({ label, value }) => ({
          key: label,
          label,
          children: <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span>,
        }))}
      />
    </Modal>
  );
}
