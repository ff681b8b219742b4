import { asc, count, eq, ilike } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { ezFixtures, ezTargets } from '../schema';
import { escapeLike } from './users-repo';

export type FixtureRow = typeof ezFixtures.$inferSelect;
export type TargetRow = typeof ezTargets.$inferSelect;

/** A page of fixtures by serial number; the filter matches the start of the serial, ignoring case. */
export async function listFixtures(
  db: Db,
  page: number,
  filterSerialNumber?: string,
): Promise<{ docs: FixtureRow[]; totalDocs: number }> {
  const where = filterSerialNumber
    ? ilike(ezFixtures.serialNumber, `${escapeLike(filterSerialNumber)}%`)
    : undefined;
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(ezFixtures)
      .where(where)
      .orderBy(asc(ezFixtures.serialNumber))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(ezFixtures).where(where),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}

export async function findFixture(db: Db, serialNumber: string): Promise<FixtureRow | undefined> {
  const [row] = await db.select().from(ezFixtures).where(eq(ezFixtures.serialNumber, serialNumber)).limit(1);
  return row;
}

/** Inserts a fixture unless one has the serial number; answers the new row, or undefined when it existed. */
export async function insertFixture(db: Db, serialNumber: string): Promise<FixtureRow | undefined> {
  const [row] = await db
    .insert(ezFixtures)
    .values({ serialNumber })
    .onConflictDoNothing({ target: ezFixtures.serialNumber })
    .returning();
  return row;
}

export async function updateFixture(
  db: Db,
  serialNumber: string,
  changes: Partial<Pick<FixtureRow, 'activationCount' | 'subscriptionPackage' | 'subscriptionExpires'>>,
): Promise<FixtureRow | undefined> {
  const [row] = await db
    .update(ezFixtures)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(ezFixtures.serialNumber, serialNumber))
    .returning();
  return row;
}

export async function deleteFixture(db: Db, serialNumber: string): Promise<boolean> {
  const rows = await db
    .delete(ezFixtures)
    .where(eq(ezFixtures.serialNumber, serialNumber))
    .returning({ serialNumber: ezFixtures.serialNumber });
  return rows.length > 0;
}

/** A page of targets by target name. */
export async function listTargets(db: Db, page: number): Promise<{ docs: TargetRow[]; totalDocs: number }> {
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(ezTargets)
      .orderBy(asc(ezTargets.targetName))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(ezTargets),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}

/** Inserts a target; answers undefined when the name is taken. */
export async function insertTarget(
  db: Db,
  row: Pick<TargetRow, 'targetName' | 'targetId' | 'packageName' | 'packageIndex'>,
): Promise<TargetRow | undefined> {
  const [created] = await db
    .insert(ezTargets)
    .values(row)
    .onConflictDoNothing({ target: ezTargets.targetName })
    .returning();
  return created;
}

export async function updateTarget(
  db: Db,
  targetName: string,
  changes: Pick<TargetRow, 'targetId' | 'packageName' | 'packageIndex'>,
): Promise<TargetRow | undefined> {
  const [row] = await db
    .update(ezTargets)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(ezTargets.targetName, targetName))
    .returning();
  return row;
}

export async function deleteTarget(db: Db, targetName: string): Promise<boolean> {
  const rows = await db
    .delete(ezTargets)
    .where(eq(ezTargets.targetName, targetName))
    .returning({ targetName: ezTargets.targetName });
  return rows.length > 0;
}
