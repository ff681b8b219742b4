import { count, desc, eq } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { ConflictError } from '../../core/errors';
import type { Db } from '../database';
import { specUpdates } from '../schema';

export type SpecUpdateRow = typeof specUpdates.$inferSelect;

export async function readAllSpecUpdates(db: Db): Promise<SpecUpdateRow[]> {
  return db.select().from(specUpdates);
}

/** A page of spec updates, newest first (back-office §2.3 Spec Releases tab). */
export async function listSpecUpdates(
  db: Db,
  page: number,
): Promise<{ docs: SpecUpdateRow[]; totalDocs: number }> {
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(specUpdates)
      .orderBy(desc(specUpdates.createdAt), desc(specUpdates.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(specUpdates),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}

export async function findSpecUpdateByPath(db: Db, path: string): Promise<SpecUpdateRow | undefined> {
  const [row] = await db.select().from(specUpdates).where(eq(specUpdates.path, path)).limit(1);
  return row;
}

/** Stores a spec update; a second one at the same path is a conflict (409). */
export async function insertSpecUpdate(db: Db, row: typeof specUpdates.$inferInsert): Promise<SpecUpdateRow> {
  const [created] = await db
    .insert(specUpdates)
    .values(row)
    .onConflictDoNothing({ target: specUpdates.path })
    .returning();
  if (!created)
    throw new ConflictError(
      `A spec update at ${row.path} is already published.`,
      { path: row.path },
      'already_published',
    );
  return created;
}

export async function updateSpecUpdate(
  db: Db,
  path: string,
  changes: Pick<SpecUpdateRow, 'active' | 'targetFamily' | 'filter'>,
): Promise<SpecUpdateRow | undefined> {
  const [row] = await db
    .update(specUpdates)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(specUpdates.path, path))
    .returning();
  return row;
}
