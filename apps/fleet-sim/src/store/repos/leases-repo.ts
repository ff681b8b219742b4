import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';
import { fencedOut } from './job-leases-repo';

/** Says a simulator is alive; answers how many are (seen within `ttlMs`, this one included). */
export async function heartbeat(db: Db, worker: string, ttlMs: number): Promise<number> {
  await db.execute(sql`
    INSERT INTO sim_workers (id) VALUES (${worker})
    ON CONFLICT (id) DO UPDATE SET seen_at = now()`);
  const result = await db.execute(sql`
    SELECT count(*)::int AS n FROM sim_workers WHERE seen_at > now() - make_interval(secs => ${ttlMs / 1000})`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 1;
}

/** A shard this simulator holds, with the fencing token it got when it took it. */
export interface HeldShard {
  shard: number;
  token: number;
}

const heldOf = (result: unknown) =>
  rowsOf<{ shard: number; token: string | number }>(result).map((r) => ({
    shard: Number(r.shard),
    token: Number(r.token),
  }));

/**
 * A worker's lease rows, locked in shard order: every statement that locks several lease rows (renewals, gives,
 * fenced writes) takes them in the same order, so that none of them can deadlock another.
 */
const ownRows = (worker: string, shards?: readonly number[]) => sql`
  SELECT shard FROM shard_leases WHERE holder = ${worker}
  ${shards ? sql`AND shard = ANY(${sql.param([...shards])}::smallint[])` : sql``}
  ORDER BY shard FOR UPDATE`;

/**
 * Extends the worker's leases; answers the shards it still holds, with their tokens. A lease that ran out is renewed
 * too while nobody took it (its token is unchanged, and writes are fenced by token): a simulator whose renewals were
 * late (a busy database, a long pause) keeps its shards unless another simulator took them meanwhile.
 */
export async function renewLeases(db: Db, worker: string, ttlMs: number): Promise<HeldShard[]> {
  return heldOf(
    await db.execute(sql`
      UPDATE shard_leases SET expires_at = now() + make_interval(secs => ${ttlMs / 1000})
      WHERE shard IN (${ownRows(worker)})
      RETURNING shard, token`),
  );
}

/** Takes up to `count` shards nobody holds (or whose lease ran out), each with a new fencing token; answers them. */
export async function claimShards(
  db: Db,
  worker: string,
  count: number,
  ttlMs: number,
): Promise<HeldShard[]> {
  if (count <= 0) return [];
  return heldOf(
    await db.execute(sql`
      UPDATE shard_leases SET holder = ${worker}, expires_at = now() + make_interval(secs => ${ttlMs / 1000}), token = token + 1
      WHERE shard IN (
        SELECT shard FROM shard_leases
        WHERE holder IS NULL OR expires_at IS NULL OR expires_at <= now()
        ORDER BY shard LIMIT ${count} FOR UPDATE SKIP LOCKED)
      RETURNING shard, token`),
  );
}

/** Gives shards back (a worker over its fair share, or stopping). */
export async function releaseShards(db: Db, worker: string, shards: readonly number[]): Promise<void> {
  if (shards.length === 0) return;
  await db.execute(
    sql`UPDATE shard_leases SET holder = NULL, expires_at = NULL WHERE shard IN (${ownRows(worker, shards)})`,
  );
}

/** What a simulator's writes are fenced by: its id, and the token of each shard it holds. */
export interface ShardFence {
  writer: string;
  tokens: ReadonlyMap<number, number>;
}

/**
 * The shards among `shards` that the fence's writer still holds with the same token, locked for share (in shard
 * order) until the statement's transaction ends: a simulator taking one of them meanwhile waits for the write, and
 * a write after a take finds the new token and writes nothing. Use it as a MATERIALIZED common table expression.
 */
export function fencedShards(fence: ShardFence, shards: Iterable<number>) {
  const wanted = [...new Set(shards)].filter((s) => fence.tokens.has(s)).sort((a, b) => a - b);
  return sql`
    SELECT l.shard FROM shard_leases l
    JOIN unnest(${sql.param(wanted)}::smallint[], ${sql.param(wanted.map((s) => fence.tokens.get(s)))}::bigint[]) AS f(shard, token)
      ON f.shard = l.shard AND f.token = l.token
    WHERE l.holder = ${fence.writer}
    ORDER BY l.shard FOR SHARE OF l`;
}

/**
 * The fencing check of one shard, first in a transaction that writes for a unit of it (a command's outcome): throws
 * FencedOutError unless the writer still holds the shard with its token, and keeps the lease row locked for
 * share until the transaction ends.
 */
export async function checkShardFence(tx: Db, fence: ShardFence, shard: number): Promise<void> {
  const rows = rowsOf(await tx.execute(sql`${fencedShards(fence, [shard])}`));
  if (rows.length === 0) throw fencedOut('shard', `shard ${shard}`, fence.tokens.get(shard) ?? 0);
}

/** Forgets the worker (stopping). */
export async function leaveWorkers(db: Db, worker: string): Promise<void> {
  await db.execute(sql`DELETE FROM sim_workers WHERE id = ${worker}`);
}
