import { eq } from 'drizzle-orm';
import type { Db } from '../database';
import { alertPreferences } from '../schema';

export type AlertPreferencesRow = typeof alertPreferences.$inferSelect;

/** A user's stored preferences, or undefined when they never chose. */
export async function findPreferences(db: Db, username: string): Promise<AlertPreferencesRow | undefined> {
  const [row] = await db
    .select()
    .from(alertPreferences)
    .where(eq(alertPreferences.username, username))
    .limit(1);
  return row;
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
