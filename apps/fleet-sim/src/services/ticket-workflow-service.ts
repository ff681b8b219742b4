import type { Attachment, Comment, Ticket, TicketSummary } from '@equipment-dashboard/contract';
import {
  canSendComment,
  canUploadAttachment,
  ticketRowActions,
  type TicketRowActions,
  type TicketStatus,
} from '@equipment-dashboard/domain';
import sharp from 'sharp';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import type { UploadedFile } from '../core/uploaded-file';
import { ticketEvent } from '../store/repos/history-events';
import * as ticketsRepo from '../store/repos/tickets-repo';
import { withHistory } from './history-service';
import { radarTouched } from './radar-service';
import type { ServiceDeps } from './service-deps';
import { mailEngineering, ticketOf, ticketStatistics } from './tickets-service';

const THUMB_WIDTH = 240;

function requireSelf(caller: AuthUser, username: string, what: string): void {
  if (username !== caller.username) throw new ForbiddenError(`The ${what} must be the signed-in user.`);
}

/**
 * The ticket, when its state offers the action: the rule that shows the console's row actions
 * (libs/domain) is the one the server enforces, so a closed ticket refuses all of them.
 */
async function ticketFor(
  deps: ServiceDeps,
  id: number,
  offers: (actions: TicketRowActions) => boolean,
): Promise<ticketsRepo.TicketRow> {
  const row = await ticketsRepo.findTicket(deps.db, id);
  if (!row) throw new NotFoundError(`No ticket ${id}.`);
  if (!offers(ticketRowActions({ status: row.status as TicketStatus, escalated: row.escalated }))) {
    throw new ConflictError(
      `Ticket ${id} is closed: it cannot be changed or commented on.`,
      { id },
      'ticket_closed',
    );
  }
  return row;
}

/** Escalating an escalated ticket changes nothing, so either escalation action being offered is enough. */
const changesEscalation = (actions: TicketRowActions) => actions.escalate || actions.deescalate;
const closes = (actions: TicketRowActions) => actions.close;
const comments = (actions: TicketRowActions) => actions.comment;
/** New Attachment shows exactly when New Comment does: while the ticket is open (back-office §2.1). */
const attaches = comments;

function attachmentOf(row: Awaited<ReturnType<typeof ticketsRepo.attachmentsOf>>[number]): Attachment {
  return {
    id: row.id,
    fileName: row.fileName,
    thumbFileName: row.thumbFileName,
    description: row.description,
    authorUsername: row.authorUsername,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Back-office §7.1: the tickets table, newest first, with the toolbar's filters. */
export async function listTickets(
  deps: ServiceDeps,
  query: { page: number; filterSerialNumber?: string; closed: boolean; mine: boolean; username?: string },
): Promise<{ docs: TicketSummary[]; totalDocs: number }> {
  const { docs, totalDocs } = await ticketsRepo.listTickets(deps.db, {
    page: query.page,
    filterSerialNumber: query.filterSerialNumber,
    closed: query.closed,
    issuer: query.mine ? query.username : undefined,
  });
  return {
    totalDocs,
    docs: docs.map((row) => {
      const { comments: _c, attachments: _a, ...summary } = ticketOf(row, []);
      return summary;
    }),
  };
}

/** The full ticket: fields, comments and attachments (back-office §2.1 detail dialog). */
export async function readTicket(deps: ServiceDeps, id: number): Promise<Ticket> {
  const row = await ticketsRepo.findTicket(deps.db, id);
  if (!row) throw new NotFoundError(`No ticket ${id}.`);
  const [comments, attachments] = await Promise.all([
    ticketsRepo.commentsOf(deps.db, [id]),
    ticketsRepo.attachmentsOf(deps.db, id),
  ]);
  return { ...ticketOf(row, comments), attachments: attachments.map(attachmentOf) };
}

/** Escalated tickets mail engineering (back-office §4); escalating an escalated ticket changes nothing. */
export async function setEscalated(
  deps: ServiceDeps,
  caller: AuthUser,
  id: number,
  escalated: boolean,
): Promise<Ticket> {
  const row = await ticketFor(deps, id, changesEscalation);
  if (row.escalated !== escalated) {
    await ticketsRepo.updateTicket(deps.db, id, { escalated });
    deps.logger.info({ ticket: id, escalated, by: caller.username }, 'ticket escalation changed');
  }
  const ticket = await readTicket(deps, id);
  if (escalated && !row.escalated)
    await mailEngineering(deps, ticket, `Ticket escalated by ${caller.username}`);
  return ticket;
}

/** Closing is for good: a closed ticket takes no comments and cannot be reopened (back-office §4). */
export async function closeTicket(
  deps: ServiceDeps,
  caller: AuthUser,
  id: number,
  username: string,
): Promise<Ticket> {
  requireSelf(caller, username, 'closer');
  await ticketFor(deps, id, closes);
  await withHistory(
    deps,
    (t) =>
      ticketsRepo.updateTicket(t, id, {
        status: 'closed',
        closedByUsername: caller.username,
        closedAt: new Date(),
      }),
    (row) =>
      row ? [ticketEvent(row.serialNumber, id, 'closed', caller.username, deps.clock.nowDate())] : [],
  );
  const ticket = await readTicket(deps, id);
  deps.live.emit('REPORT_SUPPORT_TICKET_CLOSED', {
    id,
    serialNumber: ticket.serialNumber,
    closedBy: caller.username,
  });
  deps.live.emit('SUPPORT_TICKET_STATISTICS', await ticketStatistics(deps));
  await radarTouched(deps, [ticket.serialNumber]).catch((err: unknown) =>
    deps.logger.warn({ err }, 'radar update failed'),
  );
  if (ticket.escalated) await mailEngineering(deps, ticket, `Ticket closed by ${caller.username}`);
  return ticket;
}

export async function addComment(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { ticketId: number; authorUsername: string; text: string },
): Promise<Comment> {
  requireSelf(caller, input.authorUsername, 'author');
  if (!canSendComment(input.text))
    throw new ValidationError('A comment needs text.', [{ path: 'text', message: 'Required' }]);
  const text = input.text.trim();
  const row = await ticketFor(deps, input.ticketId, comments);
  const comment = await ticketsRepo.insertComment(deps.db, {
    ticketId: input.ticketId,
    authorUsername: caller.username,
    text,
  });
  await ticketsRepo.updateTicket(deps.db, input.ticketId, {});
  deps.live.emit('REPORT_SUPPORT_TICKET_COMMENT_CREATED', {
    id: input.ticketId,
    serialNumber: row.serialNumber,
    author: caller.username,
    comment: text,
  });
  if (row.escalated) {
    await mailEngineering(
      deps,
      await readTicket(deps, input.ticketId),
      `Comment by ${caller.username}: ${text.slice(0, 60)}`,
    );
  }
  return {
    id: comment.id,
    authorUsername: comment.authorUsername,
    createdAt: comment.createdAt.toISOString(),
    text: comment.text,
  };
}

/**
 * Attaches an image to an open ticket (back-office §2.1). The type is checked from the bytes, not the
 * name or the browser's claim: only PNG and JPEG are kept, with a thumbnail drawn by sharp.
 */
export async function addAttachment(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { ticketId: number; authorUsername: string; description: string; file?: UploadedFile },
): Promise<Attachment> {
  requireSelf(caller, input.authorUsername, 'author');
  if (!input.file)
    throw new ValidationError('Choose a PNG or JPEG file to upload.', [
      { path: 'file', message: 'Required' },
    ]);
  const description = input.description.trim();
  if (!description)
    throw new ValidationError('An attachment needs a description.', [
      { path: 'description', message: 'Required' },
    ]);
  await ticketFor(deps, input.ticketId, attaches);
  let format: string | undefined;
  try {
    format = (await sharp(input.file.buffer).metadata()).format;
  } catch {
    format = undefined;
  }
  // The type is read from the bytes; the description is known to be there, so a refusal is the type's.
  const sniffedType = format ? `image/${format}` : 'application/octet-stream';
  if (!canUploadAttachment({ file: { type: sniffedType }, description })) {
    throw new ValidationError(
      'Only PNG and JPEG images can be attached.',
      [{ path: 'file', message: `not PNG or JPEG (${input.file.mimeType})` }],
      'unsupported_file_type',
    );
  }
  // A header can be whole while the image data is cut short or damaged: only drawing the thumbnail reads it all,
  // so a failure here is the file's, not the server's.
  const thumbnail = await sharp(input.file.buffer)
    .rotate()
    .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
    .png()
    .toBuffer()
    .catch(() => {
      throw new ValidationError(
        'The image cannot be read: it is damaged or cut short.',
        [{ path: 'file', message: `unreadable ${format === 'png' ? 'PNG' : 'JPEG'} image data` }],
        'unsupported_file_type',
      );
    });
  const ext = format === 'png' ? 'png' : 'jpg';
  const row = await ticketsRepo.insertAttachment(deps.db, {
    ticketId: input.ticketId,
    fileName: 'pending',
    thumbFileName: 'pending',
    mimeType: format === 'png' ? 'image/png' : 'image/jpeg',
    description,
    authorUsername: caller.username,
    data: input.file.buffer,
    thumbnail,
  });
  const fileName = `ticket-${input.ticketId}-attachment-${row.id}.${ext}`;
  const thumbFileName = `ticket-${input.ticketId}-attachment-${row.id}-thumb.png`;
  await ticketsRepo.renameAttachmentFiles(deps.db, row.id, fileName, thumbFileName);
  deps.logger.info(
    { ticket: input.ticketId, attachment: row.id, bytes: input.file.size, by: caller.username },
    'attachment added',
  );
  return {
    id: row.id,
    fileName,
    thumbFileName,
    description,
    authorUsername: caller.username,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function attachmentFile(deps: ServiceDeps, id: string, thumbnail: boolean) {
  const numeric = Number(id);
  const row =
    Number.isInteger(numeric) && numeric > 0
      ? await ticketsRepo.attachmentFile(deps.db, numeric, thumbnail)
      : undefined;
  if (!row) throw new NotFoundError(`No attachment ${id}.`);
  return { data: row.data, contentType: thumbnail ? 'image/png' : row.mimeType, fileName: row.fileName };
}
