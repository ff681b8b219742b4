import { and, asc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { schedulerActivity, schedulerCounters } from '../schema';
import { findOne } from './rows';

export type SchedulerCountersRow = typeof schedulerCounters.$inferSelect;
export type SchedulerActivityRow = typeof schedulerActivity.$inferSelect;

export async function readCounters(db: Db, family: string): Promise<SchedulerCountersRow | undefined> {
  return findOne(db, schedulerCounters, eq(schedulerCounters.family, family));
}

/** A family's buckets of one kind ('day' or 'hour') from `fromKey` on, oldest first (keys sort in time). */
export async function readActivity(
  db: Db,
  family: string,
  bucket: 'day' | 'hour',
  fromKey: string,
): Promise<SchedulerActivityRow[]> {
  return db
    .select()
    .from(schedulerActivity)
    .where(
      and(
        eq(schedulerActivity.family, family),
        eq(schedulerActivity.bucket, bucket),
        gte(schedulerActivity.key, fromKey),
      ),
    )
    .orderBy(asc(schedulerActivity.key));
}

/**
 * Adds deliveries and auto-staged updates to a bucket and records the family's current figures
 * (units at the current version, connected units) in it: one upsert per bucket.
 */
export async function addActivity(
  db: Db,
  row: {
    family: string;
    bucket: 'day' | 'hour';
    key: string;
    deliveries: number;
    autoStaged: number;
    atCurrentVersion: number;
    connectedCount: number;
  },
): Promise<void> {
  await db
    .insert(schedulerActivity)
    .values(row)
    .onConflictDoUpdate({
      target: [schedulerActivity.family, schedulerActivity.bucket, schedulerActivity.key],
      set: {
        deliveries: sql`${schedulerActivity.deliveries} + excluded.deliveries`,
        autoStaged: sql`${schedulerActivity.autoStaged} + excluded.auto_staged`,
        atCurrentVersion: sql`excluded.at_current_version`,
        connectedCount: sql`excluded.connected_count`,
      },
    });
}

/** Counts auto-staged updates into the family's running counter. */
export async function addAutoStaged(db: Db, family: string, count: number): Promise<void> {
  await db
    .insert(schedulerCounters)
    .values({ family, autoStaged: count })
    .onConflictDoUpdate({
      target: schedulerCounters.family,
      set: { autoStaged: sql`${schedulerCounters.autoStaged} + excluded.auto_staged` },
    });
}
