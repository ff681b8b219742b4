import { and, asc, count, eq, lte } from 'drizzle-orm';
import type { Db } from '../database';
import { schedules } from '../schema';

export type ScheduleRow = typeof schedules.$inferSelect;

/** Scheduled updates per day, for the date picker's day-load colours (back-office §7.3). */
export async function countByDay(db: Db): Promise<{ date: string; n: number }[]> {
  return db
    .select({ date: schedules.date, n: count() })
    .from(schedules)
    .where(eq(schedules.status, 'scheduled'))
    .groupBy(schedules.date)
    .orderBy(asc(schedules.date));
}

export async function insertSchedules(db: Db, rows: (typeof schedules.$inferInsert)[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) await db.insert(schedules).values(rows.slice(i, i + 1000));
}

/** Schedules whose day has come (in simulated time) and that were not played yet. */
export async function dueSchedules(db: Db, today: string, limit: number): Promise<ScheduleRow[]> {
  return db
    .select()
    .from(schedules)
    .where(and(eq(schedules.status, 'scheduled'), lte(schedules.date, today)))
    .orderBy(asc(schedules.id))
    .limit(limit);
}

export async function markSchedule(db: Db, id: number, status: 'staged' | 'skipped'): Promise<void> {
  await db.update(schedules).set({ status }).where(eq(schedules.id, id));
}
