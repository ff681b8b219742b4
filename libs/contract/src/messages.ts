import { z } from 'zod';
import {
  MESSAGE_BODY_MAX,
  MESSAGE_CALL_TO_ACTION_MAX,
  MESSAGE_DISPOSITIONS,
  MESSAGE_HEADER_MAX,
  MESSAGE_SOFTWARE_VERSION,
  PERMISSIONS,
} from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, recordIdSchema, timestampSchema } from './primitives';
import { enumFilterQuery, filterQuery, flagQuery, requiredText } from './query';
import { nonBlankText, safeText, TEXT_MAX } from './text';

// The message entities (back-office §3).

/** A message disposition, in flow order (back-office §4). */
export const messageDispositionSchema = z.enum(MESSAGE_DISPOSITIONS);

/** Message schedule: start and end, ISO timestamps in UTC. */
export const messageScheduleSchema = z.object({
  startDate: timestampSchema,
  endDate: timestampSchema,
});

/** Message targets: the market (a country code), softwareVersion always 'all', and serial numbers. */
export const messageTargetsSchema = z.object({
  market: z.string().min(1),
  softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION),
  serialNumbers: z.array(z.string().min(1)),
});

/** An in-app message (back-office §3). */
export const messageSchema = z.object({
  id: recordIdSchema,
  header: z.string(),
  body: z.string(),
  callToAction: z.string(),
  schedule: messageScheduleSchema,
  targets: messageTargetsSchema,
  issuerUsername: z.string().min(1),
  issuerEmail: z.string(),
  disposition: messageDispositionSchema,
});
/** See {@link messageSchema}. */
export type Message = z.infer<typeof messageSchema>;

/**
 * Query of GET /read/messages/v1/. `invert=true` turns the issuer filter around (messages of
 * everybody else: the Other Drafts tab); an empty issuer filter means every issuer.
 */
export const readMessagesQuerySchema = pagedListQuery({
  filterIssuerUsername: filterQuery,
  invert: flagQuery,
  filterDisposition: enumFilterQuery(MESSAGE_DISPOSITIONS),
});

/** Start and end, ISO timestamps in UTC; the end must not be before the start. */
const scheduleBodySchema = z
  .strictObject({ startDate: timestampSchema, endDate: timestampSchema })
  .refine((schedule) => Date.parse(schedule.endDate) >= Date.parse(schedule.startDate), {
    message: 'The end date must be on or after the start date',
    path: ['endDate'],
  });

/** The texts of a message with their limits (back-office §5). */
const messageTexts = {
  header: nonBlankText(MESSAGE_HEADER_MAX),
  body: nonBlankText(MESSAGE_BODY_MAX),
  callToAction: nonBlankText(MESSAGE_CALL_TO_ACTION_MAX),
};

/**
 * Dispositions a save can set (back-office §4): Save sets draft, Save and Submit pending approval,
 * Save and Approve upcoming. Setting upcoming needs the messagesApprove permission, which the
 * server checks. Later dispositions (active, completed) follow the schedule; deleted is set by the
 * delete call.
 */
export const SAVE_DISPOSITIONS = ['draft', 'pending approval', 'upcoming'] as const;

/**
 * Body of POST /create/message/v1. The spec's creation sends disposition 'draft'; we also accept
 * 'pending approval' so that Save and Submit on a new message is one call. The start must be today
 * or later (checked by the server, which knows the date).
 */
export const createMessageBodySchema = z.strictObject({
  schedule: scheduleBodySchema,
  ...messageTexts,
  targets: z.strictObject({
    market: requiredText,
    softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION),
    serialNumbers: z.array(requiredText).default([]),
  }),
  issuerUsername: requiredText,
  issuerEmail: safeText(TEXT_MAX.email),
  disposition: z.enum(['draft', 'pending approval']).default('draft'),
});

/**
 * Body of POST /update/message/v1: `{ id, payload }`. The spec's payload has no serial numbers in
 * its targets; when left out, the stored list is kept.
 */
export const updateMessageBodySchema = z.strictObject({
  id: recordIdSchema,
  payload: z.strictObject({
    schedule: scheduleBodySchema,
    ...messageTexts,
    targets: z.strictObject({
      market: requiredText,
      softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION),
      serialNumbers: z.array(requiredText).optional(),
    }),
    issuerUsername: requiredText,
    issuerEmail: safeText(TEXT_MAX.email),
    disposition: z.enum(SAVE_DISPOSITIONS),
  }),
});

const messages = areaEndpoints('messages');

export const readMessages = messages.get('readMessages', '/read/messages/v1/', {
  query: readMessagesQuerySchema,
  response: paged(messageSchema),
  summary: 'Lists messages of one disposition, 10 per page, by start date.',
});

export const createMessage = messages.post('createMessage', '/create/message/v1', {
  body: createMessageBodySchema,
  // Not shown in the spec: the stored message.
  response: messageSchema,
  permission: PERMISSIONS.messagesAuthor,
  summary: 'Creates a message as a draft (or submits it for approval).',
});

export const uploadSerialnumbers = messages.post('uploadSerialnumbers', '/upload_serialnumbers', {
  // The multipart body has only the `file` part: a CSV of serial numbers (one per line or cell).
  body: z.strictObject({}),
  bodyEncoding: 'multipart',
  response: z.array(z.string().min(1)),
  permission: PERMISSIONS.messagesAuthor,
  summary: 'Reads the serial numbers of an uploaded CSV file (blank and duplicate entries dropped).',
});

export const updateMessage = messages.post('updateMessage', '/update/message/v1', {
  body: updateMessageBodySchema,
  // Not shown in the spec: the stored message. Approving (upcoming) needs messagesApprove: 403 otherwise.
  response: messageSchema,
  permission: PERMISSIONS.messagesAuthor,
  summary: 'Saves, submits or approves a message.',
});

export const deleteMessage = messages.post('deleteMessage', '/delete/message/v1', {
  body: z.strictObject({ id: recordIdSchema }),
  // Not shown in the spec: deletion is a disposition (the Deleted tab lists them), so the answer is
  // the stored message with disposition 'deleted'.
  response: messageSchema,
  permission: PERMISSIONS.messagesAuthor,
  summary: 'Moves a message to the deleted disposition.',
});

/** The message calls of back-office §7.4. */
export const messagesEndpoints = {
  readMessages,
  createMessage,
  uploadSerialnumbers,
  updateMessage,
  deleteMessage,
} as const;
