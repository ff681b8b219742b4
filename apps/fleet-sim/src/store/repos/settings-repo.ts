import { eq } from 'drizzle-orm';
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
