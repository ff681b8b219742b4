import { count, desc, ilike, or } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { cameraCals } from '../schema';
import { escapeLike } from './users-repo';

export type CameraCalRow = typeof cameraCals.$inferSelect;

/**
 * A page of camera calibration records, newest first. The filter matches the start of any left or
 * right board's serial number, ignoring case (`board_serials` holds them joined by commas).
 */
export async function listCameraCals(
  db: Db,
  page: number,
  filterSerialNumber?: string,
): Promise<{ docs: CameraCalRow[]; totalDocs: number }> {
  const prefix = filterSerialNumber ? escapeLike(filterSerialNumber) : undefined;
  const where = prefix
    ? or(ilike(cameraCals.boardSerials, `${prefix}%`), ilike(cameraCals.boardSerials, `%,${prefix}%`))
    : undefined;
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(cameraCals)
      .where(where)
      .orderBy(desc(cameraCals.date), desc(cameraCals.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(cameraCals).where(where),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}
