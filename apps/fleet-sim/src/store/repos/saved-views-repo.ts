import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../database';
import { savedViews } from '../schema';
import { deleteWhere, findOne, insertOne } from './rows';

export type SavedViewRow = typeof savedViews.$inferSelect;

/** A screen's views that `username` may apply: their own and the shared ones, by name. */
export async function viewsFor(db: Db, screen: string, username: string): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedViews)
    .where(
      and(eq(savedViews.screen, screen), or(eq(savedViews.owner, username), eq(savedViews.shared, true))),
    )
    .orderBy(asc(savedViews.name), asc(savedViews.id));
}

export async function insertView(db: Db, row: typeof savedViews.$inferInsert): Promise<SavedViewRow> {
  return insertOne(db, savedViews, row);
}

export async function findView(db: Db, id: number): Promise<SavedViewRow | undefined> {
  return findOne(db, savedViews, eq(savedViews.id, id));
}

/** Deletes a view; answers whether it was there. */
export async function deleteView(db: Db, id: number): Promise<boolean> {
  return deleteWhere(db, savedViews, eq(savedViews.id, id));
}
