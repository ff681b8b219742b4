import { sql } from 'drizzle-orm';
import { metrics } from '../../core/metrics';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';

/** A write of a lease holder whose fencing token is no longer the lease's: another holder took it. */
export class FencedOutError extends Error {
  constructor(
    readonly lease: string,
    readonly token: number,
  ) {
    super(`The ${lease} lease moved on from token ${token}: this process no longer holds it.`);
    this.name = 'FencedOutError';
  }
}

/**
 * A fence's refusal of a write, counted where it happens (fleet_fenced_writes_total by `label`, a name of few values):
 * every fencing check (a job's lease, a shard's, a bulk action's) refuses through this, so none is counted twice.
 */
export function fencedOut(label: string, lease: string, token: number): FencedOutError {
  metrics.fencedWrites.inc({ lease: label });
  return new FencedOutError(lease, token);
}

/**
 * Takes or renews the lease `name` for `holder`; answers its fencing token, or null when another holder has it.
 * The token grows only when the holder changes, so a holder renewing late (a slow store, a pause) keeps its token
 * unless someone took the lease meanwhile.
 */
export async function holdLease(db: Db, name: string, holder: string, ttlMs: number): Promise<number | null> {
  await db.execute(sql`INSERT INTO job_leases (name) VALUES (${name}) ON CONFLICT (name) DO NOTHING`);
  const rows = rowsOf<{ token: string | number }>(
    await db.execute(sql`
      UPDATE job_leases
      SET token = CASE WHEN holder = ${holder} THEN token ELSE token + 1 END,
          holder = ${holder},
          expires_at = now() + make_interval(secs => ${ttlMs / 1000})
      WHERE name = ${name} AND (holder = ${holder} OR holder IS NULL OR expires_at IS NULL OR expires_at <= now())
      RETURNING token`),
  );
  return rows[0] ? Number(rows[0].token) : null;
}

/** Gives the lease up (a stopping holder), so that another process takes it at once. */
export async function releaseLease(db: Db, name: string, holder: string): Promise<void> {
  await db.execute(
    sql`UPDATE job_leases SET holder = NULL, expires_at = NULL WHERE name = ${name} AND holder = ${holder}`,
  );
}

/**
 * The fencing check, inside the transaction of a holder's write: throws {@link FencedOutError} unless the lease still
 * carries `token`. The row is locked for share until the transaction ends, so a taker's update waits for this write
 * to commit and a write after the take sees the new token.
 */
export async function checkFence(tx: Db, name: string, token: number): Promise<void> {
  const rows = rowsOf<{ token: string | number }>(
    await tx.execute(sql`SELECT token FROM job_leases WHERE name = ${name} AND token = ${token} FOR SHARE`),
  );
  if (rows.length === 0) throw fencedOut(name, name, token);
}
