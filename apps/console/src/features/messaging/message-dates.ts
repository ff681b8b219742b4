import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { DATE_FORMATS } from '@equipment-dashboard/domain';

dayjs.extend(utc);

/** The calendar-day format of the date pickers and the domain rules. */
export const DAY = 'YYYY-MM-DD';

/** A schedule date as the lists show it: in UTC, M/D/YYYY h:mm A (back-office §7.4, §9). */
export function formatMessageDate(iso: string): string {
  const at = dayjs.utc(iso);
  return at.isValid() ? at.format(DATE_FORMATS.messageDate) : '';
}

/** The UTC calendar day of a stored schedule date: what the date picker shows when a message is edited. */
export function utcDayOf(iso: string): string {
  const at = dayjs.utc(iso);
  return at.isValid() ? at.format(DAY) : '';
}

/** The user's calendar day today: the start date must be today or later (back-office §5). */
export function localToday(): string {
  return dayjs().format(DAY);
}
