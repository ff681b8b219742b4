import { asc, count, desc, eq } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { pairings } from '../schema';

export type PairingRow = typeof pairings.$inferSelect;
export type PairingStatus = 'active' | 'completed' | 'aborted';
export type PairingSortField = 'vendor' | 'truPointSerialNumber' | 'createdAt';

const COLUMNS = {
  vendor: pairings.vendor,
  truPointSerialNumber: pairings.truPointSerialNumber,
  createdAt: pairings.createdAt,
} as const;

/** A page of one pairing list; without a sort, newest first. Ties keep the creation order. */
export async function listPairings(
  db: Db,
  query: { status: PairingStatus; page: number; sortBy?: PairingSortField; sortDesc: boolean },
): Promise<{ docs: PairingRow[]; totalDocs: number }> {
  const where = eq(pairings.status, query.status);
  const direction = query.sortBy ? (query.sortDesc ? desc : asc) : desc;
  const column = COLUMNS[query.sortBy ?? 'createdAt'];
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(pairings)
      .where(where)
      .orderBy(direction(column), direction(pairings.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(pairings).where(where),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}
