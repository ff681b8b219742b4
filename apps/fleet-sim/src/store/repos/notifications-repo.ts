import { desc } from 'drizzle-orm';
import type { Db } from '../database';
import { notifications } from '../schema';
import { insertOne, pageOf, type Page } from './rows';

export type NotificationRow = typeof notifications.$inferSelect;

/** A page of notifications, the latest beginning first. */
export async function listNotifications(db: Db, page: number): Promise<Page<NotificationRow>> {
  return pageOf(db, notifications, { page, orderBy: [desc(notifications.beginsOn), desc(notifications.id)] });
}

export async function insertNotification(
  db: Db,
  row: typeof notifications.$inferInsert,
): Promise<NotificationRow> {
  return insertOne(db, notifications, row);
}
