import type { Message } from '@equipment-dashboard/contract';
import { formatMessageDate } from './message-dates';
import { MESSAGING_TEXTS as T } from './texts';
import { TextFields } from '../../shared/back-office/text-fields';
import { ViewDialog } from '../../shared/back-office/view-dialog';

/** The read-only dialog of a message (back-office §2.7): the dates, header, body, call to action and market. */
export function MessageViewDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const fields = [
    { label: T.startDate, value: formatMessageDate(message.schedule.startDate) },
    { label: T.endDate, value: formatMessageDate(message.schedule.endDate) },
    { label: T.header, value: message.header },
    { label: T.body, value: message.body },
    { label: T.callToAction, value: message.callToAction },
    { label: T.market, value: message.targets.market },
  ];
  return (
    <ViewDialog title={T.viewTitle(message.id)} width={640} closeText={T.close} primary onClose={onClose}>
      <TextFields fields={fields} labelWidth={150} />
    </ViewDialog>
  );
}
