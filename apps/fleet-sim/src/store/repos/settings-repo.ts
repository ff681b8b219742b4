import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { simSettings } from '../schema';

export async function readSetting<T>(db: Db, key: string): Promise<T | undefined> {
  const [row] = await db.select().from(simSettings).where(eq(simSettings.key, key)).limit(1);
  return row?.value as T | undefined;
}

/** Writes a setting unless another process wrote it first (first writer wins). */
export async function writeSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db.insert(simSettings).values({ key, value }).onConflictDoNothing();
}

export async function replaceSetting(db: Db, key: string, value: unknown): Promise<void> {
  await db
    .insert(simSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: simSettings.key, set: { value, updatedAt: new Date() } });
}

/** Several settings at once (the followers read the clock and the fleet's settings together). */
export async function readSettings(db: Db, keys: readonly string[]): Promise<Map<string, unknown>> {
  const rows = await db
    .select({ key: simSettings.key, value: simSettings.value })
    .from(simSettings)
    .where(inArray(simSettings.key, [...keys]));
  return new Map(rows.map((r) => [r.key, r.value]));
}
