import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { alertDeliveries, webhooks } from '../schema';
import { deleteWhere, findOne, insertOne, pageOf, type Page } from './rows';

export type WebhookRow = typeof webhooks.$inferSelect;
export type DeliveryRow = typeof alertDeliveries.$inferSelect;

/** A webhook's last delivery: its state, when it was last tried (or queued), the receiver's last status. */
export interface LastDelivery {
  state: string;
  at: Date;
  status: number | null;
}

export function insertWebhook(db: Db, row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
  return insertOne(db, webhooks, row);
}

/** Of `ids`, the webhooks that exist. */
export async function existingWebhookIds(db: Db, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(inArray(webhooks.id, [...ids]));
  return new Set(rows.map((r) => r.id));
}

export async function findWebhook(db: Db, id: number): Promise<WebhookRow | undefined> {
  return findOne(db, webhooks, eq(webhooks.id, id));
}

/** Every webhook, by name. */
export function listWebhooks(db: Db): Promise<WebhookRow[]> {
  return db.select().from(webhooks).orderBy(asc(webhooks.name), asc(webhooks.id));
}

/** The last delivery of each of some webhooks (one index probe per webhook). */
export async function lastDeliveries(db: Db, ids: readonly number[]): Promise<Map<number, LastDelivery>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([alertDeliveries.webhookId], {
      webhookId: alertDeliveries.webhookId,
      state: alertDeliveries.state,
      createdAt: alertDeliveries.createdAt,
      lastAttemptAt: alertDeliveries.lastAttemptAt,
      status: alertDeliveries.lastStatus,
    })
    .from(alertDeliveries)
    .where(inArray(alertDeliveries.webhookId, [...ids]))
    .orderBy(alertDeliveries.webhookId, desc(alertDeliveries.createdAt), desc(alertDeliveries.id));
  return new Map(
    rows.map((r) => [
      r.webhookId ?? 0,
      { state: r.state, at: r.lastAttemptAt ?? r.createdAt, status: r.status },
    ]),
  );
}

/** Deletes a webhook and, with it, its deliveries (pending ones are dropped); answers whether it was there. */
export async function deleteWebhook(db: Db, id: number): Promise<boolean> {
  return deleteWhere(db, webhooks, eq(webhooks.id, id));
}

/** A page of a webhook's deliveries, newest first. */
export function listDeliveries(
  db: Db,
  query: { page: number; webhookId: number },
): Promise<Page<DeliveryRow>> {
  return pageOf(db, alertDeliveries, {
    page: query.page,
    where: eq(alertDeliveries.webhookId, query.webhookId),
    orderBy: [desc(alertDeliveries.createdAt), desc(alertDeliveries.id)],
  });
}

/** Queues one delivery to a webhook, due now (`next_attempt_at` defaults to now(): the sender takes it from the store). */
export function insertDelivery(
  db: Db,
  row: { id: string; webhookId: number; event: string; title: string; payload: string },
): Promise<DeliveryRow> {
  return insertOne(db, alertDeliveries, { ...row, channel: 'webhook', state: 'pending' });
}
