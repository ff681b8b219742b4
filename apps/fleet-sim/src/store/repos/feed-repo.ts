import { gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { unitChangeLog, unitTombstones, type LoggedIndexRow } from '../schema';

/**
 * The oldest transaction still running now. Every transaction below it has ended, so a reader that next
 * asks for rows with `change_xid >= ` this value misses no commit, whatever order transactions end in
 * (ask for it before reading the rows it covers).
 */
export async function oldestRunningXid(db: Db): Promise<string> {
  const result = await db.execute<{ x: string }>(
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { x: string }[] }).rows) as {
    x: string;
  }[];
  const x = rows[0]?.x;
  if (!x) throw new Error('the store gave no snapshot');
  return x;
}

/** What changed in the units since a transaction, as {@link changedUnits} finds it. */
export interface ChangedUnits {
  /** Index columns carried by the change records, oldest record first (a later row of a unit supersedes). */
  logged: LoggedIndexRow[];
  /** Units to read back: their desired state changed, or their record carries no columns. */
  serials: string[];
  /** The change records read (id and transaction), to leave out of the next reads. */
  records: { id: number; xid: bigint }[];
}

/**
 * The units whose row (unit_change_log) or desired state changed at or after a transaction; records
 * written by `skipWriter` (this process's own simulator, which hands them over directly) left out.
 * Records of one unit are ordered by their transaction: its simulator writes it one statement after
 * the other. Records in `seen` (read before) are left out: a reader asks from the oldest transaction still
 * running, so without it each record was read, parsed and applied two or three times.
 */
export async function changedUnits(
  db: Db,
  xid: string,
  skipWriter: string | null = null,
  seen: readonly number[] = [],
): Promise<ChangedUnits> {
  // One round trip: the records, then (last) the units whose desired state changed, as one row of serials.
  const rows = rowsOf<{
    id: string | number | null;
    xid: string | null;
    rows: LoggedIndexRow[] | null;
    serials: string[] | null;
  }>(
    await db.execute(sql`
      SELECT id, change_xid::text AS xid, rows, CASE WHEN rows IS NULL THEN serials END AS serials, change_xid AS ord FROM unit_change_log
      WHERE change_xid >= ${xid}::xid8 AND writer IS DISTINCT FROM ${skipWriter}::text AND NOT (id = ANY(${sql.param([...seen])}::bigint[]))
      UNION ALL
      SELECT NULL, NULL, NULL, array_agg(serial_number), NULL FROM unit_desired WHERE change_xid >= ${xid}::xid8 HAVING count(*) > 0
      ORDER BY ord NULLS LAST, id`),
  );
  const records = rows.filter((row) => row.id !== null);
  const serials = new Set<string>();
  for (const row of rows) row.serials?.forEach((s) => serials.add(s));
  return {
    logged: records.flatMap((record) => record.rows ?? []),
    serials: [...serials],
    records: records.map((record) => ({ id: Number(record.id), xid: BigInt(record.xid ?? 0) })),
  };
}

/** Records that some units' rows changed outside the write-behind (a rename). */
export async function logUnitChanges(db: Db, serials: readonly string[]): Promise<void> {
  if (serials.length > 0) await db.insert(unitChangeLog).values({ serials: [...serials] });
}

/** Drops change records older than an hour: readers follow them within a poll, or reload at start. */
export async function pruneChangeRecords(db: Db): Promise<void> {
  const before = new Date(Date.now() - 60 * 60_000);
  await db.delete(unitChangeLog).where(lt(unitChangeLog.createdAt, before));
  await db.delete(unitTombstones).where(lt(unitTombstones.createdAt, before));
}

/** Records that a unit left (deleted, or renamed away), for readers that follow `units`. */
export async function addTombstone(db: Db, serialNumber: string): Promise<void> {
  await db.insert(unitTombstones).values({ serialNumber });
}

export async function tombstonesSince(db: Db, xid: string): Promise<string[]> {
  const rows = await db
    .select({ s: unitTombstones.serialNumber })
    .from(unitTombstones)
    .where(gte(unitTombstones.changeXid, xid));
  return rows.map((r) => r.s);
}

/** The rows of `db.execute`, whichever driver answered (node-postgres wraps them, PGlite too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
