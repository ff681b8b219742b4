import { eq } from 'drizzle-orm';
import type { Db } from '../database';
import { alertPreferences } from '../schema';
import { findOne } from './rows';

export type AlertPreferencesRow = typeof alertPreferences.$inferSelect;

/** A user's stored preferences, or undefined when they never chose. */
export async function findPreferences(db: Db, username: string): Promise<AlertPreferencesRow | undefined> {
  return findOne(db, alertPreferences, eq(alertPreferences.username, username));
}

/**
 * Changes the fields of `change` in a user's preferences (a user who never chose starts from `defaults`), in one
 * statement; answers them as stored.
 */
export async function changePreferences(
  db: Db,
  username: string,
  change: Partial<Pick<AlertPreferencesRow, 'emailSeverities' | 'mutedUntil'>>,
  defaults: Pick<AlertPreferencesRow, 'emailSeverities' | 'mutedUntil'>,
): Promise<AlertPreferencesRow> {
  const query = db.insert(alertPreferences).values({ ...defaults, ...change, username });
  const [saved] = await (
    Object.keys(change).length > 0
      ? query.onConflictDoUpdate({ target: alertPreferences.username, set: change })
      : query.onConflictDoNothing()
  ).returning();
  return saved ?? (await findPreferences(db, username)) ?? { ...defaults, username };
}
