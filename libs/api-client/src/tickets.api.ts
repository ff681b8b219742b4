import {
  attachmentFile,
  type BodyOf,
  createComment,
  createTicket,
  type QueryOf,
  readTicket,
  readTickets,
  type ResponseOf,
  type Ticket,
  updateTicketClosed,
  updateTicketDeescalated,
  updateTicketEscalated,
  uploadTicketAttachment,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags, revokeWhenRemoved, toRequest, type Tag } from './request';

/** The attachment upload: who attaches to which ticket, the description, and the PNG or JPEG file. */
export type UploadTicketAttachmentArgs = QueryOf<typeof uploadTicketAttachment> &
  BodyOf<typeof uploadTicketAttachment> & { file: Blob };

/** Which attachment file to load: the image, or its thumbnail. */
export interface AttachmentFileArgs {
  id: number;
  thumbnail?: boolean;
}

/** What a ticket's change touches: the ticket, and its unit's open-ticket count and history. */
function changedTicketTags(id: number, ticket: Ticket | undefined): Tag[] {
  const tags: Tag[] = [{ type: 'Ticket', id }];
  if (ticket) {
    tags.push(
      { type: 'Aligner', id: ticket.serialNumber },
      { type: 'TicketHistory', id: ticket.serialNumber },
    );
  }
  return tags;
}

/** Support tickets (back-office §7.1, and ticket creation of console-core §7). */
export const ticketsApi = injectAreaEndpoints((call, build) => {
  const changed = (ticket: Ticket | undefined, _error: unknown, { id }: { id: number }) =>
    changedTicketTags(id, ticket);
  return {
    createTicket: call.mutation(createTicket, (_result, _error, { serialNumber }) => [
      { type: 'Ticket', id: 'LIST' },
      { type: 'Aligner', id: serialNumber },
      { type: 'TicketHistory', id: serialNumber },
      'TicketStatistics',
    ]),
    readTickets: call.query(readTickets, (result) => listTags('Ticket', result?.docs, (ticket) => ticket.id)),
    readTicket: call.query(readTicket, (_result, _error, { id }) => [{ type: 'Ticket', id: Number(id) }]),
    updateTicketEscalated: call.mutation(updateTicketEscalated, changed),
    updateTicketDeescalated: call.mutation(updateTicketDeescalated, changed),
    updateTicketClosed: call.mutation(updateTicketClosed, (result, _error, { id }) => [
      ...changedTicketTags(id, result),
      'TicketStatistics',
    ]),
    createComment: call.mutation(createComment, (_result, _error, { ticketId }) => [
      { type: 'Ticket', id: ticketId },
      'TicketHistory',
    ]),
    uploadTicketAttachment: build.mutation<
      ResponseOf<typeof uploadTicketAttachment>,
      UploadTicketAttachmentArgs
    >({
      query: ({ ticketId, authorUsername, description, file }) =>
        toRequest(uploadTicketAttachment, {
          query: { ticketId, authorUsername },
          body: { description, file },
        }),
      invalidatesTags: (_result, _error, { ticketId }) => [{ type: 'Ticket', id: Number(ticketId) }],
    }),
    /** The object URL of an attachment (revoked when the cache entry goes). */
    attachmentFile: build.query<string, AttachmentFileArgs>({
      query: ({ id, thumbnail }) => toRequest(attachmentFile, { params: { id }, query: { thumbnail } }),
      onCacheEntryAdded: (_args, lifecycle) => revokeWhenRemoved(lifecycle),
    }),
  };
});

export const {
  useCreateTicketMutation,
  useReadTicketsQuery,
  useReadTicketQuery,
  useUpdateTicketEscalatedMutation,
  useUpdateTicketDeescalatedMutation,
  useUpdateTicketClosedMutation,
  useCreateCommentMutation,
  useUploadTicketAttachmentMutation,
  useAttachmentFileQuery,
  useLazyAttachmentFileQuery,
} = ticketsApi;
