import { and, eq, max } from 'drizzle-orm';
import { ConflictError } from '../../core/errors';
import type { Db } from '../database';
import { softwareUpdates } from '../schema';
import { findOne } from './rows';

export type SoftwareUpdateRow = typeof softwareUpdates.$inferSelect;

export async function readSoftwareUpdates(db: Db): Promise<SoftwareUpdateRow[]> {
  return db.select().from(softwareUpdates);
}

/** A family's published updates (any order). */
export async function readFamilyUpdates(db: Db, family: string): Promise<SoftwareUpdateRow[]> {
  return db.select().from(softwareUpdates).where(eq(softwareUpdates.family, family));
}

export async function findSoftwareUpdate(
  db: Db,
  family: string,
  semantic: string,
): Promise<SoftwareUpdateRow | undefined> {
  return findOne(
    db,
    softwareUpdates,
    and(eq(softwareUpdates.family, family), eq(softwareUpdates.semantic, semantic)),
  );
}

/** Stores a published update; publishing the same family and version twice is a conflict (409). */
export async function insertSoftwareUpdate(
  db: Db,
  row: typeof softwareUpdates.$inferInsert,
): Promise<SoftwareUpdateRow> {
  const [created] = await db.insert(softwareUpdates).values(row).onConflictDoNothing().returning();
  if (!created) {
    throw new ConflictError(
      `${row.family} update ${row.semantic}${row.meta ? ` - ${row.meta}` : ''} is already published.`,
      undefined,
      'already_published',
    );
  }
  return created;
}

/** The newest published update's id (followers re-read the releases when it moves). */
export async function lastSoftwareUpdateId(db: Db): Promise<number> {
  const [row] = await db.select({ id: max(softwareUpdates.id) }).from(softwareUpdates);
  return row?.id ?? 0;
}
