import { desc, ilike, or } from 'drizzle-orm';
import type { Db } from '../database';
import { cameraCals } from '../schema';
import { escapeLike } from './users-repo';
import { pageOf, type Page } from './rows';

export type CameraCalRow = typeof cameraCals.$inferSelect;

/**
 * A page of camera calibration records, newest first. The filter matches the start of any left or
 * right board's serial number, ignoring case (`board_serials` holds them joined by commas).
 */
export async function listCameraCals(
  db: Db,
  page: number,
  filterSerialNumber?: string,
): Promise<Page<CameraCalRow>> {
  const prefix = filterSerialNumber ? escapeLike(filterSerialNumber) : undefined;
  const where = prefix
    ? or(ilike(cameraCals.boardSerials, `${prefix}%`), ilike(cameraCals.boardSerials, `%,${prefix}%`))
    : undefined;
  return pageOf(db, cameraCals, { page, where, orderBy: [desc(cameraCals.date), desc(cameraCals.id)] });
}
