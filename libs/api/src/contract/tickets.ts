import { z } from 'zod';
import { PERMISSIONS, TICKET_ESCALATED_DEFAULT } from '@equipment-dashboard/domain';
import { endpoint } from './endpoint';
import {
  attachmentSchema,
  commentSchema,
  familySchema,
  paged,
  recordIdSchema,
  ticketDispositionSchema,
  ticketSchema,
  ticketSummarySchema,
} from './entities';
import { binaryResponseSchema, thumbnailQuerySchema } from './equipment';
import { filterQuery, flagQuery, idQuery, pageQuery, recordIdText, requiredText } from './query';
import { nonBlankText, safeText, TEXT_MAX } from './text';

/** A free-text answer of the ticket stepper: no field is required (console-core §5). */
const text = safeText(TEXT_MAX.prose).default('');
/** A one-box value the console copies from the unit (version, specs, model). */
const unitText = safeText(TEXT_MAX.name);
/** A Yes/No answer of the ticket stepper; unanswered is null. */
const yesNo = z.boolean().nullable().default(null);

/**
 * Body of POST /create/ticket/v1: the creation payload of console-core §3. Only the unit
 * (serialNumber, family, version, connected) and the issuer are needed to file a ticket; every
 * stepper field may be left empty.
 */
export const createTicketBodySchema = z.strictObject({
  issuerUsername: requiredText,
  issuerEmail: safeText(TEXT_MAX.email),
  originatorName: text,
  originatorEmail: text,
  techOnSite: yesNo,
  exhibitingNow: yesNo,
  reproducible: yesNo,
  disposition: ticketDispositionSchema.nullable().default(null),
  inService: text,
  componentsReplaced: text,
  description: text,
  circumstance: text,
  attemptedResolution: text,
  environment: text,
  other: text,
  issueStartedOn: text,
  serialNumber: requiredText,
  version: unitText,
  specs: unitText.default('unknown'),
  connected: z.boolean(),
  escalated: z.boolean().default(TICKET_ESCALATED_DEFAULT),
  family: familySchema,
  model: unitText,
});
/** See {@link createTicketBodySchema}. */
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

/**
 * Query of GET /read/tickets/v1/. `closed=true` is the Include Closed Tickets box: open and closed
 * tickets (otherwise only open ones). `mine=true` is Only My Tickets: tickets issued by `username`,
 * which must then be given. Newest first.
 */
export const readTicketsQuerySchema = z
  .object({
    page: pageQuery,
    filterSerialNumber: filterQuery,
    closed: flagQuery,
    mine: flagQuery,
    username: filterQuery,
  })
  .refine((query) => !query.mine || query.username !== undefined, {
    message: 'mine=true needs a username',
    path: ['username'],
  });

/** Body naming one ticket. */
export const ticketIdBodySchema = z.strictObject({ id: recordIdSchema });

export const createTicket = endpoint({
  name: 'tickets.createTicket',
  method: 'POST',
  path: '/create/ticket/v1',
  body: createTicketBodySchema,
  // The spec does not show the answer: the stored ticket (the detail dialog adds 1 to its count).
  response: ticketSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'Opens a support ticket for a unit; escalated tickets mail engineering.',
});

export const readTickets = endpoint({
  name: 'tickets.readTickets',
  method: 'GET',
  path: '/read/tickets/v1/',
  query: readTicketsQuerySchema,
  response: paged(ticketSummarySchema),
  auth: 'token',
  summary: 'Lists tickets, 10 per page, newest first.',
});

export const readTicket = endpoint({
  name: 'tickets.readTicket',
  method: 'GET',
  path: '/read/ticket/v1/',
  query: z.object({ id: idQuery }),
  response: ticketSchema,
  auth: 'token',
  summary: 'Reads one ticket with its comments and attachments.',
});

export const updateTicketEscalated = endpoint({
  name: 'tickets.updateTicketEscalated',
  method: 'POST',
  path: '/update/ticket_escalated/v1/',
  body: ticketIdBodySchema,
  // Ticket writes answer the stored ticket; a closed ticket answers 409.
  response: ticketSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'Escalates an open ticket: it mails engineering from now on.',
});

export const updateTicketDeescalated = endpoint({
  name: 'tickets.updateTicketDeescalated',
  method: 'POST',
  path: '/update/ticket_deescalated/v1/',
  body: ticketIdBodySchema,
  response: ticketSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'De-escalates an open ticket: it no longer mails engineering.',
});

export const updateTicketClosed = endpoint({
  name: 'tickets.updateTicketClosed',
  method: 'POST',
  path: '/update/ticket_closed/v1/',
  body: z.strictObject({ id: recordIdSchema, username: requiredText }),
  response: ticketSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'Closes an open ticket for good.',
});

export const createComment = endpoint({
  name: 'tickets.createComment',
  method: 'POST',
  path: '/create/comment/v1/',
  body: z.strictObject({
    ticketId: recordIdSchema,
    authorUsername: requiredText,
    text: nonBlankText(TEXT_MAX.prose),
  }),
  response: commentSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'Adds a comment to an open ticket (409 when closed).',
});

export const uploadTicketAttachment = endpoint({
  name: 'tickets.uploadTicketAttachment',
  method: 'POST',
  path: '/upload_ticket_attachment',
  query: z.object({ ticketId: idQuery, authorUsername: requiredText }),
  // The multipart body: the `file` part (PNG or JPEG; checked by the server) and this text field.
  body: z.strictObject({ description: nonBlankText(TEXT_MAX.prose) }),
  bodyEncoding: 'multipart',
  response: attachmentSchema,
  auth: 'token',
  permission: PERMISSIONS.manageTickets,
  summary: 'Attaches a PNG or JPEG image with a description to an open ticket.',
});

/** Not a spec path: the spec says only "GET of the attachment file URL". */
export const attachmentFile = endpoint({
  name: 'tickets.attachmentFile',
  method: 'GET',
  path: '/api/v1/ticket_attachment/:id',
  params: z.object({ id: recordIdText }),
  query: thumbnailQuerySchema,
  response: binaryResponseSchema,
  binary: true,
  auth: 'token',
  summary: 'Downloads an attachment file, or its thumbnail with ?thumbnail=true.',
});

/** The calls of back-office §7.1, and the ticket creation of console-core §7. */
export const ticketsEndpoints = {
  createTicket,
  readTickets,
  readTicket,
  updateTicketEscalated,
  updateTicketDeescalated,
  updateTicketClosed,
  createComment,
  uploadTicketAttachment,
  attachmentFile,
} as const;
