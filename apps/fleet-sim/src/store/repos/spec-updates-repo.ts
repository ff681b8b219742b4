import { desc, eq } from 'drizzle-orm';
import { ConflictError } from '../../core/errors';
import type { Db } from '../database';
import { specUpdates } from '../schema';
import { findOne, insertUnlessExists, pageOf, updateStamped, type Page } from './rows';

export type SpecUpdateRow = typeof specUpdates.$inferSelect;

/** A stored spec update's prerequisites as the three versions they name ('' for one they do not). */
export function prerequisitesOf(row: Pick<SpecUpdateRow, 'prerequisites'>): {
  require: string;
  gtpsRequire: string;
  oasisRequire: string;
} {
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  return {
    require: text(row.prerequisites['require']),
    gtpsRequire: text(row.prerequisites['gtpsRequire']),
    oasisRequire: text(row.prerequisites['oasisRequire']),
  };
}

export async function readAllSpecUpdates(db: Db): Promise<SpecUpdateRow[]> {
  return db.select().from(specUpdates);
}

/** A page of spec updates, newest first (back-office §2.3 Spec Releases tab). */
export async function listSpecUpdates(db: Db, page: number): Promise<Page<SpecUpdateRow>> {
  return pageOf(db, specUpdates, { page, orderBy: [desc(specUpdates.createdAt), desc(specUpdates.id)] });
}

export async function findSpecUpdateByPath(db: Db, path: string): Promise<SpecUpdateRow | undefined> {
  return findOne(db, specUpdates, eq(specUpdates.path, path));
}

/** Stores a spec update; a second one at the same path is a conflict (409). */
export async function insertSpecUpdate(db: Db, row: typeof specUpdates.$inferInsert): Promise<SpecUpdateRow> {
  const created = await insertUnlessExists(db, specUpdates, row, specUpdates.path);
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
  return updateStamped(db, specUpdates, eq(specUpdates.path, path), changes);
}
