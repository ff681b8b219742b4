import { gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { fleetCounts } from '../schema';
import { fencedShards, type ShardFence } from './leases-repo';

/** One counter row of `fleet_counts`. */
export interface CountRow {
  metric: string;
  family: string;
  key: string;
  shard: number;
  n: number;
}

/**
 * Counter rows as a relation `d(metric, family, key, shard, n)` of one bound array per column.
 *
 * Every statement that writes simulator counters writes its rows in the order of the table's key
 * (`ORDER BY metric, family, key, shard`): a flush's upsert and another simulator's recount of a shard it
 * just took then lock the rows they share in the same order, and cannot deadlock (they did, once in a
 * 30-minute soak, when the recount zeroed rows in table order and the upsert went in the simulator's order).
 */
function countRows(rows: readonly CountRow[]) {
  const col = <T>(pick: (r: CountRow) => T) => sql.param(rows.map(pick));
  return sql`unnest(
      ${col((r) => r.metric)}::text[], ${col((r) => r.family)}::text[], ${col((r) => r.key)}::text[],
      ${col((r) => r.shard)}::smallint[], ${col((r) => r.n)}::integer[]) AS d(metric, family, key, shard, n)`;
}

/**
 * Writes a simulator's counters as absolute values (it holds the shards, so it is their only writer);
 * with a `fence`, only those of shards it still holds with the tokens it took them with.
 */
export async function writeCounts(
  db: Db,
  rows: readonly CountRow[],
  fence: ShardFence | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    ${fence ? sql`WITH fence AS MATERIALIZED (${fencedShards(fence, fence.tokens.keys())})` : sql``}
    INSERT INTO fleet_counts (metric, family, key, shard, n)
    SELECT d.metric, d.family, d.key, d.shard, d.n FROM ${countRows(rows)}
    ${fence ? sql`WHERE d.shard IN (SELECT shard FROM fence)` : sql``}
    ORDER BY d.metric, d.family, d.key, d.shard
    ON CONFLICT (metric, family, key, shard) DO UPDATE SET n = EXCLUDED.n
    WHERE fleet_counts.n <> EXCLUDED.n
  `);
}

/**
 * Replaces every simulator counter of some shards (a simulator that takes shards recounts them from
 * their rows): the shards' other rows go to zero, in the same statement as the new values, so that every
 * row it changes is locked in key order (see countRows). With a `fence`, only shards it still holds are replaced.
 */
export async function replaceShardCounts(
  db: Db,
  shards: readonly number[],
  rows: readonly CountRow[],
  fence: ShardFence | null = null,
): Promise<void> {
  const kept = fence ? sql`AND r.shard IN (SELECT shard FROM fence)` : sql``;
  await db.execute(sql`
    WITH ${fence ? sql`fence AS MATERIALIZED (${fencedShards(fence, shards)}),` : sql``}
    d AS (SELECT * FROM ${countRows(rows)}),
    zeroed AS (
      SELECT f.metric, f.family, f.key, f.shard, 0 AS n FROM fleet_counts f
      WHERE f.shard = ANY(${sql.param([...shards])}::smallint[]) AND f.metric <> 'desired' AND f.n <> 0
        AND NOT EXISTS (SELECT 1 FROM d WHERE d.metric = f.metric AND d.family = f.family AND d.key = f.key AND d.shard = f.shard)
    )
    INSERT INTO fleet_counts (metric, family, key, shard, n)
    SELECT r.metric, r.family, r.key, r.shard, r.n FROM (SELECT * FROM d UNION ALL SELECT * FROM zeroed) AS r
    WHERE true ${kept}
    ORDER BY r.metric, r.family, r.key, r.shard
    ON CONFLICT (metric, family, key, shard) DO UPDATE SET n = EXCLUDED.n
    WHERE fleet_counts.n <> EXCLUDED.n
  `);
}

/** Counter rows written at or after a transaction ('0' reads them all). */
export async function countsChangedSince(db: Db, xid: string): Promise<CountRow[]> {
  return db
    .select({
      metric: fleetCounts.metric,
      family: fleetCounts.family,
      key: fleetCounts.key,
      shard: fleetCounts.shard,
      n: fleetCounts.n,
    })
    .from(fleetCounts)
    .where(gte(fleetCounts.changeXid, xid));
}
