import type { Message, Paged } from '@equipment-dashboard/contract';
import {
  can,
  MESSAGE_DISPOSITIONS,
  MESSAGE_SOFTWARE_VERSION,
  mayReadOthersDrafts,
  messageDispositionAt,
  messageProblems,
  messageTransitions,
  PERMISSIONS,
  type MessageDisposition,
  type MessageField,
} from '@equipment-dashboard/domain';
import { serialsOfCsv } from '../core/serial-csv';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { UploadedFile } from '../core/uploaded-file';
import * as messagesRepo from '../store/repos/messages-repo';
import { placeIndex } from './places-service';
import type { ServiceDeps } from './service-deps';

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function dispositionOf(value: string): MessageDisposition {
  return MESSAGE_DISPOSITIONS.find((d) => d === value) ?? 'draft';
}

/** A stored message as the contract answers it, its disposition computed at `now` (simulated clock). */
export function messageOf(row: messagesRepo.MessageRow, now: number): Message {
  const schedule = { startDate: row.startDate.toISOString(), endDate: row.endDate.toISOString() };
  return {
    id: row.id,
    header: row.header,
    body: row.body,
    callToAction: row.callToAction,
    schedule,
    targets: {
      market: row.market,
      softwareVersion: MESSAGE_SOFTWARE_VERSION,
      serialNumbers: row.serialNumbers,
    },
    issuerUsername: row.issuerUsername,
    issuerEmail: row.issuerEmail,
    disposition: messageDispositionAt(schedule, dispositionOf(row.disposition), new Date(now)),
  };
}

/**
 * Back-office §7.4: one Messaging tab. Upcoming, active and completed are computed from the dates of
 * approved messages at the simulated clock's now, so a message moves between those tabs by itself. Others'
 * drafts are left out for a caller who may not read them (libs/domain mayReadOthersDrafts).
 */
export async function listMessages(
  deps: ServiceDeps,
  caller: AuthUser,
  query: {
    page: number;
    filterIssuerUsername?: string;
    invert: boolean;
    filterDisposition?: MessageDisposition;
  },
): Promise<Paged<Message>> {
  const now = deps.clock.now();
  const { docs, totalDocs } = await messagesRepo.listMessages(deps.db, {
    page: query.page,
    issuer: query.filterIssuerUsername,
    invert: query.invert,
    disposition: query.filterDisposition,
    now: new Date(now),
    draftsOnlyOf: mayReadOthersDrafts(caller.role) ? undefined : caller.username,
  });
  return { docs: docs.map((row) => messageOf(row, now)), totalDocs };
}

/** The fields a save checks, as the contract parsed them. */
interface MessageFields {
  schedule: { startDate: string; endDate: string };
  header: string;
  body: string;
  callToAction: string;
  targets: { market: string; serialNumbers?: string[] };
}

const FIELD_PATHS: Record<MessageField, string> = {
  header: 'header',
  body: 'body',
  callToAction: 'callToAction',
  market: 'targets.market',
  startDate: 'schedule.startDate',
  endDate: 'schedule.endDate',
};

/**
 * The rules of back-office §5 (libs/domain messageProblems) with the server's day, and a market that is a
 * country units are in. Decision: "today" is the simulated clock's UTC day, and a start of yesterday is
 * accepted too, because the console sends the user's local day, which may be behind UTC.
 */
async function checkMessage(deps: ServiceDeps, fields: MessageFields): Promise<{ market: string }> {
  const now = deps.clock.now();
  const problems = messageProblems(
    {
      header: fields.header,
      body: fields.body,
      callToAction: fields.callToAction,
      market: fields.targets.market,
      startDate: dayOf(Date.parse(fields.schedule.startDate)),
      endDate: dayOf(Date.parse(fields.schedule.endDate)),
    },
    dayOf(now - DAY_MS),
  );
  const details = Object.entries(problems).map(([field, message]) => ({
    path: FIELD_PATHS[field as MessageField],
    message,
  }));
  const market = fields.targets.market.trim().toUpperCase();
  if (!problems.market && !(await placeIndex(deps)).hasCountry(market)) {
    details.push({ path: 'targets.market', message: 'Not a country of the aligner countries list.' });
  }
  if (details.length > 0) throw new ValidationError('The message cannot be saved.', details);
  return { market };
}

const serialsOf = (list: readonly string[]) => [
  ...new Set(list.map((s) => s.trim().toUpperCase()).filter(Boolean)),
];

/**
 * Creates a message (back-office §7.4) as a draft, or pending approval for Save and Submit. The issuer is
 * the signed-in user (403 for another name, as for tickets).
 */
export async function createMessage(
  deps: ServiceDeps,
  caller: AuthUser,
  input: MessageFields & {
    targets: { market: string; serialNumbers: string[] };
    issuerUsername: string;
    issuerEmail: string;
    disposition: 'draft' | 'pending approval';
  },
): Promise<Message> {
  if (input.issuerUsername !== caller.username)
    throw new ForbiddenError('The issuer must be the signed-in user.');
  const { market } = await checkMessage(deps, input);
  const row = await messagesRepo.insertMessage(deps.db, {
    header: input.header,
    body: input.body,
    callToAction: input.callToAction,
    startDate: new Date(input.schedule.startDate),
    endDate: new Date(input.schedule.endDate),
    market,
    softwareVersion: MESSAGE_SOFTWARE_VERSION,
    serialNumbers: serialsOf(input.targets.serialNumbers),
    issuerUsername: caller.username,
    issuerEmail: input.issuerEmail || caller.email,
    disposition: input.disposition,
  });
  deps.logger.info({ id: row.id, disposition: row.disposition, by: caller.username }, 'message created');
  return messageOf(row, deps.clock.now());
}

const isApprover = (user: AuthUser) => can(user.role, PERMISSIONS.messagesApprove);

async function messageToChange(deps: ServiceDeps, id: number): Promise<messagesRepo.MessageRow> {
  const row = await messagesRepo.findMessage(deps.db, id);
  if (!row) throw new NotFoundError(`No message ${id}.`);
  return row;
}

/**
 * Writes changes to a message read as `row`, unless its disposition changed since it was read (409: no
 * lost update).
 */
async function changeMessage(
  deps: ServiceDeps,
  row: messagesRepo.MessageRow,
  changes: Parameters<typeof messagesRepo.updateMessage>[3],
): Promise<messagesRepo.MessageRow> {
  const updated = await messagesRepo.updateMessage(deps.db, row.id, row.disposition, changes);
  if (!updated)
    throw new ConflictError(
      `Message ${row.id} changed meanwhile; reload it and try again.`,
      undefined,
      'changed_meanwhile',
    );
  return updated;
}

/**
 * Saves (draft), submits (pending approval) or approves (upcoming) a message (back-office §4). Decisions:
 * only the issuer edits a draft; a pending message is edited by its issuer or an approver (Save sends it
 * back to draft); approving needs messagesApprove and a pending message (409 otherwise); an approved or
 * deleted message is not edited any more (409). The issuer stays the author whoever saves.
 */
export async function updateMessage(
  deps: ServiceDeps,
  caller: AuthUser,
  id: number,
  payload: MessageFields & { disposition: 'draft' | 'pending approval' | 'upcoming' },
): Promise<Message> {
  const row = await messageToChange(deps, id);
  const stored = dispositionOf(row.disposition);
  if (payload.disposition === messageTransitions.approve) {
    if (!isApprover(caller)) {
      throw new ForbiddenError(
        `The ${caller.role} role may not approve messages (${PERMISSIONS.messagesApprove}).`,
        { permission: PERMISSIONS.messagesApprove },
      );
    }
    if (stored !== 'pending approval')
      throw new ConflictError(
        `Message ${id} is ${stored}: only a message pending approval can be approved.`,
        { disposition: stored },
        'not_pending',
      );
  } else if (stored === 'draft') {
    if (row.issuerUsername !== caller.username)
      throw new ForbiddenError(`Message ${id} is a draft of ${row.issuerUsername}: only they may edit it.`);
  } else if (stored === 'pending approval') {
    if (row.issuerUsername !== caller.username && !isApprover(caller)) {
      throw new ForbiddenError(
        `Message ${id} is pending approval: only its issuer or an approver may edit it.`,
      );
    }
  } else {
    throw new ConflictError(
      `Message ${id} is ${stored} and can no longer be edited.`,
      { disposition: stored },
      'not_editable',
    );
  }
  const { market } = await checkMessage(deps, payload);
  const updated = await changeMessage(deps, row, {
    header: payload.header,
    body: payload.body,
    callToAction: payload.callToAction,
    startDate: new Date(payload.schedule.startDate),
    endDate: new Date(payload.schedule.endDate),
    market,
    ...(payload.targets.serialNumbers ? { serialNumbers: serialsOf(payload.targets.serialNumbers) } : {}),
    disposition: payload.disposition,
  });
  deps.logger.info({ id, from: stored, to: payload.disposition, by: caller.username }, 'message saved');
  return messageOf(updated, deps.clock.now());
}

/**
 * Deletes a message: a soft delete to 'deleted' (the Deleted tab lists them). Decision: the issuer may
 * delete their draft or pending message, an approver any message; a deleted message is 409.
 */
export async function deleteMessage(deps: ServiceDeps, caller: AuthUser, id: number): Promise<Message> {
  const row = await messageToChange(deps, id);
  const stored = dispositionOf(row.disposition);
  if (stored === 'deleted')
    throw new ConflictError(`Message ${id} is already deleted.`, undefined, 'already_deleted');
  const own = row.issuerUsername === caller.username && (stored === 'draft' || stored === 'pending approval');
  if (!own && !isApprover(caller))
    throw new ForbiddenError(`Only the issuer of a draft or an approver may delete message ${id}.`);
  const updated = await changeMessage(deps, row, { disposition: messageTransitions.delete });
  deps.logger.info({ id, by: caller.username }, 'message deleted');
  return messageOf(updated, deps.clock.now());
}

/** The largest serial number file accepted. */
export const SERIALS_FILE_MAX_BYTES = 1024 * 1024;

function notCsv(reason: string): ValidationError {
  return new ValidationError(
    `The file is not a CSV file of serial numbers: ${reason}`,
    [{ path: 'file', message: reason }],
    'not_csv',
  );
}

/**
 * The serial numbers of an uploaded CSV file (back-office §2.7 step 3): the first column of each row,
 * trimmed and upper-cased, blanks and duplicates dropped. Comma, semicolon and tab separate columns.
 * Decision: the first row is a header (and dropped) when its first cell has no digit, since serial
 * numbers carry digits. Binary or non-UTF-8 content and files over 1 MB are refused with 400.
 */
export function serialNumbersFromCsv(file: UploadedFile | undefined): string[] {
  if (!file)
    throw new ValidationError(
      'Choose a CSV file to upload (multipart field "file").',
      [{ path: 'file', message: 'Required' }],
      'file_required',
    );
  if (file.size > SERIALS_FILE_MAX_BYTES || file.buffer.length > SERIALS_FILE_MAX_BYTES) {
    throw new ValidationError(
      'The file is larger than 1 MB.',
      [{ path: 'file', message: 'At most 1 MB.' }],
      'file_too_large',
    );
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file.buffer);
  } catch {
    throw notCsv('it is not UTF-8 text.');
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what marks binary content
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) throw notCsv('it holds binary content.');
  try {
    return serialsOfCsv(text);
  } catch (error) {
    throw notCsv((error as Error).message);
  }
}
