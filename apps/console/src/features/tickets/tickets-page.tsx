import { Checkbox } from 'antd';
import { useState } from 'react';
import { type TicketSummary } from '@equipment-dashboard/contract';
import {
  useReadTicketsQuery,
  useUpdateTicketClosedMutation,
  useUpdateTicketDeescalatedMutation,
  useUpdateTicketEscalatedMutation,
} from '@equipment-dashboard/api-client';
import { can, PERMISSIONS, TICKET_CONFIRM_TEXTS } from '@equipment-dashboard/domain';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { ConfirmDialog } from '../../shared/back-office/confirm-dialog';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { ListScreen } from '../../shared/back-office/list-screen';
import { useServerList } from '../../shared/back-office/use-server-list';
import { selectUser } from '../../shared/session/session-slice';
import { snackbarShown } from '../../shared/ui/ui-slice';
import { AttachmentDialog } from './attachment-dialog';
import { CommentDialog } from './comment-dialog';
import { ticketColumns, type TicketAction } from './ticket-columns';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { TICKETS_TEXTS as T } from './texts';

const FILTERS = { filterSerialNumber: '', closed: false, mine: false };

/** A dialog over the list (or over the detail dialog): a comment, an attachment, or a confirmation. */
type Dialog =
  | { kind: 'comment' | 'attachment'; ticketId: number }
  | { kind: 'escalate' | 'deescalate' | 'close'; ticket: TicketSummary };

const CONFIRM_TITLES = {
  escalate: T.escalateTitle,
  deescalate: T.deescalateTitle,
  close: T.closeTitle,
} as const;
const CONFIRM_DONE = {
  escalate: T.escalatedDone,
  deescalate: T.deescalatedDone,
  close: T.closedDone,
} as const;

/**
 * Support Tickets (back-office §2.1): the toolbar (Only My Tickets, Include Closed Tickets, serial number
 * filter), the server-paged table with the row actions of the ticket's state, the detail dialog and the
 * comment, attachment and confirmation dialogs. Live ticket events refresh the list through the cache
 * (the app's live channel invalidates the ticket tags).
 */
export function TicketsPage() {
  const me = useAppSelector(selectUser);
  const dispatch = useAppDispatch();
  const username = me?.username ?? '';
  const mayManage = can(me?.role, PERMISSIONS.manageTickets);
  const list = useServerList(useReadTicketsQuery, FILTERS, { query: { username } });
  const { filters, setFilters } = list.search;
  const [detail, setDetail] = useState<TicketSummary | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [escalate] = useUpdateTicketEscalatedMutation();
  const [deescalate] = useUpdateTicketDeescalatedMutation();
  const [close] = useUpdateTicketClosedMutation();

  const onAction = (action: TicketAction, ticket: TicketSummary) => {
    if (action === 'view') setDetail(ticket);
    else if (action === 'comment') setDialog({ kind: 'comment', ticketId: ticket.id });
    else setDialog({ kind: action, ticket });
  };

  const finished = (text: string) => {
    setDialog(null);
    dispatch(snackbarShown(text));
  };

  const confirmCall = (kind: 'escalate' | 'deescalate' | 'close', id: number) => {
    if (kind === 'escalate') return escalate({ id }).unwrap();
    if (kind === 'deescalate') return deescalate({ id }).unwrap();
    return close({ id, username }).unwrap();
  };

  return (
    <>
      <ListScreen<TicketSummary>
        title={T.title}
        {...list}
        columns={ticketColumns(mayManage, onAction)}
        scroll={{ x: 960 }}
        filters={
          <>
            <Checkbox checked={filters.mine} onChange={(e) => setFilters({ mine: e.target.checked })}>
              {T.onlyMine}
            </Checkbox>
            <Checkbox checked={filters.closed} onChange={(e) => setFilters({ closed: e.target.checked })}>
              {T.includeClosed}
            </Checkbox>
            <ListFilterInput search={list.search} name="filterSerialNumber" label={T.filterSerialNumber} />
          </>
        }
      />
      {detail && (
        <TicketDetailDialog
          key={detail.id}
          ticketId={detail.id}
          summary={detail}
          mayManage={mayManage}
          onNewComment={(ticketId) => setDialog({ kind: 'comment', ticketId })}
          onNewAttachment={(ticketId) => setDialog({ kind: 'attachment', ticketId })}
          onClose={() => setDetail(null)}
        />
      )}
      {dialog?.kind === 'comment' && (
        <CommentDialog
          ticketId={dialog.ticketId}
          authorUsername={username}
          onClose={() => setDialog(null)}
          onSaved={(id) => finished(T.commentSaved(id))}
        />
      )}
      {dialog?.kind === 'attachment' && (
        <AttachmentDialog
          ticketId={dialog.ticketId}
          authorUsername={username}
          onClose={() => setDialog(null)}
          onSaved={(id) => finished(T.attachmentSaved(id))}
        />
      )}
      {(dialog?.kind === 'escalate' || dialog?.kind === 'deescalate' || dialog?.kind === 'close') && (
        <ConfirmDialog
          title={`${CONFIRM_TITLES[dialog.kind]} ${dialog.ticket.id}`}
          text={TICKET_CONFIRM_TEXTS[dialog.kind]}
          danger={dialog.kind === 'close'}
          onConfirm={() => confirmCall(dialog.kind, dialog.ticket.id)}
          onDone={() => finished(CONFIRM_DONE[dialog.kind](dialog.ticket.id))}
          onCancel={() => setDialog(null)}
        />
      )}
    </>
  );
}
