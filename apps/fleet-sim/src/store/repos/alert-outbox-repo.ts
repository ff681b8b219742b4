import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { alertDeliveries, alertNotifications, alertRules, alerts, webhooks } from '../schema';
import type { AlertRuleRow } from './alert-rules-repo';
import type { AlertRow } from './alerts-repo';
import { rowsOf } from './feed-repo';
import { findOne } from './rows';

/** The notifications of one rule and event not yet grouped into a message. */
export interface OutboxGroup {
  ruleId: number;
  event: string;
  /** Real time of the oldest. */
  oldest: Date;
  count: number;
}

/** Every rule and event with notifications waiting, with its oldest (real time). */
export function waitingGroups(db: Db): Promise<OutboxGroup[]> {
  return db
    .select({
      ruleId: alertNotifications.ruleId,
      event: alertNotifications.event,
      oldest: sql<Date>`min(${alertNotifications.createdAt})`.mapWith(alertNotifications.createdAt),
      count: sql<number>`count(*)::int`.mapWith(Number),
    })
    .from(alertNotifications)
    .where(isNull(alertNotifications.messageId))
    .groupBy(alertNotifications.ruleId, alertNotifications.event);
}

/** A group's notifications taken for a message: how many alerts they name, and the first of them as they are now. */
export interface TakenGroup {
  count: number;
  /** The first `limit` alerts by id (oldest first). */
  alerts: AlertRow[];
}

/**
 * Takes a group's waiting notifications for message `messageId` (inside the transaction that writes the message's
 * deliveries): marks them, counts their alerts (one per alert) and reads the first `limit` of those as they are now.
 * The count and the first ids come back as one row: a storm's group holds 100,000 alerts. No row lock is taken
 * first: the lease's fence orders the holders' writes, and a concurrent update of a row re-checks `message_id`.
 */
export async function takeGroup(
  tx: Db,
  ruleId: number,
  event: string,
  messageId: string,
  limit: number,
): Promise<TakenGroup> {
  const [taken] = rowsOf<{ n: number | string; first: number[] | null }>(
    await tx.execute(sql`
      WITH taken AS (
        UPDATE alert_notifications SET message_id = ${messageId}
        WHERE message_id IS NULL AND rule_id = ${ruleId} AND event = ${event}
        RETURNING alert_id)
      SELECT (SELECT count(DISTINCT alert_id) FROM taken)::int AS n,
             (SELECT array_agg(alert_id ORDER BY alert_id) FROM (SELECT DISTINCT alert_id FROM taken ORDER BY alert_id LIMIT ${limit}) f) AS first`),
  );
  const count = Number(taken?.n ?? 0);
  if (count === 0) return { count: 0, alerts: [] };
  const rows = await tx
    .select()
    .from(alerts)
    .where(sql`${alerts.id} = ANY(${sql.param((taken?.first ?? []).map(Number))}::int[])`)
    .orderBy(asc(alerts.id));
  return { count, alerts: rows };
}

/** A rule as the notifier reads it (it may have been deleted since its notifications were written). */
export async function findRule(db: Db, id: number): Promise<AlertRuleRow | undefined> {
  return findOne(db, alertRules, eq(alertRules.id, id));
}

/** The addresses of active users who chose e-mail for `severity` and have not muted it (users without a choice: `defaults`). */
export async function optedInAddresses(
  db: Db,
  severity: string,
  roles: readonly string[],
  defaults: readonly string[],
): Promise<string[]> {
  const rows = rowsOf<{ email: string }>(
    await db.execute(sql`
      SELECT u.email FROM users u LEFT JOIN alert_preferences p ON p.username = u.username
      WHERE u.active AND u.role = ANY(${sql.param([...roles])}::text[]) AND u.email <> ''
        AND ${severity} = ANY(coalesce(p.email_severities, ${sql.param([...defaults])}::text[]))
        AND (p.muted_until IS NULL OR p.muted_until <= now())
      ORDER BY u.username`),
  );
  return rows.map((r) => r.email);
}

/** A delivery to write. */
export interface NewDelivery {
  id: string;
  channel: 'webhook' | 'email';
  webhookId: number | null;
  recipients: string[] | null;
  event: string;
  title: string;
  payload: string;
}

export async function insertDeliveries(tx: Db, rows: readonly NewDelivery[]): Promise<void> {
  if (rows.length > 0) await tx.insert(alertDeliveries).values([...rows]);
}

/** A delivery due for an attempt, with its webhook's URL and secret. */
export interface DueDelivery {
  id: string;
  channel: string;
  webhookId: number | null;
  url: string | null;
  secret: string | null;
  recipients: string[] | null;
  event: string;
  title: string;
  payload: string;
  attempts: number;
  firstAttemptAt: Date | null;
}

/** Deliveries whose next attempt is due, oldest first. */
export function dueDeliveries(db: Db, limit: number): Promise<DueDelivery[]> {
  return (
    db
      .select({
        id: alertDeliveries.id,
        channel: alertDeliveries.channel,
        webhookId: alertDeliveries.webhookId,
        url: webhooks.url,
        secret: webhooks.secret,
        recipients: alertDeliveries.recipients,
        event: alertDeliveries.event,
        title: alertDeliveries.title,
        payload: alertDeliveries.payload,
        attempts: alertDeliveries.attempts,
        firstAttemptAt: alertDeliveries.firstAttemptAt,
      })
      .from(alertDeliveries)
      .leftJoin(webhooks, eq(webhooks.id, alertDeliveries.webhookId))
      // The state as a literal, as the partial index alert_deliveries_due_idx says it.
      .where(and(sql`${alertDeliveries.state} = 'pending'`, sql`${alertDeliveries.nextAttemptAt} <= now()`))
      .orderBy(asc(alertDeliveries.nextAttemptAt))
      .limit(limit)
  );
}

/** What one attempt gave: delivered, retry at `nextAttemptAt`, or failed for good. */
export interface AttemptOutcome {
  state: 'delivered' | 'pending' | 'failed';
  status: number | null;
  response: string | null;
  at: Date;
  nextAttemptAt: Date | null;
}

/** Records an attempt of a delivery. */
export async function recordAttempt(tx: Db, id: string, outcome: AttemptOutcome): Promise<void> {
  await tx
    .update(alertDeliveries)
    .set({
      state: outcome.state,
      attempts: sql`${alertDeliveries.attempts} + 1`,
      lastStatus: outcome.status,
      lastResponse: outcome.response,
      lastAttemptAt: outcome.at,
      firstAttemptAt: sql`coalesce(${alertDeliveries.firstAttemptAt}, ${outcome.at.toISOString()}::timestamptz)`,
      nextAttemptAt: outcome.nextAttemptAt,
    })
    .where(and(eq(alertDeliveries.id, id), eq(alertDeliveries.state, 'pending')));
}
