import { sql } from 'drizzle-orm';
import type { Db } from '../database';
import { rowsOf } from './feed-repo';
import { rolloutsIn } from './rollouts-repo';

// What the alert evaluator reads of other areas (rollouts, tickets): small, indexed queries.

const ms = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));

/** Rollouts paused now, with why and since when (simulated). */
export async function pausedRollouts(
  db: Db,
): Promise<{ id: number; name: string; pauseReason: string | null; pausedAt: number }[]> {
  return (await rolloutsIn(db, ['paused'])).map((r) => ({
    id: r.id,
    name: r.name,
    pauseReason: r.pauseReason,
    pausedAt: r.updatedAt.getTime(),
  }));
}

/** How many units of each rollout failed or timed out so far. */
export async function failedRolloutUnitCounts(db: Db): Promise<Map<number, number>> {
  const result = await db.execute(
    sql`SELECT rollout_id, count(*)::int AS n FROM rollout_units WHERE state = 'failed' GROUP BY rollout_id`,
  );
  return new Map(
    rowsOf<{ rollout_id: number; n: number | string }>(result).map((r) => [
      Number(r.rollout_id),
      Number(r.n),
    ]),
  );
}

/** The failed units of a rollout, with why and when (simulated) they failed. */
export async function failedRolloutUnits(
  db: Db,
  rolloutId: number,
): Promise<{ serialNumber: string; reason: string | null; failedAt: number }[]> {
  const result = await db.execute(sql`
    SELECT serial_number, reason, updated_at FROM rollout_units WHERE rollout_id = ${rolloutId} AND state = 'failed'`);
  return rowsOf<{ serial_number: string; reason: string | null; updated_at: string | Date }>(result).map(
    (r) => ({
      serialNumber: r.serial_number,
      reason: r.reason,
      failedAt: ms(r.updated_at),
    }),
  );
}

/** Open escalated tickets, with their unit and when they last had a comment (or were opened, without one). */
export async function escalatedOpenTickets(
  db: Db,
): Promise<{ id: number; serialNumber: string; family: string; lastActivityAt: number; comments: number }[]> {
  const result = await db.execute(sql`
    SELECT t.id, t.serial_number, t.family, t.created_at, c.last_comment, coalesce(c.n, 0)::int AS n
    FROM tickets t
    LEFT JOIN LATERAL (SELECT max(created_at) AS last_comment, count(*) AS n FROM ticket_comments WHERE ticket_id = t.id) c ON true
    WHERE t.status = 'open' AND t.escalated
    ORDER BY t.id`);
  return rowsOf<{
    id: number;
    serial_number: string;
    family: string;
    created_at: string | Date;
    last_comment: string | Date | null;
    n: number | string;
  }>(result).map((r) => ({
    id: Number(r.id),
    serialNumber: r.serial_number,
    family: r.family,
    lastActivityAt: r.last_comment === null ? ms(r.created_at) : ms(r.last_comment),
    comments: Number(r.n),
  }));
}
