import { count, desc } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { notifications } from '../schema';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of notifications, the latest beginning first. */
export async function listNotifications(
  db: Db,
  page: number,
): Promise<{ docs: NotificationRow[]; totalDocs: number }> {
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .orderBy(desc(notifications.beginsOn), desc(notifications.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(notifications),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}

export async function insertNotification(
  db: Db,
  row: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  const [created] = await db.insert(notifications).values(row).returning();
  if (!created) throw new Error('insert returned no row');
  return created;
}
