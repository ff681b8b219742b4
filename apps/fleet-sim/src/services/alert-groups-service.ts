import type { AlertGroup, AlertGroupChanged } from '@equipment-dashboard/contract';
import {
  alertTransition,
  PAGE_SIZE,
  type AlertAction,
  type AlertSeverity,
  type AlertState,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, NotFoundError } from '../core/errors';
import { lockGroupAlerts, openAlertsByPlace, type PlaceStateRow } from '../store/repos/alert-groups-repo';
import { recordAudit } from '../store/repos/audit-log-repo';
import { recordAlertChanges, writeAlerts, type AlertListQuery } from '../store/repos/alerts-repo';
import { inTransaction } from '../store/transaction';
import { alertGroupsSnapshot, regionsApartNow, type GroupFacts } from './alert-group-snapshot';
import { ACTION_WORDS, announceAlerts, staffChanges } from './alerts-service';
import type { ServiceDeps } from './service-deps';

/** The groups' query: the alerts list's filters. */
export type AlertGroupsQuery = AlertListQuery;

/** A rule and a place, as a group call names them, and its comment. */
export interface AlertGroupBody {
  ruleId: number;
  countryCode: string | null;
  region: string | null;
  comment: string;
}

interface Tally {
  facts: Omit<GroupFacts, 'key'>;
  count: number;
  first: number;
  last: number;
}

const SHARE_DIGITS = 10_000;

/**
 * A page of the open alerts grouped by rule and place, largest first (then by rule, country and region): each group
 * with the alerts the filters count, their first and last start, the share of the place's units they are, and what
 * the drop says in words. Which groups there are follows the rules' open alerts whatever the filters; the filters
 * choose the alerts counted (a group none of whose alerts they count is left out). Read from the snapshot of open
 * alerts by rule and place; a family or serial filter reads the open alerts by place again with it.
 */
export async function listAlertGroups(
  deps: Pick<ServiceDeps, 'db' | 'readModels'>,
  query: AlertGroupsQuery,
): Promise<{ docs: AlertGroup[]; totalDocs: number }> {
  const snapshot = await alertGroupsSnapshot(deps);
  const rows: readonly PlaceStateRow[] =
    query.family || query.serialNumber
      ? await openAlertsByPlace(deps.db, {
          ruleId: query.ruleId,
          family: query.family,
          serialNumber: query.serialNumber,
        })
      : snapshot.rows;
  const region = query.region?.toLowerCase();
  const tallies = new Map<string, Tally>();
  for (const row of rows) {
    if (query.state && row.state !== query.state) continue;
    if (query.severity && row.severity !== query.severity) continue;
    if (query.ruleId && row.ruleId !== query.ruleId) continue;
    if (query.countryCode && row.countryCode !== query.countryCode) continue;
    if (region && row.region?.toLowerCase() !== region) continue;
    const key = snapshot.keyOf(row.ruleId, row.countryCode, row.region);
    let tally = tallies.get(key);
    if (!tally) {
      const facts = snapshot.groups.get(key) ?? {
        ...snapshot.placeOf(row.ruleId, row.countryCode, row.region),
        ruleName: row.ruleName,
        severity: row.severity,
      };
      tallies.set(key, (tally = { facts, count: 0, first: Infinity, last: -Infinity }));
    }
    tally.count += row.count;
    tally.first = Math.min(tally.first, row.firstStartedAt.getTime());
    tally.last = Math.max(tally.last, row.lastStartedAt.getTime());
  }
  const sorted = [...tallies.values()]
    .filter((t) => t.count > 0)
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.facts.ruleId - b.facts.ruleId ||
        (a.facts.countryCode ?? '').localeCompare(b.facts.countryCode ?? '') ||
        (a.facts.region ?? '').localeCompare(b.facts.region ?? ''),
    );
  const start = (query.page - 1) * PAGE_SIZE;
  return {
    docs: sorted.slice(start, start + PAGE_SIZE).map(({ facts, count, first, last }) => ({
      ruleId: facts.ruleId,
      ruleName: facts.ruleName,
      severity: facts.severity as AlertSeverity,
      countryCode: facts.countryCode,
      region: facts.region,
      placeName: facts.placeName,
      count,
      firstStartedAt: new Date(first).toISOString(),
      lastStartedAt: new Date(last).toISOString(),
      share:
        facts.units && facts.units > 0
          ? Math.min(1, Math.round((count / facts.units) * SHARE_DIGITS) / SHARE_DIGITS)
          : null,
      summary: facts.summary,
    })),
    totalDocs: sorted.length,
  };
}

function placeText(body: Pick<AlertGroupBody, 'countryCode' | 'region'>): string {
  if (body.countryCode === null) return 'without a place';
  return body.region === null ? `in ${body.countryCode}` : `in ${body.region} (${body.countryCode})`;
}

/**
 * Acknowledges or resolves by hand every alert of a group that may take the action, with one comment: the group is
 * the rule's open alerts in the region named, or in the country but the regions grouped apart now (`region` null),
 * or without a place (`countryCode` null). 404 when it has no open alert, 409 (`alert_state`) when none of them may
 * take the action (the others are left as they are). The alerts, their state history, outbox rows, unit timelines
 * and one audit entry for the group are written in one transaction; the answer and the live events follow its
 * commit.
 */
async function actOnGroup(
  deps: ServiceDeps,
  user: AuthUser,
  action: AlertAction,
  body: AlertGroupBody,
): Promise<AlertGroupChanged> {
  const { ruleId, countryCode, region, comment } = body;
  const except =
    countryCode !== null && region === null ? [...(await regionsApartNow(deps, ruleId, countryCode))] : [];
  const ids = await inTransaction(deps.db, async (tx) => {
    const rows = await lockGroupAlerts(tx, { ruleId, countryCode, region, except });
    if (rows.length === 0)
      throw new NotFoundError(`Rule ${ruleId} has no open alert ${placeText(body)}.`, {
        ruleId,
        countryCode,
        region,
      });
    const movable = rows.filter((r) => alertTransition(r.state as AlertState, action) !== null);
    if (movable.length === 0)
      throw new ConflictError(
        `None of the ${rows.length} open alerts of rule ${ruleId} ${placeText(body)} can be ${ACTION_WORDS[action].verb}; none was changed.`,
        { ruleId, countryCode, region },
        'alert_state',
      );
    const now = deps.clock.nowDate();
    const changes = staffChanges(movable, action, user, comment, now, 'group');
    await writeAlerts(
      tx,
      changes.map((c) => c.after),
    );
    await recordAlertChanges(tx, changes);
    await recordAudit(tx, [
      {
        username: user.username,
        action: ACTION_WORDS[action].groupAudit,
        serialNumber: null,
        detail: { ruleId, countryCode, region, alerts: movable.length, comment },
        at: now,
      },
    ]);
    return movable.map((r) => r.id);
  });
  announceAlerts(deps, ids);
  deps.logger.info(
    { rule: ruleId, countryCode, region, alerts: ids.length, by: user.username },
    `alert group ${ACTION_WORDS[action].verb}`,
  );
  return { ruleId, countryCode, region, changed: ids.length };
}

/** Acknowledges a group's firing and silenced alerts with one comment (see actOnGroup). */
export function acknowledgeAlertGroup(
  deps: ServiceDeps,
  user: AuthUser,
  body: AlertGroupBody,
): Promise<AlertGroupChanged> {
  return actOnGroup(deps, user, 'acknowledge', body);
}

/** Resolves a group's open alerts by hand with one comment (see actOnGroup). */
export function resolveAlertGroup(
  deps: ServiceDeps,
  user: AuthUser,
  body: AlertGroupBody,
): Promise<AlertGroupChanged> {
  return actOnGroup(deps, user, 'resolve', body);
}
