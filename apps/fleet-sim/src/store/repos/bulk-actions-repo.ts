import { eq, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { bulkActions } from '../schema';
import { rowsOf } from './feed-repo';
import { fencedOut } from './job-leases-repo';
import { findOne, insertOne } from './rows';

export type BulkActionRow = typeof bulkActions.$inferSelect;

/** The stored selection: how it was made, and the serials it resolved to when the job was created. */
export interface StoredSelection {
  kind: 'serials' | 'query';
  query?: Record<string, unknown>;
  serials: string[];
}

/** Who runs a job and until when (store time): a process that stops renewing it loses the job to another. */
export interface Lease {
  holder: string;
  expiresAt: string;
}

/** The progress kept in `outcomes` besides the counts. */
export interface StoredOutcomes {
  /** Skipped and failed counts by reason, keyed `${outcome}:${reason}`. */
  reasons?: Record<string, number>;
  /** The first skipped or failed units. */
  units?: { serialNumber: string; outcome: 'skipped' | 'failed'; reason: string }[];
  lease?: Lease;
}

export function insertBulkAction(
  db: Db,
  row: { action: string; selection: StoredSelection; total: number; createdBy: string },
): Promise<BulkActionRow> {
  return insertOne(db, bulkActions, {
    action: row.action,
    selection: row.selection as unknown as Record<string, unknown>,
    state: 'running',
    total: row.total,
    createdBy: row.createdBy,
  });
}

export async function findBulkAction(db: Db, id: number): Promise<BulkActionRow | undefined> {
  return findOne(db, bulkActions, eq(bulkActions.id, id));
}

/** A row as the driver answers a raw query (snake_case, timestamps as text) made a BulkActionRow. */
function rowOf(raw: Record<string, unknown>): BulkActionRow {
  const at = (value: unknown) => (value === null || value === undefined ? null : new Date(String(value)));
  return {
    id: Number(raw['id']),
    action: String(raw['action']),
    args: (raw['args'] ?? {}) as Record<string, unknown>,
    selection: raw['selection'] as Record<string, unknown>,
    state: String(raw['state']),
    total: Number(raw['total']),
    done: Number(raw['done']),
    skipped: Number(raw['skipped']),
    failed: Number(raw['failed']),
    outcomes: (raw['outcomes'] ?? {}) as Record<string, unknown>,
    createdBy: String(raw['created_by']),
    createdAt: at(raw['created_at']) ?? new Date(0),
    finishedAt: at(raw['finished_at']),
    changeXid: String(raw['change_xid']),
  };
}

const leaseOf = (holder: string, leaseMs: number) =>
  sql`jsonb_build_object('holder', ${holder}::text, 'expiresAt', to_jsonb(now() + make_interval(secs => ${leaseMs / 1000})))`;

/**
 * Takes the oldest running job nobody holds (never claimed, or its holder stopped renewing its lease) for `holder`.
 * FOR UPDATE SKIP LOCKED: two processes claiming at once take different jobs, never the same one.
 */
export async function claimBulkAction(
  db: Db,
  holder: string,
  leaseMs: number,
): Promise<BulkActionRow | undefined> {
  const result = await db.execute(sql`
    UPDATE bulk_actions SET outcomes = jsonb_set(outcomes, '{lease}', ${leaseOf(holder, leaseMs)}), change_xid = pg_current_xact_id()
    WHERE id = (
      SELECT id FROM bulk_actions
      WHERE state = 'running'
        AND (outcomes->'lease' IS NULL OR (outcomes->'lease'->>'expiresAt')::timestamptz <= now())
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING *`);
  const raw = rowsOf<Record<string, unknown>>(result)[0];
  return raw ? rowOf(raw) : undefined;
}

/**
 * Writes a chunk's progress (counts and outcomes as they now are) and renews the lease, or ends the job
 * (`finished`: state done, lease dropped), only while `holder` still holds it: answers the row, or undefined when
 * another process took the job over (its holder then redoes the chunk).
 */
export async function saveProgress(
  db: Db,
  input: {
    id: number;
    holder: string;
    leaseMs: number;
    counts: { done: number; skipped: number; failed: number };
    outcomes: Omit<StoredOutcomes, 'lease'>;
    finished: boolean;
  },
): Promise<BulkActionRow | undefined> {
  const outcomes = JSON.stringify(input.outcomes);
  const result = await db.execute(sql`
    UPDATE bulk_actions SET
      done = ${input.counts.done}, skipped = ${input.counts.skipped}, failed = ${input.counts.failed},
      outcomes = ${
        input.finished
          ? sql`${outcomes}::jsonb`
          : sql`${outcomes}::jsonb || jsonb_build_object('lease', ${leaseOf(input.holder, input.leaseMs)})`
      },
      state = ${input.finished ? 'done' : 'running'},
      finished_at = ${input.finished ? sql`now()` : sql`NULL`},
      change_xid = pg_current_xact_id()
    WHERE id = ${input.id} AND state = 'running' AND outcomes->'lease'->>'holder' = ${input.holder}
    RETURNING *`);
  const raw = rowsOf<Record<string, unknown>>(result)[0];
  return raw ? rowOf(raw) : undefined;
}

/**
 * The fencing check of a job's holder, first in every transaction of a chunk (its stagings, its commands, its
 * progress): throws FencedOutError unless `holder` still holds the job, and keeps the job's row locked for
 * share until the transaction ends (a claim skips it meanwhile). A runner frozen past its lease, whose job another
 * process took, writes nothing more for it.
 */
export async function checkBulkActionHolder(tx: Db, id: number, holder: string): Promise<void> {
  const rows = rowsOf(
    await tx.execute(
      sql`SELECT 1 FROM bulk_actions WHERE id = ${id} AND state = 'running' AND outcomes->'lease'->>'holder' = ${holder} FOR SHARE`,
    ),
  );
  if (rows.length === 0) throw fencedOut('bulk-action', `bulk-action:${id}`, 0);
}

/** Gives a job back (this process is stopping mid-job): any process may claim it at once instead of after the lease. */
export async function releaseBulkAction(db: Db, id: number, holder: string): Promise<void> {
  await db.execute(sql`
    UPDATE bulk_actions SET outcomes = outcomes - 'lease', change_xid = pg_current_xact_id()
    WHERE id = ${id} AND state = 'running' AND outcomes->'lease'->>'holder' = ${holder}`);
}

/**
 * Of `serials`, those whose desired state `username` wrote at or after `since`, with what it is now: a redone
 * chunk counts a unit its own job already staged or unstaged as done instead of refusing it.
 */
export async function desiredWrittenBy(
  db: Db,
  serials: readonly string[],
  username: string,
  since: Date,
): Promise<Map<string, string | null>> {
  if (serials.length === 0) return new Map();
  const result = await db.execute(sql`
    SELECT serial_number, staged_semantic FROM unit_desired
    WHERE serial_number = ANY(${sql.param([...serials])}::text[]) AND updated_by = ${username} AND updated_at >= ${since.toISOString()}::timestamptz`);
  return new Map(
    rowsOf<{ serial_number: string; staged_semantic: string | null }>(result).map((r) => [
      r.serial_number,
      r.staged_semantic,
    ]),
  );
}

/** Of `serials`, those a job already queued `command` for (its id is in the command's args). */
export async function commandsQueuedBy(
  db: Db,
  serials: readonly string[],
  command: string,
  jobId: number,
): Promise<Set<string>> {
  if (serials.length === 0) return new Set();
  const result = await db.execute(sql`
    SELECT serial_number FROM commands
    WHERE serial_number = ANY(${sql.param([...serials])}::text[]) AND command = ${command}
      AND args @> ${JSON.stringify({ bulkActionId: jobId })}::jsonb`);
  return new Set(rowsOf<{ serial_number: string }>(result).map((r) => r.serial_number));
}
