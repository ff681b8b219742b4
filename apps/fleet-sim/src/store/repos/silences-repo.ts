import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { silences } from '../schema';
import { findOne, insertOne, pageOf, type Page } from './rows';

export type SilenceRow = typeof silences.$inferSelect;
export type NewSilenceRow = typeof silences.$inferInsert;

export function insertSilence(db: Db, row: NewSilenceRow): Promise<SilenceRow> {
  return insertOne(db, silences, row);
}

export async function findSilence(db: Db, id: number): Promise<SilenceRow | undefined> {
  return findOne(db, silences, eq(silences.id, id));
}

/** A page of silences, newest first: all of them, or those that ended by `now` (`expired`). */
export function listSilences(db: Db, query: { page: number; endedBy?: Date }): Promise<Page<SilenceRow>> {
  const where = query.endedBy ? lte(silences.endsAt, query.endedBy) : undefined;
  return pageOf(db, silences, { page: query.page, where, orderBy: [desc(silences.id)] });
}

/** Silences that have not ended at `now`, newest first (active or scheduled: few, whatever the store's age). */
export function unendedSilences(db: Db, now: Date): Promise<SilenceRow[]> {
  return db.select().from(silences).where(gt(silences.endsAt, now)).orderBy(desc(silences.id));
}

/**
 * Ends a silence at `now` (one not started yet starts and ends then) unless it has already ended; answers it as it
 * now is, or undefined when it had ended.
 */
export async function expireSilence(db: Db, id: number, now: Date): Promise<SilenceRow | undefined> {
  const [row] = await db
    .update(silences)
    .set({ endsAt: now, startsAt: sql`least(${silences.startsAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(silences.id, id), gt(silences.endsAt, now)))
    .returning();
  return row;
}
