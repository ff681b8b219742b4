import type { Alert, AlertCounts, AlertDetail, AlertSubject } from '@equipment-dashboard/contract';
import {
  ALERT_SEVERITIES,
  alertTransition,
  PERMISSIONS,
  type AlertAction,
  type AlertKind,
  type AlertSeverity,
  type AlertState,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, NotFoundError } from '../core/errors';
import * as repo from '../store/repos/alerts-repo';
import { inTransaction } from '../store/transaction';
import { noteAlertsChanged, withGroupCauses } from './alert-group-snapshot';
import type { ServiceDeps } from './service-deps';

const iso = (d: Date | null): string | null => (d === null ? null : d.toISOString());

/** An alert row as the contract shows it. */
export function alertOf(row: repo.AlertRow): Alert {
  return {
    id: row.id,
    ruleId: row.ruleId,
    ruleName: row.ruleName,
    kind: row.kind as AlertKind,
    severity: row.severity as AlertSeverity,
    state: row.state as AlertState,
    subject: row.subject as AlertSubject,
    summary: row.summary,
    cause: row.cause,
    startedAt: row.startedAt.toISOString(),
    firedAt: iso(row.firedAt),
    acknowledgedBy: row.acknowledgedBy,
    acknowledgedAt: iso(row.acknowledgedAt),
    comment: row.comment,
    resolvedAt: iso(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    updatedAt: row.updatedAt.toISOString(),
    countryCode: row.countryCode,
    region: row.region,
  };
}

/**
 * A page of alerts, most recently changed first, by state, severity, rule, family, serial prefix and place; an open
 * unit offline alert without a cause says its group's sentence (see withGroupCauses).
 */
export async function listAlerts(
  deps: Pick<ServiceDeps, 'db' | 'readModels'>,
  query: repo.AlertListQuery,
): Promise<{ docs: Alert[]; totalDocs: number }> {
  const page = await repo.listAlerts(deps.db, query);
  return { docs: await withGroupCauses(deps, page.docs.map(alertOf)), totalDocs: page.totalDocs };
}

/** One alert with its state history (404 when there is none with that id). */
export async function readAlert(
  deps: Pick<ServiceDeps, 'db' | 'readModels'>,
  id: number,
): Promise<AlertDetail> {
  const [row] = await repo.findAlerts(deps.db, [id]);
  if (!row) throw new NotFoundError(`There is no alert ${id}.`, { id });
  const events = await repo.alertEventsOf(deps.db, id);
  const [alert] = await withGroupCauses(deps, [alertOf(row)]);
  return {
    ...(alert as Alert),
    history: events.map((e) => ({
      from: e.fromState as AlertState | null,
      to: e.toState as AlertState,
      by: e.by,
      comment: e.comment,
      at: e.at.toISOString(),
    })),
  };
}

/** Words of the staff actions: the verb of their messages, their audit actions (one alert's, a group's). */
export const ACTION_WORDS: Record<AlertAction, { verb: string; audit: string; groupAudit: string }> = {
  acknowledge: { verb: 'acknowledged', audit: 'alert.acknowledge', groupAudit: 'alert.group_acknowledge' },
  resolve: { verb: 'resolved', audit: 'alert.resolve', groupAudit: 'alert.group_resolve' },
};

/**
 * What staff acknowledging or resolving alerts by hand changes (rows locked by the caller, each of which may take
 * the action): each alert after, with its state history, notification and timeline entry; its audit entry too
 * unless `audited` is 'group' (the caller writes one entry for them all).
 */
export function staffChanges(
  rows: readonly repo.AlertRow[],
  action: AlertAction,
  user: AuthUser,
  comment: string | null,
  now: Date,
  audited: 'each' | 'group' = 'each',
): repo.AlertChange[] {
  return rows.map((before) => {
    const to = alertTransition(before.state as AlertState, action) as AlertState;
    const after: repo.AlertRow =
      action === 'acknowledge'
        ? {
            ...before,
            state: to,
            acknowledgedBy: user.username,
            acknowledgedAt: now,
            comment: comment ?? '',
            updatedAt: now,
          }
        : {
            ...before,
            state: to,
            resolvedAt: now,
            resolvedBy: user.username,
            comment: comment ?? before.comment,
            updatedAt: now,
          };
    return {
      before,
      after,
      by: user.username,
      comment,
      ...(audited === 'each' ? { audit: ACTION_WORDS[action].audit } : { staff: true }),
      notify: repo.notificationOf(before.state as AlertState, to),
    };
  });
}

/**
 * Acknowledges or resolves alerts by hand, all or none: 404 when an id names no alert, 409 (`alert_state`) when one
 * of them cannot take the action in its state. The alerts, their state history, outbox rows, unit timelines and
 * audit records are written in one transaction; the answer and the live events follow its commit.
 */
async function actOnAlerts(
  deps: ServiceDeps,
  user: AuthUser,
  action: AlertAction,
  ids: readonly number[],
  comment: string | null,
): Promise<Alert[]> {
  const unique = [...new Set(ids)];
  const changed = await inTransaction(deps.db, async (tx) => {
    const rows = await repo.lockAlerts(tx, unique);
    const found = new Set(rows.map((r) => r.id));
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0)
      throw new NotFoundError(`There is no alert ${missing.join(', ')}.`, { ids: missing });
    const refused = rows.filter((r) => alertTransition(r.state as AlertState, action) === null);
    if (refused.length > 0) {
      const list = refused.map((r) => `${r.id} (${r.state})`).join(', ');
      throw new ConflictError(
        `These alerts cannot be ${ACTION_WORDS[action].verb}: ${list}; none was changed.`,
        { ids: refused.map((r) => r.id) },
        'alert_state',
      );
    }
    const changes = staffChanges(rows, action, user, comment, deps.clock.nowDate());
    await repo.writeAlerts(
      tx,
      changes.map((c) => c.after),
    );
    await repo.recordAlertChanges(tx, changes);
    return changes.map((c) => c.after);
  });
  announceAlerts(deps, unique);
  return changed.map(alertOf);
}

/** Acknowledges alerts with one comment (see actOnAlerts). */
export async function acknowledgeAlerts(
  deps: ServiceDeps,
  user: AuthUser,
  body: { ids: number[]; comment: string },
): Promise<{ alerts: Alert[] }> {
  return { alerts: await actOnAlerts(deps, user, 'acknowledge', body.ids, body.comment) };
}

/** Resolves open alerts by hand (see actOnAlerts). */
export async function resolveAlerts(
  deps: ServiceDeps,
  user: AuthUser,
  body: { ids: number[]; comment?: string },
): Promise<{ alerts: Alert[] }> {
  return {
    alerts: await actOnAlerts(deps, user, 'resolve', body.ids, body.comment?.trim() ? body.comment : null),
  };
}

/**
 * The bell's figures: `firing` counts alerts past their pending period that still hold and are not silenced
 * (states firing and acknowledged); `unacknowledged` those of them nobody acknowledged (state firing), the bell's
 * number; `bySeverity` splits `firing` by severity.
 */
export async function countAlerts(deps: Pick<ServiceDeps, 'db'>): Promise<AlertCounts> {
  const bySeverity = Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, 0])) as AlertCounts['bySeverity'];
  let firing = 0;
  let unacknowledged = 0;
  for (const row of await repo.countFiringAlerts(deps.db)) {
    firing += row.n;
    if (row.state === 'firing') unacknowledged += row.n;
    if (row.severity in bySeverity) bySeverity[row.severity as AlertSeverity] += row.n;
  }
  return { firing, unacknowledged, bySeverity };
}

/** Counts are read again at most this often per process (consoles ask at every event and every reconnect). */
const COUNTS_FRESH_MS = 500;
/** ALERT_UPDATED and ALERT_COUNTS at most this often per process. */
const ANNOUNCE_EVERY_MS = 300;
/** Alerts one ALERT_UPDATED names at most: a storm sends its newest changes and the counts; consoles refetch their lists. */
export const ALERT_UPDATED_MAX = 100;

interface Announcer {
  pending: Set<number>;
  timer: NodeJS.Timeout | null;
  last: number;
  counts: { at: number; value: Promise<AlertCounts> } | null;
}

const announcers = new WeakMap<object, Announcer>();

function announcerOf(deps: object): Announcer {
  let found = announcers.get(deps);
  if (!found) announcers.set(deps, (found = { pending: new Set(), timer: null, last: 0, counts: null }));
  return found;
}

/** The bell's figures, read at most every COUNTS_FRESH_MS by this process. */
export function alertCounts(deps: Pick<ServiceDeps, 'db'>): Promise<AlertCounts> {
  const announcer = announcerOf(deps);
  const now = Date.now();
  if (!announcer.counts || now - announcer.counts.at > COUNTS_FRESH_MS) {
    const value = countAlerts(deps);
    announcer.counts = { at: now, value };
    value.catch(() => {
      if (announcer.counts?.value === value) announcer.counts = null;
    });
  }
  return announcer.counts.value;
}

async function flush(deps: ServiceDeps, announcer: Announcer): Promise<void> {
  announcer.timer = null;
  announcer.last = Date.now();
  // The newest changes: ids grow with time, and a later change of an id was added last.
  const ids = [...announcer.pending].slice(-ALERT_UPDATED_MAX);
  announcer.pending.clear();
  announcer.counts = null;
  const rows = await repo.findAlerts(deps.db, ids);
  rows.sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || b.id - a.id);
  const counts = await alertCounts(deps);
  if (rows.length > 0)
    deps.live.emitToPermitted(PERMISSIONS.viewAlerts, 'ALERT_UPDATED', {
      alerts: await withGroupCauses(deps, rows.map(alertOf)),
    });
  deps.live.emitToPermitted(PERMISSIONS.viewAlerts, 'ALERT_COUNTS', counts);
}

/**
 * Tells every console that may see alerts that these alerts changed (after the change committed): ALERT_UPDATED
 * with the alerts as they are now (the newest ALERT_UPDATED_MAX of them) and ALERT_COUNTS, coalesced to one pair of
 * events every ANNOUNCE_EVERY_MS per process.
 */
export function announceAlerts(deps: ServiceDeps, ids: Iterable<number>): void {
  const announcer = announcerOf(deps);
  // The figures changed with the commit: a read from now on counts again rather than answer what was kept.
  announcer.counts = null;
  noteAlertsChanged(deps);
  for (const id of ids) {
    announcer.pending.delete(id);
    announcer.pending.add(id);
  }
  // Only the newest ids are ever sent: forget the older ones of a storm at once.
  if (announcer.pending.size > 4 * ALERT_UPDATED_MAX) {
    const keep = [...announcer.pending].slice(-ALERT_UPDATED_MAX);
    announcer.pending = new Set(keep);
  }
  if (announcer.timer) return;
  const wait = Math.max(0, announcer.last + ANNOUNCE_EVERY_MS - Date.now());
  announcer.timer = setTimeout(() => {
    flush(deps, announcer).catch((err: unknown) =>
      deps.logger.warn({ err }, 'alert events could not be sent'),
    );
  }, wait);
  announcer.timer.unref();
}
