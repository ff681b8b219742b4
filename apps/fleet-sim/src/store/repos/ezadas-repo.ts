import { asc, eq, ilike } from 'drizzle-orm';
import type { Db } from '../database';
import { ezFixtures, ezTargets } from '../schema';
import { escapeLike } from './users-repo';
import { deleteWhere, findOne, insertUnlessExists, pageOf, updateStamped, type Page } from './rows';

export type FixtureRow = typeof ezFixtures.$inferSelect;
export type TargetRow = typeof ezTargets.$inferSelect;

/** A page of fixtures by serial number; the filter matches the start of the serial, ignoring case. */
export async function listFixtures(
  db: Db,
  page: number,
  filterSerialNumber?: string,
): Promise<Page<FixtureRow>> {
  const where = filterSerialNumber
    ? ilike(ezFixtures.serialNumber, `${escapeLike(filterSerialNumber)}%`)
    : undefined;
  return pageOf(db, ezFixtures, { page, where, orderBy: [asc(ezFixtures.serialNumber)] });
}

export async function findFixture(db: Db, serialNumber: string): Promise<FixtureRow | undefined> {
  return findOne(db, ezFixtures, eq(ezFixtures.serialNumber, serialNumber));
}

/** Inserts a fixture unless one has the serial number; answers the new row, or undefined when it existed. */
export async function insertFixture(db: Db, serialNumber: string): Promise<FixtureRow | undefined> {
  return insertUnlessExists(db, ezFixtures, { serialNumber }, ezFixtures.serialNumber);
}

export async function updateFixture(
  db: Db,
  serialNumber: string,
  changes: Partial<Pick<FixtureRow, 'activationCount' | 'subscriptionPackage' | 'subscriptionExpires'>>,
): Promise<FixtureRow | undefined> {
  return updateStamped(db, ezFixtures, eq(ezFixtures.serialNumber, serialNumber), changes);
}

export async function deleteFixture(db: Db, serialNumber: string): Promise<boolean> {
  return deleteWhere(db, ezFixtures, eq(ezFixtures.serialNumber, serialNumber));
}

/** A page of targets by target name. */
export async function listTargets(db: Db, page: number): Promise<Page<TargetRow>> {
  return pageOf(db, ezTargets, { page, orderBy: [asc(ezTargets.targetName)] });
}

/** Inserts a target; answers undefined when the name is taken. */
export async function insertTarget(
  db: Db,
  row: Pick<TargetRow, 'targetName' | 'targetId' | 'packageName' | 'packageIndex'>,
): Promise<TargetRow | undefined> {
  return insertUnlessExists(db, ezTargets, row, ezTargets.targetName);
}

export async function updateTarget(
  db: Db,
  targetName: string,
  changes: Pick<TargetRow, 'targetId' | 'packageName' | 'packageIndex'>,
): Promise<TargetRow | undefined> {
  return updateStamped(db, ezTargets, eq(ezTargets.targetName, targetName), changes);
}

export async function deleteTarget(db: Db, targetName: string): Promise<boolean> {
  return deleteWhere(db, ezTargets, eq(ezTargets.targetName, targetName));
}
