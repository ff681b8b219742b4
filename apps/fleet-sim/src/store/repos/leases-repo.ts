import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';

const shardsOf = (result: unknown) => rowsOf<{ shard: number }>(result).map((r) => Number(r.shard));

/** Says a simulator is alive; answers how many are (seen within `ttlMs`, this one included). */
export async function heartbeat(db: Db, worker: string, ttlMs: number): Promise<number> {
  await db.execute(sql`
    INSERT INTO sim_workers (id) VALUES (${worker})
    ON CONFLICT (id) DO UPDATE SET seen_at = now()`);
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM sim_workers WHERE seen_at > now() - make_interval(secs => ${ttlMs / 1000})`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 1;
}

/**
 * Extends the worker's leases; answers the shards it still holds. A lease that ran out is renewed too while nobody
 * took it (the holder is still this worker, and writes are fenced by holder): a simulator whose renewals were late
 * (a busy database, a long pause) keeps its shards unless another simulator took them meanwhile.
 */
export async function renewLeases(db: Db, worker: string, ttlMs: number): Promise<number[]> {
  return shardsOf(
    await db.execute(sql`
      UPDATE shard_leases SET expires_at = now() + make_interval(secs => ${ttlMs / 1000})
      WHERE holder = ${worker}
      RETURNING shard`),
  );
}

/** Takes up to `count` shards nobody holds (or whose lease ran out); answers them. */
export async function claimShards(db: Db, worker: string, count: number, ttlMs: number): Promise<number[]> {
  if (count <= 0) return [];
  return shardsOf(
    await db.execute(sql`
      UPDATE shard_leases SET holder = ${worker}, expires_at = now() + make_interval(secs => ${ttlMs / 1000})
      WHERE shard IN (
        SELECT shard FROM shard_leases
        WHERE holder IS NULL OR expires_at IS NULL OR expires_at <= now()
        ORDER BY shard LIMIT ${count} FOR UPDATE SKIP LOCKED)
      RETURNING shard`),
  );
}

/** Gives shards back (a worker over its fair share, or stopping). */
export async function releaseShards(db: Db, worker: string, shards: readonly number[]): Promise<void> {
  if (shards.length === 0) return;
  await db.execute(sql`
    UPDATE shard_leases SET holder = NULL, expires_at = NULL
    WHERE holder = ${worker} AND shard = ANY(${sql.param([...shards])}::smallint[])`);
}

/** Forgets the worker (stopping). */
export async function leaveWorkers(db: Db, worker: string): Promise<void> {
  await db.execute(sql`DELETE FROM sim_workers WHERE id = ${worker}`);
}
