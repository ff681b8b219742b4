import { gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { unitTombstones } from '../schema';

/**
 * The oldest transaction still running now. Every transaction below it has ended, so a reader that next
 * asks for rows with `change_xid >= ` this value misses no commit, whatever order transactions end in
 * (ask for it before reading the rows it covers).
 */
export async function oldestRunningXid(db: Db): Promise<string> {
  const result = await db.execute<{ x: string }>(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS x`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { x: string }[] }).rows) as { x: string }[];
  const x = rows[0]?.x;
  if (!x) throw new Error('the store gave no snapshot');
  return x;
}

/** Serials of units whose row or desired state changed at or after a transaction. */
export async function changedUnitSerials(db: Db, xid: string): Promise<string[]> {
  const result = await db.execute<{ s: string }>(sql`
    SELECT serial_number AS s FROM units WHERE change_xid >= ${xid}::xid8
    UNION
    SELECT serial_number FROM unit_desired WHERE change_xid >= ${xid}::xid8`);
  return rowsOf<{ s: string }>(result).map((r) => r.s);
}

/** Records that a unit left (deleted, or renamed away), for readers that follow `units`. */
export async function addTombstone(db: Db, serialNumber: string): Promise<void> {
  await db.insert(unitTombstones).values({ serialNumber });
}

export async function tombstonesSince(db: Db, xid: string): Promise<string[]> {
  const rows = await db.select({ s: unitTombstones.serialNumber }).from(unitTombstones).where(gte(unitTombstones.changeXid, xid));
  return rows.map((r) => r.s);
}

export async function pruneTombstones(db: Db, before: Date): Promise<void> {
  await db.delete(unitTombstones).where(lt(unitTombstones.createdAt, before));
}

/** The rows of `db.execute`, whichever driver answered (node-postgres wraps them, PGlite too). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
