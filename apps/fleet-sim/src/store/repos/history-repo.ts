import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { unitHistory } from '../schema';
import { rowsOf } from './feed-repo';
import { pageOf } from './rows';

export type HistoryRow = typeof unitHistory.$inferSelect;

/** One event of a unit's timeline, as it is recorded. */
export interface HistoryEvent {
  serialNumber: string;
  kind: string;
  summary: string;
  detail?: Record<string, unknown>;
  actor: string | null;
  at: Date;
}

/**
 * Records events (one statement, one bound array per column: a thousand rows bind six parameters, not six
 * thousand); call it with the transaction of the change they record.
 */
export async function recordHistory(db: Db, events: readonly HistoryEvent[]): Promise<void> {
  if (events.length === 0) return;
  const col = <T>(pick: (e: HistoryEvent) => T) => sql.param(events.map(pick));
  await db.execute(sql`
    INSERT INTO unit_history (serial_number, kind, summary, detail, actor, at)
    SELECT d.serial_number, d.kind, d.summary, d.detail::jsonb, d.actor, d.at
    FROM unnest(
      ${col((e) => e.serialNumber)}::text[], ${col((e) => e.kind)}::text[], ${col((e) => e.summary)}::text[],
      ${col((e) => JSON.stringify(e.detail ?? {}))}::text[], ${col((e) => e.actor)}::text[], ${col((e) => e.at.toISOString())}::timestamptz[]
    ) AS d(serial_number, kind, summary, detail, actor, at)`);
}

/** A page of a unit's timeline, newest first (the (serial, id) index answers it). */
export async function historyPage(db: Db, serialNumber: string, page: number) {
  return pageOf(db, unitHistory, {
    page,
    where: eq(unitHistory.serialNumber, serialNumber),
    orderBy: [desc(unitHistory.id)],
  });
}

/** Rows deleted per statement when trimming: short statements, so writers never wait long behind one. */
const TRIM_BATCH = 10_000;

/** Deletes the events older than `before`, a batch at a time; answers how many went. */
export async function trimHistory(db: Db, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db.execute(sql`
      WITH gone AS (
        DELETE FROM unit_history WHERE id IN (
          SELECT id FROM unit_history WHERE at < ${before.toISOString()}::timestamptz LIMIT ${TRIM_BATCH}
        ) RETURNING 1
      ) SELECT count(*)::int AS n FROM gone`);
    const n = Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
    deleted += n;
    if (n < TRIM_BATCH) return deleted;
  }
}
