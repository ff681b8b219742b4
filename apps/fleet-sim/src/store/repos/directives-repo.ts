import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { simDirectiveResults, simDirectives } from '../schema';

export type DirectiveRow = typeof simDirectives.$inferSelect;

export async function insertDirective(
  db: Db,
  row: { changes: Record<string, unknown>; seed: string; dueAt: Date | null },
): Promise<number> {
  const [created] = await db.insert(simDirectives).values(row).returning({ id: simDirectives.id });
  if (!created) throw new Error('insert returned no row');
  return created.id;
}

/** Drops directives not played yet (a cancelled step): a simulator holding one finds it gone when it is due. */
export async function deleteDirectives(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length > 0) await db.delete(simDirectives).where(inArray(simDirectives.id, [...ids]));
}

export async function directiveExists(db: Db, id: number): Promise<boolean> {
  const rows = await db.select({ id: simDirectives.id }).from(simDirectives).where(eq(simDirectives.id, id));
  return rows.length > 0;
}

export async function directivesSince(db: Db, xid: string): Promise<DirectiveRow[]> {
  return db.select().from(simDirectives).where(gte(simDirectives.changeXid, xid)).orderBy(simDirectives.id);
}

/** Directives not due yet or just written, for a simulator that starts (it plays the steps still to come). */
export async function pendingDirectives(db: Db, since: Date): Promise<DirectiveRow[]> {
  return db.select().from(simDirectives).where(gte(simDirectives.createdAt, since)).orderBy(simDirectives.id);
}

/** Takes the part of a directive outside the units (once, for one simulator); answers whether this one got it. */
export async function claimGlobal(db: Db, id: number, worker: string): Promise<boolean> {
  const rows = await db
    .update(simDirectives)
    .set({ globalBy: worker })
    .where(and(eq(simDirectives.id, id), isNull(simDirectives.globalBy)))
    .returning({ id: simDirectives.id });
  return rows.length > 0;
}

export async function recordResult(
  db: Db,
  row: { directiveId: number; worker: string; shards: number[]; unitsChanged: number },
): Promise<void> {
  await db
    .insert(simDirectiveResults)
    .values(row)
    .onConflictDoUpdate({
      target: [simDirectiveResults.directiveId, simDirectiveResults.worker],
      set: {
        shards: row.shards,
        unitsChanged: sql`${simDirectiveResults.unitsChanged} + excluded.units_changed`,
      },
    });
}

export async function resultsOf(db: Db, id: number): Promise<{ shards: number[]; unitsChanged: number }[]> {
  return db
    .select({ shards: simDirectiveResults.shards, unitsChanged: simDirectiveResults.unitsChanged })
    .from(simDirectiveResults)
    .where(eq(simDirectiveResults.directiveId, id));
}
