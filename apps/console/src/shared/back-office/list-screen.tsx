import type { ReactNode } from 'react';
import { ScreenCard } from './screen-card';
import { ServerList, type ServerListProps } from './server-list';

/**
 * A back-office screen that is one server-paged list (Users, Tickets, Audits, Camera Calibrations ...):
 * the screen's card, titled, with an optional `intro` above the list's toolbar.
 */
export function ListScreen<Row extends object>({
  title,
  intro,
  ...list
}: ServerListProps<Row> & { title: string; intro?: ReactNode }) {
  return (
    <ScreenCard title={title}>
      {intro}
      <ServerList<Row> {...list} />
    </ScreenCard>
  );
}
