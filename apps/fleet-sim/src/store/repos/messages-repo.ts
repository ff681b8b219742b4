import { and, asc, desc, eq, gt, gte, inArray, lt, lte, ne, or, type SQL } from 'drizzle-orm';
import { type MessageDisposition } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { messages } from '../schema';
import { findOne, insertOne, pageOf, updateStamped, type Page } from './rows';

export type MessageRow = typeof messages.$inferSelect;

/** Dispositions an approved message is stored with; which one it shows follows its dates. */
export const APPROVED_DISPOSITIONS = ['upcoming', 'active', 'completed'] as const;

/**
 * Where a disposition is, at `now`: draft, pending approval and deleted as stored; upcoming, active and
 * completed from the dates of an approved message (libs/domain messageDispositionAt, in SQL).
 */
function dispositionWhere(disposition: MessageDisposition, now: Date): SQL | undefined {
  const approved = inArray(messages.disposition, [...APPROVED_DISPOSITIONS]);
  switch (disposition) {
    case 'upcoming':
      return and(approved, gt(messages.startDate, now));
    case 'active':
      return and(approved, lte(messages.startDate, now), gte(messages.endDate, now));
    case 'completed':
      return and(approved, lt(messages.endDate, now));
    default:
      return eq(messages.disposition, disposition);
  }
}

/**
 * A page of messages of the Messaging tabs (back-office §7.4). Past lists (completed, deleted) come
 * latest start first; the others soonest start first.
 */
export async function listMessages(
  db: Db,
  query: {
    page: number;
    issuer?: string;
    invert: boolean;
    disposition?: MessageDisposition;
    now: Date;
    /** Drafts of this user only (a viewer who may not read others' drafts); every draft when absent. */
    draftsOnlyOf?: string;
  },
): Promise<Page<MessageRow>> {
  const where: SQL[] = [];
  if (query.draftsOnlyOf !== undefined) {
    const notOthersDraft = or(
      ne(messages.disposition, 'draft'),
      eq(messages.issuerUsername, query.draftsOnlyOf),
    );
    if (notOthersDraft) where.push(notOthersDraft);
  }
  if (query.issuer)
    where.push(
      query.invert ? ne(messages.issuerUsername, query.issuer) : eq(messages.issuerUsername, query.issuer),
    );
  const byDisposition = query.disposition ? dispositionWhere(query.disposition, query.now) : undefined;
  if (byDisposition) where.push(byDisposition);
  const condition = where.length > 0 ? and(...where) : undefined;
  const latestFirst = query.disposition === 'completed' || query.disposition === 'deleted';
  return pageOf(db, messages, {
    page: query.page,
    where: condition,
    orderBy: latestFirst
      ? [desc(messages.startDate), desc(messages.id)]
      : [asc(messages.startDate), asc(messages.id)],
  });
}

export async function findMessage(db: Db, id: number): Promise<MessageRow | undefined> {
  return findOne(db, messages, eq(messages.id, id));
}

export async function insertMessage(db: Db, row: typeof messages.$inferInsert): Promise<MessageRow> {
  return insertOne(db, messages, row);
}

/** Changes a message only if it still has the disposition it was read with (no lost update). */
export async function updateMessage(
  db: Db,
  id: number,
  expected: string,
  changes: Partial<Omit<MessageRow, 'id' | 'createdAt'>>,
): Promise<MessageRow | undefined> {
  return updateStamped(db, messages, and(eq(messages.id, id), eq(messages.disposition, expected)), changes);
}
