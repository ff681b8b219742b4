import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { AlertState } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { alertEvents, alerts } from '../schema';
import { recordAudit, type AuditRecord } from './audit-log-repo';
import { recordHistory, type HistoryEvent } from './history-repo';
import { rowsOf } from './feed-repo';
import { pageOf, type Page } from './rows';

export type AlertRow = typeof alerts.$inferSelect;
export type AlertEventRow = typeof alertEvents.$inferSelect;

/** Rows one statement writes at most. */
export const ALERT_WRITE_BATCH = 1_000;

/** The notification an alert's change puts in the outbox. */
export type OutboxEvent = 'firing' | 'resolved' | 'acknowledged' | 'reminder' | 'escalation';

/**
 * The notification a change of state owes: firing when an alert starts to fire (or fires again after a silence);
 * resolved and acknowledged only for an alert receivers heard fire (a pending or silenced one notified nobody).
 */
export function notificationOf(from: AlertState | null, to: AlertState): OutboxEvent | null {
  if (to === 'firing') return from === 'firing' ? null : 'firing';
  const heard = from === 'firing' || from === 'acknowledged';
  if (to === 'resolved' && heard) return 'resolved';
  if (to === 'acknowledged' && from === 'firing') return 'acknowledged';
  return null;
}

/** The alerts list's filters. */
export interface AlertListQuery {
  page: number;
  state?: AlertState;
  severity?: string;
  ruleId?: number;
  family?: string;
  serialNumber?: string;
  /** The place the alert's unit was in when it opened. */
  countryCode?: string;
  region?: string;
}

function listWhere(query: Omit<AlertListQuery, 'page'>): SQL | undefined {
  const serial = query.serialNumber?.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    query.state ? eq(alerts.state, query.state) : undefined,
    query.severity ? eq(alerts.severity, query.severity) : undefined,
    query.ruleId ? eq(alerts.ruleId, query.ruleId) : undefined,
    query.family ? eq(alerts.family, query.family) : undefined,
    serial ? sql`upper(${alerts.serialNumber}) LIKE ${`${serial}%`}` : undefined,
    query.countryCode ? eq(alerts.countryCode, query.countryCode) : undefined,
    query.region ? sql`lower(${alerts.region}) = ${query.region.toLowerCase()}` : undefined,
  );
}

/** A page of alerts, most recently changed first. */
export function listAlerts(db: Db, query: AlertListQuery): Promise<Page<AlertRow>> {
  return pageOf(db, alerts, {
    page: query.page,
    where: listWhere(query),
    orderBy: [desc(alerts.updatedAt), desc(alerts.id)],
  });
}

/** Alerts by id (any order; ids not stored are left out). */
export async function findAlerts(db: Db, ids: readonly number[]): Promise<AlertRow[]> {
  if (ids.length === 0) return [];
  const out: AlertRow[] = [];
  for (let i = 0; i < ids.length; i += ALERT_WRITE_BATCH) {
    out.push(
      ...(await db
        .select()
        .from(alerts)
        .where(inArray(alerts.id, ids.slice(i, i + ALERT_WRITE_BATCH)))),
    );
  }
  return out;
}

/** An alert's changes of state, oldest first. */
export function alertEventsOf(db: Db, alertId: number): Promise<AlertEventRow[]> {
  return db.select().from(alertEvents).where(eq(alertEvents.alertId, alertId)).orderBy(asc(alertEvents.id));
}

/** Alerts firing or acknowledged, counted by state and severity (the bell's figures). */
export async function countFiringAlerts(db: Db): Promise<{ state: string; severity: string; n: number }[]> {
  const result = await db.execute(sql`
    SELECT state, severity, count(*)::int AS n FROM alerts WHERE state IN ('firing', 'acknowledged') GROUP BY state, severity`);
  return rowsOf<{ state: string; severity: string; n: number | string }>(result).map((r) => ({
    ...r,
    n: Number(r.n),
  }));
}

/** Locks alerts for a change of state (until the transaction ends) and answers them as they are now. */
export async function lockAlerts(tx: Db, ids: readonly number[]): Promise<AlertRow[]> {
  const out: AlertRow[] = [];
  for (let i = 0; i < ids.length; i += ALERT_WRITE_BATCH) {
    out.push(
      ...(await tx
        .select()
        .from(alerts)
        .where(inArray(alerts.id, ids.slice(i, i + ALERT_WRITE_BATCH)))
        .orderBy(asc(alerts.id))
        .for('update')),
    );
  }
  return out;
}

/** The open alerts of some rules (all rules when none named), as the evaluator loads them when it takes over. */
export async function* openAlertsOf(db: Db, ruleIds: readonly number[]): AsyncGenerator<AlertRow[]> {
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(alerts)
      .where(
        and(
          sql`${alerts.state} <> 'resolved'`,
          sql`${alerts.id} > ${after}`,
          ruleIds.length ? inArray(alerts.ruleId, [...ruleIds]) : undefined,
        ),
      )
      .orderBy(asc(alerts.id))
      .limit(5_000);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/**
 * Of some subjects of a rule, those with an alert that started at or after the given time (the same episode of
 * the condition already had its alert: it was resolved by hand, or the condition was already seen).
 */
export async function subjectsAlertedSince(
  db: Db,
  ruleId: number,
  subjects: readonly { key: string; since: Date }[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < subjects.length; i += ALERT_WRITE_BATCH) {
    const slice = subjects.slice(i, i + ALERT_WRITE_BATCH);
    const result = await db.execute(sql`
      SELECT DISTINCT d.key FROM unnest(${sql.param(slice.map((s) => s.key))}::text[], ${sql.param(slice.map((s) => s.since.toISOString()))}::timestamptz[]) AS d(key, since)
      JOIN alerts a ON a.rule_id = ${ruleId} AND a.subject_key = d.key AND a.started_at >= d.since`);
    for (const row of rowsOf<{ key: string }>(result)) out.add(row.key);
  }
  return out;
}

/** The open alert of a rule's subject, if any. */
export async function openAlertOf(db: Db, ruleId: number, subjectKey: string): Promise<AlertRow | undefined> {
  const [row] = await db
    .select()
    .from(alerts)
    .where(
      and(eq(alerts.ruleId, ruleId), eq(alerts.subjectKey, subjectKey), sql`${alerts.state} <> 'resolved'`),
    );
  return row;
}

/**
 * Firing alerts of a rule owed a reminder (none for `remindMs` since it fired or was last reminded) or the
 * escalation (firing `escalateMs` and not escalated yet), a batch at a time.
 */
export function alertsDueReminder(
  db: Db,
  ruleId: number,
  now: Date,
  remindMs: number | null,
  escalateMs: number | null,
  limit = ALERT_WRITE_BATCH,
): Promise<AlertRow[]> {
  const nowIso = now.toISOString();
  const remind = remindMs
    ? sql`coalesce(${alerts.lastRemindedAt}, ${alerts.firedAt}) <= ${nowIso}::timestamptz - make_interval(secs => ${remindMs / 1000})`
    : sql`false`;
  const escalate = escalateMs
    ? sql`(${alerts.escalatedAt} IS NULL AND ${alerts.firedAt} <= ${nowIso}::timestamptz - make_interval(secs => ${escalateMs / 1000}))`
    : sql`false`;
  return db
    .select()
    .from(alerts)
    .where(
      and(
        eq(alerts.ruleId, ruleId),
        eq(alerts.state, 'firing'),
        sql`${alerts.firedAt} IS NOT NULL`,
        sql`(${remind} OR ${escalate})`,
      ),
    )
    .orderBy(asc(alerts.id))
    .limit(limit);
}

/** The ids of a rule's open alerts, oldest first. */
export async function openAlertIdsOfRule(db: Db, ruleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.ruleId, ruleId), ne(alerts.state, 'resolved')))
    .orderBy(asc(alerts.id));
  return rows.map((r) => r.id);
}

const iso = (d: Date | null | undefined) => (d === null || d === undefined ? null : d.toISOString());

/** A new alert as the evaluator writes it. */
export interface NewAlert {
  ruleId: number;
  ruleName: string;
  kind: string;
  severity: string;
  subjectKey: string;
  subject: Record<string, unknown>;
  serialNumber: string | null;
  family: string | null;
  state: AlertState;
  summary: string;
  cause: string | null;
  startedAt: Date;
  firedAt: Date | null;
  updatedAt: Date;
}

/**
 * Inserts new alerts (one statement, one bound array per column); a subject that already has an open alert of the
 * rule is left out. An alert about a unit takes the unit's place (country code and region) from its row in the same
 * statement: a lookup by key per alert in the store, nothing in the process. Answers the rows added.
 */
export async function insertAlerts(tx: Db, rows: readonly NewAlert[]): Promise<AlertRow[]> {
  const out: AlertRow[] = [];
  for (let i = 0; i < rows.length; i += ALERT_WRITE_BATCH) {
    const slice = rows.slice(i, i + ALERT_WRITE_BATCH);
    const col = <T>(pick: (r: NewAlert) => T) => sql.param(slice.map(pick));
    const result = await tx.execute(sql`
      INSERT INTO alerts (rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, country_code, region, state, summary, cause, started_at, fired_at, updated_at)
      SELECT d.rule_id, d.rule_name, d.kind, d.severity, d.subject_key, d.subject::jsonb, d.serial_number, d.family,
        u.country_code, nullif(u.geolocation->>'region', ''), d.state, d.summary, d.cause, d.started_at, d.fired_at, d.updated_at
      FROM unnest(
        ${col((r) => r.ruleId)}::integer[], ${col((r) => r.ruleName)}::text[], ${col((r) => r.kind)}::text[], ${col((r) => r.severity)}::text[],
        ${col((r) => r.subjectKey)}::text[], ${col((r) => JSON.stringify(r.subject))}::text[], ${col((r) => r.serialNumber)}::text[],
        ${col((r) => r.family)}::text[], ${col((r) => r.state)}::text[], ${col((r) => r.summary)}::text[], ${col((r) => r.cause)}::text[],
        ${col((r) => iso(r.startedAt))}::timestamptz[], ${col((r) => iso(r.firedAt))}::timestamptz[], ${col((r) => iso(r.updatedAt))}::timestamptz[]
      ) AS d(rule_id, rule_name, kind, severity, subject_key, subject, serial_number, family, state, summary, cause, started_at, fired_at, updated_at)
      LEFT JOIN units u ON u.serial_number = d.serial_number
      ON CONFLICT (rule_id, subject_key) WHERE state <> 'resolved' DO NOTHING
      RETURNING id, rule_id, subject_key, country_code, region`);
    const added = rowsOf<{
      id: number;
      rule_id: number;
      subject_key: string;
      country_code: string | null;
      region: string | null;
    }>(result);
    const byKey = new Map(slice.map((r) => [`${r.ruleId}\u0000${r.subjectKey}`, r]));
    for (const row of added) {
      const r = byKey.get(`${row.rule_id}\u0000${row.subject_key}`);
      if (!r) continue;
      // Every field named: a spread followed by more fields built each row slowly (7 µs a row in a storm's profile).
      out.push({
        id: Number(row.id),
        ruleId: r.ruleId,
        ruleName: r.ruleName,
        kind: r.kind,
        severity: r.severity,
        subjectKey: r.subjectKey,
        subject: r.subject,
        serialNumber: r.serialNumber,
        family: r.family,
        countryCode: row.country_code,
        region: row.region,
        state: r.state,
        summary: r.summary,
        cause: r.cause,
        startedAt: r.startedAt,
        firedAt: r.firedAt,
        acknowledgedBy: null,
        acknowledgedAt: null,
        comment: null,
        resolvedAt: null,
        resolvedBy: null,
        lastRemindedAt: null,
        escalatedAt: null,
        updatedAt: r.updatedAt,
      });
    }
  }
  return out;
}

/**
 * A change the evaluator makes to an open alert: applied only when the alert is in one of `from` in the store (staff
 * may have acknowledged or resolved it meanwhile); fields left undefined keep their value.
 */
export interface AlertRowChange {
  id: number;
  from: readonly AlertState[];
  /** The new state (undefined: the state stays; the change is not one of state). */
  state?: AlertState;
  ruleName: string;
  severity: string;
  summary?: string;
  subject?: Record<string, unknown>;
  startedAt?: Date;
  firedAt?: Date;
  cause?: string;
  resolvedBy?: string;
  lastRemindedAt?: Date;
  escalatedAt?: Date;
}

/** What became of a change: the alert's state before it, and whether it applied. */
export interface AppliedChange {
  id: number;
  before: AlertState;
  applied: boolean;
}

/**
 * Applies changes to open alerts in one statement: the alerts are locked, each change applies only from its allowed
 * states, and every alert named answers its state before and whether its change applied (an id not stored is left
 * out). A change of state stamps updated_at and, for resolved, resolved_at; firing again after a silence counts as
 * the last reminder.
 */
export async function applyAlertChanges(
  tx: Db,
  changes: readonly AlertRowChange[],
  at: Date,
): Promise<AppliedChange[]> {
  const out: AppliedChange[] = [];
  for (let i = 0; i < changes.length; i += ALERT_WRITE_BATCH) {
    const slice = changes.slice(i, i + ALERT_WRITE_BATCH);
    const col = <T>(pick: (c: AlertRowChange) => T) => sql.param(slice.map(pick));
    const now = at.toISOString();
    const result = await tx.execute(sql`
      WITH d AS (
        SELECT * FROM unnest(
          ${col((c) => c.id)}::integer[], ${col((c) => c.from.join(','))}::text[], ${col((c) => c.state ?? null)}::text[],
          ${col((c) => c.ruleName)}::text[], ${col((c) => c.severity)}::text[], ${col((c) => c.summary ?? null)}::text[],
          ${col((c) => (c.subject === undefined ? null : JSON.stringify(c.subject)))}::text[], ${col((c) => iso(c.startedAt))}::timestamptz[],
          ${col((c) => iso(c.firedAt))}::timestamptz[], ${col((c) => c.cause ?? null)}::text[], ${col((c) => c.resolvedBy ?? null)}::text[],
          ${col((c) => iso(c.lastRemindedAt))}::timestamptz[], ${col((c) => iso(c.escalatedAt))}::timestamptz[]
        ) AS d(id, allowed, state, rule_name, severity, summary, subject, started_at, fired_at, cause, resolved_by, last_reminded_at, escalated_at)
      ),
      cur AS (SELECT a.id, a.state FROM alerts a WHERE a.id IN (SELECT id FROM d) ORDER BY a.id FOR UPDATE),
      upd AS (
        UPDATE alerts a SET
          state = coalesce(d.state, a.state),
          rule_name = d.rule_name,
          severity = d.severity,
          summary = coalesce(d.summary, a.summary),
          subject = coalesce(d.subject::jsonb, a.subject),
          started_at = coalesce(d.started_at, a.started_at),
          fired_at = coalesce(d.fired_at, a.fired_at),
          cause = coalesce(d.cause, a.cause),
          resolved_at = CASE WHEN d.state = 'resolved' THEN ${now}::timestamptz ELSE a.resolved_at END,
          resolved_by = coalesce(d.resolved_by, a.resolved_by),
          last_reminded_at = CASE WHEN d.state = 'firing' AND cur.state = 'silenced' THEN ${now}::timestamptz
            ELSE coalesce(d.last_reminded_at, a.last_reminded_at) END,
          escalated_at = coalesce(d.escalated_at, a.escalated_at),
          updated_at = CASE WHEN d.state IS NOT NULL THEN ${now}::timestamptz ELSE a.updated_at END
        FROM d JOIN cur ON cur.id = d.id
        WHERE a.id = d.id AND cur.state = ANY(string_to_array(d.allowed, ','))
        RETURNING a.id
      )
      SELECT cur.id, cur.state AS before, (upd.id IS NOT NULL) AS applied FROM cur LEFT JOIN upd ON upd.id = cur.id`);
    for (const row of rowsOf<{ id: number; before: string; applied: boolean }>(result)) {
      out.push({ id: Number(row.id), before: row.before as AlertState, applied: Boolean(row.applied) });
    }
  }
  return out;
}

/** Writes alerts' changeable columns as given (rows read under lock and changed by the caller). */
export async function writeAlerts(tx: Db, rows: readonly AlertRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ALERT_WRITE_BATCH) {
    const slice = rows.slice(i, i + ALERT_WRITE_BATCH);
    const col = <T>(pick: (r: AlertRow) => T) => sql.param(slice.map(pick));
    await tx.execute(sql`
      UPDATE alerts AS a SET
        rule_name = d.rule_name, severity = d.severity, subject = d.subject::jsonb, state = d.state, summary = d.summary,
        cause = d.cause, fired_at = d.fired_at, acknowledged_by = d.acknowledged_by, acknowledged_at = d.acknowledged_at,
        comment = d.comment, resolved_at = d.resolved_at, resolved_by = d.resolved_by, last_reminded_at = d.last_reminded_at,
        escalated_at = d.escalated_at, updated_at = d.updated_at
      FROM unnest(
        ${col((r) => r.id)}::integer[], ${col((r) => r.ruleName)}::text[], ${col((r) => r.severity)}::text[],
        ${col((r) => JSON.stringify(r.subject))}::text[], ${col((r) => r.state)}::text[], ${col((r) => r.summary)}::text[],
        ${col((r) => r.cause)}::text[], ${col((r) => iso(r.firedAt))}::timestamptz[], ${col((r) => r.acknowledgedBy)}::text[],
        ${col((r) => iso(r.acknowledgedAt))}::timestamptz[], ${col((r) => r.comment)}::text[], ${col((r) => iso(r.resolvedAt))}::timestamptz[],
        ${col((r) => r.resolvedBy)}::text[], ${col((r) => iso(r.lastRemindedAt))}::timestamptz[], ${col((r) => iso(r.escalatedAt))}::timestamptz[],
        ${col((r) => iso(r.updatedAt))}::timestamptz[]
      ) AS d(id, rule_name, severity, subject, state, summary, cause, fired_at, acknowledged_by, acknowledged_at, comment,
             resolved_at, resolved_by, last_reminded_at, escalated_at, updated_at)
      WHERE a.id = d.id`);
  }
}

/** One change of an alert as it is recorded: its state history, its notification, its unit's timeline, the audit log. */
/** What the records of a change name of the alert after it. */
export type AlertChangeFacts = Pick<
  AlertRow,
  'id' | 'ruleId' | 'ruleName' | 'kind' | 'severity' | 'state' | 'serialNumber' | 'updatedAt'
>;

export interface AlertChange<After extends AlertChangeFacts = AlertRow> {
  /** The alert before the change (null: it was just created). */
  before: Pick<AlertRow, 'state'> | null;
  /** The alert after it. */
  after: After;
  /** A username, or what the evaluator saw. */
  by: string;
  comment?: string | null;
  /** The notification it owes (none: pending, silenced, reminders recorded without a state change ...). */
  notify?: OutboxEvent | null;
  /** Record a change of state (false: a reminder, which changes no state). */
  event?: boolean;
  /** The staff action for the audit log ('alert.acknowledge', 'alert.resolve'). */
  audit?: string;
  /** A staff member's change whose audit entry the caller writes once for many alerts (a group's). */
  staff?: boolean;
}

const HISTORY_WORDS: Partial<Record<AlertState, string>> = {
  firing: 'firing',
  silenced: 'silenced',
  acknowledged: 'acknowledged',
  resolved: 'resolved',
};

/** The unit timeline's entry of a change, for alerts about a unit; a pending alert is not on the timeline until it fires. */
function historyOf(change: AlertChange<AlertChangeFacts>): HistoryEvent | null {
  const { after, before } = change;
  const serialNumber = after.serialNumber;
  const word = HISTORY_WORDS[after.state as AlertState];
  if (!serialNumber || !word || change.event === false) return null;
  if (after.state === 'resolved' && (before === null || before.state === 'pending')) return null;
  const staff = Boolean(change.audit) || change.staff === true;
  const by = staff
    ? ` by ${change.by}`
    : after.state === 'resolved' || after.state === 'silenced'
      ? `: ${change.by}`
      : '';
  const comment = change.comment ? ` (${change.comment})` : '';
  return {
    serialNumber,
    kind: 'alert',
    summary: `Alert ${after.ruleName} ${word}${by}${comment}`,
    detail: {
      alertId: after.id,
      ruleId: after.ruleId,
      kind: after.kind,
      severity: after.severity,
      state: after.state,
    },
    actor: staff ? change.by : null,
    at: after.updatedAt,
  };
}

/** Records changes made in `tx` (same transaction): state history, outbox rows, unit timelines and audit records. */
export async function recordAlertChanges(
  tx: Db,
  changes: readonly AlertChange<AlertChangeFacts>[],
): Promise<void> {
  for (let i = 0; i < changes.length; i += ALERT_WRITE_BATCH) {
    const slice = changes.slice(i, i + ALERT_WRITE_BATCH);
    const events = slice.filter((c) => c.event !== false);
    if (events.length > 0) {
      const col = <T>(pick: (c: AlertChange<AlertChangeFacts>) => T) => sql.param(events.map(pick));
      await tx.execute(sql`
        INSERT INTO alert_events (alert_id, from_state, to_state, by, comment, at)
        SELECT * FROM unnest(${col((c) => c.after.id)}::integer[], ${col((c) => c.before?.state ?? null)}::text[], ${col((c) => c.after.state)}::text[],
          ${col((c) => c.by)}::text[], ${col((c) => c.comment ?? null)}::text[], ${col((c) => c.after.updatedAt.toISOString())}::timestamptz[])`);
    }
    const outbox = slice.filter((c) => c.notify);
    if (outbox.length > 0) {
      const col = <T>(pick: (c: AlertChange<AlertChangeFacts>) => T) => sql.param(outbox.map(pick));
      await tx.execute(sql`
        INSERT INTO alert_notifications (rule_id, alert_id, event)
        SELECT * FROM unnest(${col((c) => c.after.ruleId)}::integer[], ${col((c) => c.after.id)}::integer[], ${col((c) => c.notify)}::text[])`);
    }
    await recordHistory(
      tx,
      slice.flatMap((c) => historyOf(c) ?? []),
    );
    const audits: AuditRecord[] = slice.flatMap((c) =>
      c.audit
        ? [
            {
              username: c.by,
              action: c.audit,
              serialNumber: c.after.serialNumber,
              detail: {
                alertId: c.after.id,
                ruleId: c.after.ruleId,
                state: c.after.state,
                ...(c.comment ? { comment: c.comment } : {}),
              },
              at: c.after.updatedAt,
            },
          ]
        : [],
    );
    await recordAudit(tx, audits);
  }
}
