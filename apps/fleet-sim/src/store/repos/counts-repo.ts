import { gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { fleetCounts } from '../schema';

/** One counter row of `fleet_counts`. */
export interface CountRow {
  metric: string;
  family: string;
  key: string;
  shard: number;
  n: number;
}

/**
 * Writes a simulator's counters as absolute values (it holds the shards, so it is their only writer);
 * with `holder`, only those of shards it still holds a lease on.
 */
export async function writeCounts(db: Db, rows: readonly CountRow[], holder: string | null = null): Promise<void> {
  if (rows.length === 0) return;
  const col = <T>(pick: (r: CountRow) => T) => sql.param(rows.map(pick));
  await db.execute(sql`
    INSERT INTO fleet_counts (metric, family, key, shard, n)
    SELECT * FROM unnest(
      ${col((r) => r.metric)}::text[], ${col((r) => r.family)}::text[], ${col((r) => r.key)}::text[],
      ${col((r) => r.shard)}::smallint[], ${col((r) => r.n)}::integer[]) AS d(metric, family, key, shard, n)
    ${holder ? sql`WHERE EXISTS (SELECT 1 FROM shard_leases l WHERE l.shard = d.shard AND l.holder = ${holder})` : sql``}
    ON CONFLICT (metric, family, key, shard) DO UPDATE SET n = EXCLUDED.n
    WHERE fleet_counts.n <> EXCLUDED.n
  `);
}

/**
 * Replaces every simulator counter of some shards (a simulator that takes shards recounts them from
 * their rows): the shards' other rows go to zero, in the same transaction as the new values.
 */
export async function replaceShardCounts(db: Db, shards: readonly number[], rows: readonly CountRow[]): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await t.execute(sql`
      UPDATE fleet_counts SET n = 0
      WHERE shard = ANY(${sql.param([...shards])}::smallint[]) AND metric <> 'desired' AND n <> 0`);
    await writeCounts(t, rows);
  });
}

/** Counter rows written at or after a transaction ('0' reads them all). */
export async function countsChangedSince(db: Db, xid: string): Promise<CountRow[]> {
  return db
    .select({ metric: fleetCounts.metric, family: fleetCounts.family, key: fleetCounts.key, shard: fleetCounts.shard, n: fleetCounts.n })
    .from(fleetCounts)
    .where(gte(fleetCounts.changeXid, xid));
}
