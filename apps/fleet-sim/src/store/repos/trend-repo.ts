import { asc, gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { trendSamples } from '../schema';

/** Records a sample unless another process recorded this minute first. */
export async function addTrendSample(db: Db, at: Date, connected: number): Promise<void> {
  await db.insert(trendSamples).values({ at, connected }).onConflictDoNothing();
}

export async function trendSamplesSince(db: Db, from: Date): Promise<{ at: number; connected: number }[]> {
  const rows = await db
    .select()
    .from(trendSamples)
    .where(gte(trendSamples.at, from))
    .orderBy(asc(trendSamples.at));
  return rows.map((r) => ({ at: r.at.getTime(), connected: r.connected }));
}

export async function pruneTrendSamples(db: Db, before: Date): Promise<void> {
  await db.delete(trendSamples).where(sql`${trendSamples.at} < ${before}`);
}
