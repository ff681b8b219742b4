import { alertRuleSchema, alertSchema, type Alert, type AlertRule } from '@equipment-dashboard/contract';
import { asc, eq } from 'drizzle-orm';
import type { AlertEvaluator } from '../jobs/alerts/alert-evaluator';
import type { AlertNotifier } from '../jobs/notifications/alert-notifier';
import { alertEvents, alertNotifications, alerts } from '../store/schema';
import type { SuiteServer } from './test-server';

/** Creates an alert rule as an engineer would (the contract's create call), answering it. */
export async function createRule(
  t: SuiteServer,
  fields: Record<string, unknown>,
  user = 'engineer',
): Promise<AlertRule> {
  const res = await t
    .as(user)
    .post('/create/alert_rule/v1')
    .send({ name: 'test rule', kind: 'unitOffline', severity: 'major', forMinutes: 5, ...fields });
  if (res.status !== 201) throw new Error(`rule not created: ${res.status} ${JSON.stringify(res.body)}`);
  return alertRuleSchema.parse(res.body);
}

/** Changes a rule as an engineer would. */
export async function updateRule(
  t: SuiteServer,
  id: number,
  fields: Record<string, unknown>,
): Promise<AlertRule> {
  const res = await t
    .as('engineer')
    .post('/update/alert_rule/v1')
    .send({ id, ...fields });
  if (res.status !== 200) throw new Error(`rule not changed: ${res.status} ${JSON.stringify(res.body)}`);
  return alertRuleSchema.parse(res.body);
}

/** The test server's alert evaluator (a test server runs the background jobs). */
export function evaluatorOf(t: SuiteServer): AlertEvaluator {
  if (!t.server.alerts) throw new Error('the test server runs no background jobs (FLEET_JOBS=none)');
  return t.server.alerts;
}

/** The test server's alert notifier (a test server runs the background jobs). */
export function notifierOf(t: SuiteServer): AlertNotifier {
  if (!t.server.notifier) throw new Error('the test server runs no background jobs (FLEET_JOBS=none)');
  return t.server.notifier;
}

/** One full look of the alert evaluator, now. */
export async function evaluate(t: SuiteServer): Promise<void> {
  await evaluatorOf(t).evaluateNow();
}

/** The alerts of a rule as the store holds them, oldest first (as the list answers each). */
export async function alertsOfRule(t: SuiteServer, ruleId: number): Promise<Alert[]> {
  const rows = await t.server.deps.db
    .select()
    .from(alerts)
    .where(eq(alerts.ruleId, ruleId))
    .orderBy(asc(alerts.id));
  return rows.map((row) =>
    alertSchema.parse({
      ...row,
      startedAt: row.startedAt.toISOString(),
      firedAt: row.firedAt?.toISOString() ?? null,
      acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
      resolvedAt: row.resolvedAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
    }),
  );
}

/** The outbox rows of an alert, oldest first (their events). */
export async function outboxOf(t: SuiteServer, alertId: number): Promise<string[]> {
  const rows = await t.server.deps.db
    .select()
    .from(alertNotifications)
    .where(eq(alertNotifications.alertId, alertId))
    .orderBy(asc(alertNotifications.id));
  return rows.map((r) => r.event);
}

/** An alert's state changes as the store holds them, oldest first. */
export function alertEventsOf(t: SuiteServer, alertId: number) {
  return t.server.deps.db
    .select()
    .from(alertEvents)
    .where(eq(alertEvents.alertId, alertId))
    .orderBy(asc(alertEvents.id));
}

/** An alert's state history as `from>to by`. */
export async function historyOf(t: SuiteServer, alertId: number): Promise<string[]> {
  return (await alertEventsOf(t, alertId)).map((r) => `${r.fromState ?? '-'}>${r.toState} ${r.by}`);
}
