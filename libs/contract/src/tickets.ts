import { z } from 'zod';
import { PERMISSIONS, TICKET_DISPOSITIONS, TICKET_ESCALATED_DEFAULT } from '@equipment-dashboard/domain';
import { areaEndpoints, imageFileParts, pagedListQuery } from './define';
import { familySchema, paged, recordIdSchema, timestampSchema } from './primitives';
import { filterQuery, flagQuery, idQuery, requiredText } from './query';
import { nonBlankText, safeText, TEXT_MAX } from './text';

// The ticket entities (console-core §3, back-office §3); the equipment area answers a unit's ticket history.

/** A ticket disposition (console-core §9). */
export const ticketDispositionSchema = z.enum(TICKET_DISPOSITIONS);

/** A comment on a ticket (back-office §3). */
export const commentSchema = z.object({
  id: recordIdSchema,
  authorUsername: z.string().min(1),
  createdAt: timestampSchema,
  text: z.string().min(1),
});
/** See {@link commentSchema}. */
export type Comment = z.infer<typeof commentSchema>;

/**
 * A ticket attachment (back-office §3). The file itself is served by `tickets.attachmentFile`;
 * `thumbFileName` names its thumbnail (`?thumbnail=true`).
 */
export const attachmentSchema = z.object({
  id: recordIdSchema,
  fileName: z.string().min(1),
  thumbFileName: z.string().min(1),
  /** Never empty on upload; the console shows 'no description' for old records without one. */
  description: z.string(),
  authorUsername: z.string().min(1),
  createdAt: timestampSchema,
});
/** See {@link attachmentSchema}. */
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The Yes/No questions of the ticket stepper. The spec has no required fields (console-core §5), so
 * an unanswered question is `null`, not `false`.
 */
const yesNo = z.boolean().nullable();

/**
 * The answers of the ticket stepper, and the comments: a ticket and an item of a unit's ticket history
 * carry them alike.
 */
const stepperFields = {
  techOnSite: yesNo,
  disposition: ticketDispositionSchema.nullable(),
  inService: z.string(),
  description: z.string(),
  circumstance: z.string(),
  issueStartedOn: z.string(),
  environment: z.string(),
  exhibitingNow: yesNo,
  reproducible: yesNo,
  attemptedResolution: z.string(),
  componentsReplaced: z.string(),
  other: z.string(),
  comments: z.array(commentSchema),
};

/**
 * A support ticket with every field of back-office §3. `issuerEmail`, `family` and `model` are
 * stored from the creation payload (console-core §3) and answered too. `closedByUsername` is null
 * while the ticket is open; `closed` is always `status === 'closed'`.
 */
export const ticketSchema = z.object({
  id: recordIdSchema,
  serialNumber: z.string().min(1),
  status: z.enum(['open', 'closed']),
  closed: z.boolean(),
  escalated: z.boolean(),
  createdAt: timestampSchema,
  issuerUsername: z.string().min(1),
  issuerEmail: z.string(),
  closedByUsername: z.string().nullable(),
  /** The caller's contact info. */
  originatorName: z.string(),
  originatorEmail: z.string(),
  connected: z.boolean(),
  /** The unit's semantic version when the ticket was opened. */
  version: z.string(),
  /** The unit's specs name, or 'unknown'. */
  specs: z.string(),
  family: familySchema,
  /** The marketing name decoded from the serial number. */
  model: z.string(),
  ...stepperFields,
  attachments: z.array(attachmentSchema),
});
/** See {@link ticketSchema}. */
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A row of the tickets table: the ticket without its comments and attachments (the detail dialog
 * loads those with `tickets.readTicket`).
 */
export const ticketSummarySchema = ticketSchema.omit({ comments: true, attachments: true });
/** See {@link ticketSummarySchema}. */
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** An item of a unit's ticket history, with the names of console-core §3. */
export const ticketHistoryItemSchema = z.object({
  id: recordIdSchema,
  version: z.string(),
  specs: z.string(),
  connected: z.boolean(),
  openedBy: z.string().min(1),
  createdAt: timestampSchema,
  callerName: z.string(),
  callerEmail: z.string(),
  ...stepperFields,
});
/** See {@link ticketHistoryItemSchema}. */
export type TicketHistoryItem = z.infer<typeof ticketHistoryItemSchema>;

/** A free-text answer of the ticket stepper: no field is required (console-core §5). */
const text = safeText(TEXT_MAX.prose).default('');
/** A one-box value the console copies from the unit (version, specs, model). */
const unitText = safeText(TEXT_MAX.name);
/** A Yes/No answer of the ticket stepper as a body sends it; left out, it is unanswered (null). */
const yesNoAnswer = yesNo.default(null);

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
  techOnSite: yesNoAnswer,
  exhibitingNow: yesNoAnswer,
  reproducible: yesNoAnswer,
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
export const readTicketsQuerySchema = pagedListQuery({
  filterSerialNumber: filterQuery,
  closed: flagQuery,
  mine: flagQuery,
  username: filterQuery,
}).refine((query) => !query.mine || query.username !== undefined, {
  message: 'mine=true needs a username',
  path: ['username'],
});

/** Body naming one ticket. */
export const ticketIdBodySchema = z.strictObject({ id: recordIdSchema });

const tickets = areaEndpoints('tickets');

export const createTicket = tickets.post('createTicket', '/create/ticket/v1', {
  body: createTicketBodySchema,
  // The spec does not show the answer: the stored ticket (the detail dialog adds 1 to its count).
  response: ticketSchema,
  permission: PERMISSIONS.manageTickets,
  summary: 'Opens a support ticket for a unit; escalated tickets mail engineering.',
});

export const readTickets = tickets.get('readTickets', '/read/tickets/v1/', {
  query: readTicketsQuerySchema,
  response: paged(ticketSummarySchema),
  summary: 'Lists tickets, 10 per page, newest first.',
});

export const readTicket = tickets.get('readTicket', '/read/ticket/v1/', {
  query: z.object({ id: idQuery }),
  response: ticketSchema,
  summary: 'Reads one ticket with its comments and attachments.',
});

export const updateTicketEscalated = tickets.post('updateTicketEscalated', '/update/ticket_escalated/v1/', {
  body: ticketIdBodySchema,
  // Ticket writes answer the stored ticket; a closed ticket answers 409.
  response: ticketSchema,
  permission: PERMISSIONS.manageTickets,
  summary: 'Escalates an open ticket: it mails engineering from now on.',
});

export const updateTicketDeescalated = tickets.post(
  'updateTicketDeescalated',
  '/update/ticket_deescalated/v1/',
  {
    body: ticketIdBodySchema,
    response: ticketSchema,
    permission: PERMISSIONS.manageTickets,
    summary: 'De-escalates an open ticket: it no longer mails engineering.',
  },
);

export const updateTicketClosed = tickets.post('updateTicketClosed', '/update/ticket_closed/v1/', {
  body: z.strictObject({ id: recordIdSchema, username: requiredText }),
  response: ticketSchema,
  permission: PERMISSIONS.manageTickets,
  summary: 'Closes an open ticket for good.',
});

export const createComment = tickets.post('createComment', '/create/comment/v1/', {
  body: z.strictObject({
    ticketId: recordIdSchema,
    authorUsername: requiredText,
    text: nonBlankText(TEXT_MAX.prose),
  }),
  response: commentSchema,
  permission: PERMISSIONS.manageTickets,
  summary: 'Adds a comment to an open ticket (409 when closed).',
});

export const uploadTicketAttachment = tickets.post('uploadTicketAttachment', '/upload_ticket_attachment', {
  query: z.object({ ticketId: idQuery, authorUsername: requiredText }),
  // The multipart body: the `file` part (PNG or JPEG; checked by the server) and this text field.
  body: z.strictObject({ description: nonBlankText(TEXT_MAX.prose) }),
  bodyEncoding: 'multipart',
  response: attachmentSchema,
  permission: PERMISSIONS.manageTickets,
  summary: 'Attaches a PNG or JPEG image with a description to an open ticket.',
});

/** Not a spec path: the spec says only "GET of the attachment file URL". */
export const attachmentFile = tickets.get('attachmentFile', '/api/v1/ticket_attachment/:id', {
  ...imageFileParts,
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
