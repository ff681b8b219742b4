import { and, asc, count, desc, eq, inArray, like, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { ticketAttachments, ticketComments, tickets } from '../schema';
import { escapeLike } from './users-repo';
import { findOne, insertOne, pageOf, updateStamped } from './rows';

export type TicketRow = typeof tickets.$inferSelect;
export type CommentRow = typeof ticketComments.$inferSelect;

export async function insertTicket(db: Db, row: typeof tickets.$inferInsert): Promise<TicketRow> {
  return insertOne(db, tickets, row);
}

export async function ticketsOfUnit(db: Db, serialNumber: string): Promise<TicketRow[]> {
  return db
    .select()
    .from(tickets)
    .where(eq(tickets.serialNumber, serialNumber))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
}

export async function commentsOf(db: Db, ticketIds: number[]): Promise<CommentRow[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select()
    .from(ticketComments)
    .where(inArray(ticketComments.ticketId, ticketIds))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
}

/** Open and closed counts per issuer (one small GROUP BY over the tickets table, which is indexed by status). */
export async function ticketCountsByIssuer(
  db: Db,
): Promise<{ issuerUsername: string; status: string; n: number }[]> {
  return db
    .select({ issuerUsername: tickets.issuerUsername, status: tickets.status, n: count() })
    .from(tickets)
    .groupBy(tickets.issuerUsername, tickets.status)
    .orderBy(sql`count(*) desc`, tickets.issuerUsername);
}

export type AttachmentRow = typeof ticketAttachments.$inferSelect;

export async function findTicket(db: Db, id: number): Promise<TicketRow | undefined> {
  return findOne(db, tickets, eq(tickets.id, id));
}

export async function updateTicket(
  db: Db,
  id: number,
  changes: Partial<TicketRow>,
): Promise<TicketRow | undefined> {
  return updateStamped(db, tickets, eq(tickets.id, id), changes);
}

/** A page of tickets, newest first: open only unless `closed`, the issuer's only when `issuer` is given. */
export async function listTickets(
  db: Db,
  query: { page: number; filterSerialNumber?: string; closed: boolean; issuer?: string },
) {
  const where: SQL[] = [];
  if (!query.closed) where.push(eq(tickets.status, 'open'));
  if (query.issuer) where.push(eq(tickets.issuerUsername, query.issuer));
  if (query.filterSerialNumber)
    where.push(like(tickets.serialNumber, `${escapeLike(query.filterSerialNumber.toUpperCase())}%`));
  const condition = where.length ? and(...where) : undefined;
  return pageOf(db, tickets, { page: query.page, where: condition, orderBy: [desc(tickets.id)] });
}

export async function insertComment(db: Db, row: typeof ticketComments.$inferInsert): Promise<CommentRow> {
  return insertOne(db, ticketComments, row);
}

export async function attachmentsOf(db: Db, ticketId: number) {
  return db
    .select({
      id: ticketAttachments.id,
      fileName: ticketAttachments.fileName,
      thumbFileName: ticketAttachments.thumbFileName,
      description: ticketAttachments.description,
      authorUsername: ticketAttachments.authorUsername,
      createdAt: ticketAttachments.createdAt,
    })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.id));
}

export async function insertAttachment(
  db: Db,
  row: typeof ticketAttachments.$inferInsert,
): Promise<AttachmentRow> {
  return insertOne(db, ticketAttachments, row);
}

export async function renameAttachmentFiles(
  db: Db,
  id: number,
  fileName: string,
  thumbFileName: string,
): Promise<void> {
  await db.update(ticketAttachments).set({ fileName, thumbFileName }).where(eq(ticketAttachments.id, id));
}

export async function attachmentFile(db: Db, id: number, thumbnail: boolean) {
  const [row] = await db
    .select({
      data: thumbnail ? ticketAttachments.thumbnail : ticketAttachments.data,
      mimeType: ticketAttachments.mimeType,
      fileName: thumbnail ? ticketAttachments.thumbFileName : ticketAttachments.fileName,
    })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.id, id))
    .limit(1);
  return row;
}
