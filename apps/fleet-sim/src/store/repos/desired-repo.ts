import { and, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { fleetCounts, unitDesired, units } from '../schema';

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

const desiredColumns = {
  serialNumber: unitDesired.serialNumber,
  rev: unitDesired.rev,
  stagedSemantic: unitDesired.stagedSemantic,
  stagedMeta: unitDesired.stagedMeta,
  path: unitDesired.path,
  stagedAt: unitDesired.stagedAt,
  autoStaged: unitDesired.autoStaged,
};

/** The counter row of desired stagings that a unit's staged version moves. */
async function bumpDesired(db: Db, family: string, semantic: string, shard: number, by: 1 | -1): Promise<void> {
  await db
    .insert(fleetCounts)
    .values({ metric: 'desired', family, key: semantic, shard, n: by })
    .onConflictDoUpdate({
      target: [fleetCounts.metric, fleetCounts.family, fleetCounts.key, fleetCounts.shard],
      set: { n: sql`${fleetCounts.n} + ${by}` },
    });
}

/**
 * Sets (a target) or clears (null) a unit's staged update, with the next desired revision, and moves the
 * `desired` counters in the same transaction. Answers the new row, or undefined when the unit does not
 * exist. The unit's row is locked first, so concurrent stagings of one unit count right.
 */
export async function writeStaging(
  db: Db,
  input: { serialNumber: string; target: StagedTarget | null; by: string; at: Date },
): Promise<DesiredRow | undefined> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [unit] = await t
      .select({ family: units.family, shard: units.shard })
      .from(units)
      .where(eq(units.serialNumber, input.serialNumber))
      .for('update');
    if (!unit) return undefined;
    const [before] = await t.select(desiredColumns).from(unitDesired).where(eq(unitDesired.serialNumber, input.serialNumber)).for('update');
    const target = input.target;
    const values = {
      rev: sql<number>`nextval('unit_desired_rev_seq')`,
      stagedSemantic: target?.semantic ?? null,
      stagedMeta: target?.meta ?? '',
      path: target?.path ?? null,
      stagedAt: target ? input.at : null,
      autoStaged: target?.autoStaged ?? false,
      updatedBy: input.by,
      updatedAt: new Date(),
    };
    const [after] = await t
      .insert(unitDesired)
      .values({ serialNumber: input.serialNumber, ...values })
      .onConflictDoUpdate({ target: unitDesired.serialNumber, set: values })
      .returning(desiredColumns);
    if (before?.stagedSemantic) await bumpDesired(t, unit.family, before.stagedSemantic, unit.shard, -1);
    if (target) await bumpDesired(t, unit.family, target.semantic, unit.shard, 1);
    return after;
  });
}

export async function readDesired(db: Db, serialNumber: string): Promise<DesiredRow | undefined> {
  const [row] = await db.select(desiredColumns).from(unitDesired).where(eq(unitDesired.serialNumber, serialNumber));
  return row;
}

/** Desired rows written at or after a transaction (the simulator follows them), for some shards or all. */
export async function desiredChangedSince(db: Db, xid: string, shards?: readonly number[]): Promise<DesiredRow[]> {
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

/** Serials of units with a staging, for tests and checks. */
export async function stagedSerials(db: Db): Promise<string[]> {
  const rows = await db.select({ s: unitDesired.serialNumber }).from(unitDesired).where(isNotNull(unitDesired.stagedSemantic));
  return rows.map((r) => r.s);
}
