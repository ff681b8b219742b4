import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { unitDesired, units } from '../schema';
import type { CountRow } from './counts-repo';
import { rowsOf } from './feed-repo';

/** A unit's desired state as the API wrote it (see `unit_desired`). */
export interface DesiredRow {
  serialNumber: string;
  rev: number;
  stagedSemantic: string | null;
  stagedMeta: string;
  path: string | null;
  stagedAt: Date | null;
  autoStaged: boolean;
}

/** What a staging sets: the version and where it comes from. */
export interface StagedTarget {
  semantic: string;
  meta: string;
  path: string;
  autoStaged: boolean;
}

/** A seeded unit's staging (the demo world starts with a few units staged). */
export interface DesiredSeed {
  serialNumber: string;
  family: string;
  stagedSemantic: string;
  stagedMeta: string;
  path: string;
  stagedAt: Date;
  autoStaged: boolean;
}

/** The columns of a unit's desired state but its key, for selects that join it to a unit row. */
export const desiredStateColumns = {
  rev: unitDesired.rev,
  stagedSemantic: unitDesired.stagedSemantic,
  stagedMeta: unitDesired.stagedMeta,
  path: unitDesired.path,
  stagedAt: unitDesired.stagedAt,
  autoStaged: unitDesired.autoStaged,
};

/** A DesiredRow's columns. */
export const desiredColumns = { serialNumber: unitDesired.serialNumber, ...desiredStateColumns };

/**
 * Sets (a target) or clears (null) a unit's staged update, with the next desired revision, and moves the
 * `desired` counters, in one statement. It writes only if the unit's desired state is still the revision
 * the caller read (`expectedRev`, 0 when it had none): a concurrent staging of the same unit makes it
 * answer undefined, and the caller reads again. Answers the new desired row and the counter rows as they
 * now are.
 */
export async function writeStaging(
  db: Db,
  input: {
    serialNumber: string;
    family: string;
    shard: number;
    expectedRev: number;
    target: StagedTarget | null;
    by: string;
    at: Date;
  },
): Promise<{ desired: DesiredRow; counts: CountRow[] } | undefined> {
  const t = input.target;
  const result = await db.execute(sql`
    WITH prev AS (
      SELECT staged_semantic FROM unit_desired WHERE serial_number = ${input.serialNumber}
    ), up AS (
      INSERT INTO unit_desired AS d (serial_number, rev, staged_semantic, staged_meta, path, staged_at, auto_staged, updated_by, updated_at)
      VALUES (${input.serialNumber}, nextval('unit_desired_rev_seq'), ${t?.semantic ?? null}, ${t?.meta ?? ''}, ${t?.path ?? null},
              ${t ? input.at.toISOString() : null}::timestamptz, ${t?.autoStaged ?? false}, ${input.by}, now())
      ON CONFLICT (serial_number) DO UPDATE SET
        rev = excluded.rev, staged_semantic = excluded.staged_semantic, staged_meta = excluded.staged_meta, path = excluded.path,
        staged_at = excluded.staged_at, auto_staged = excluded.auto_staged, updated_by = excluded.updated_by, updated_at = excluded.updated_at
      WHERE d.rev = ${input.expectedRev}
      RETURNING d.serial_number, d.rev, d.staged_semantic, d.staged_meta, d.path, d.staged_at, d.auto_staged
    ), moves AS (
      SELECT 'desired'::text AS metric, ${input.family}::text AS family, p.staged_semantic AS key, ${input.shard}::smallint AS shard, -1 AS n
      FROM prev p, up WHERE p.staged_semantic IS NOT NULL
      UNION ALL
      SELECT 'desired', ${input.family}::text, up.staged_semantic, ${input.shard}::smallint, 1 FROM up WHERE up.staged_semantic IS NOT NULL
    ), counted AS (
      INSERT INTO fleet_counts AS c (metric, family, key, shard, n)
      SELECT metric, family, key, shard, sum(n)::integer FROM moves GROUP BY metric, family, key, shard
      ON CONFLICT (metric, family, key, shard) DO UPDATE SET n = c.n + excluded.n
      RETURNING c.metric, c.family, c.key, c.shard, c.n
    )
    SELECT (SELECT row_to_json(up) FROM up) AS desired, (SELECT coalesce(json_agg(counted), '[]'::json) FROM counted) AS counts`);
  const row = rowsOf<{ desired: Record<string, unknown> | null; counts: CountRow[] }>(result)[0];
  if (!row?.desired) return undefined;
  const d = row.desired;
  return {
    desired: {
      serialNumber: String(d['serial_number']),
      rev: Number(d['rev']),
      stagedSemantic: (d['staged_semantic'] as string | null) ?? null,
      stagedMeta: String(d['staged_meta'] ?? ''),
      path: (d['path'] as string | null) ?? null,
      stagedAt: d['staged_at'] ? new Date(String(d['staged_at'])) : null,
      autoStaged: Boolean(d['auto_staged']),
    },
    counts: row.counts.map((c) => ({ ...c, shard: Number(c.shard), n: Number(c.n) })),
  };
}

/** Desired rows written at or after a transaction (the simulator follows them), for some shards or all. */
export async function desiredChangedSince(
  db: Db,
  xid: string,
  shards?: readonly number[],
): Promise<DesiredRow[]> {
  const rows = await db
    .select(desiredColumns)
    .from(unitDesired)
    .innerJoin(units, eq(units.serialNumber, unitDesired.serialNumber))
    .where(and(gte(unitDesired.changeXid, xid), shards ? inArray(units.shard, [...shards]) : undefined));
  return rows;
}

/** Inserts seeded stagings (one revision each) and counts them. */
export async function insertDesiredBatch(db: Db, rows: readonly DesiredSeed[]): Promise<void> {
  if (rows.length === 0) return;
  const records = JSON.stringify(
    rows.map((r) => ({
      serial_number: r.serialNumber,
      staged_semantic: r.stagedSemantic,
      staged_meta: r.stagedMeta,
      path: r.path,
      staged_at: r.stagedAt.toISOString(),
      auto_staged: r.autoStaged,
    })),
  );
  await db.execute(sql`
    WITH added AS (
      INSERT INTO unit_desired (serial_number, rev, staged_semantic, staged_meta, path, staged_at, auto_staged, updated_by)
      SELECT d.serial_number, nextval('unit_desired_rev_seq'), d.staged_semantic, d.staged_meta, d.path, d.staged_at, d.auto_staged, 'seed'
      FROM jsonb_to_recordset(${records}::jsonb)
        AS d(serial_number text, staged_semantic text, staged_meta text, path text, staged_at timestamptz, auto_staged boolean)
      RETURNING serial_number, staged_semantic, rev
    ),
    -- The seed is the units' first report: a unit seeded in the update flow serves its staging.
    flowing AS (
      UPDATE units u SET flow_rev = a.rev FROM added a
      WHERE u.serial_number = a.serial_number
        AND u.update_state->>'state' IN ('READY_TO_DOWNLOAD', 'DOWNLOADING', 'VALIDATING_UPDATE', 'READY_TO_INSTALL', 'INSTALLING_UPDATE', 'SYSMAN_RESTART')
    )
    INSERT INTO fleet_counts (metric, family, key, shard, n)
    SELECT 'desired', u.family, a.staged_semantic, u.shard, count(*)::integer
    FROM added a JOIN units u USING (serial_number)
    GROUP BY u.family, a.staged_semantic, u.shard
    ON CONFLICT (metric, family, key, shard) DO UPDATE SET n = fleet_counts.n + EXCLUDED.n
  `);
}
