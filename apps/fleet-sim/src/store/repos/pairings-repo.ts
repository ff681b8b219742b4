import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../database';
import { pairings } from '../schema';
import { pageOf, type Page } from './rows';

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
): Promise<Page<PairingRow>> {
  const where = eq(pairings.status, query.status);
  const direction = query.sortBy ? (query.sortDesc ? desc : asc) : desc;
  const column = COLUMNS[query.sortBy ?? 'createdAt'];
  return pageOf(db, pairings, {
    page: query.page,
    where,
    orderBy: [direction(column), direction(pairings.id)],
  });
}
