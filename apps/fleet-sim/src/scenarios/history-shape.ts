import { oldestKept } from '@equipment-dashboard/domain';
import type { ServiceDeps } from '../services/service-deps';
import { historyRetention } from '../services/fleet-history-service';
import { utcDay } from '../store/rollup-batch';
import { readRollupRows, writeRollups, type RollupRow } from '../store/repos/rollups-repo';
import { inTransaction } from '../store/transaction';
import type { HistoryShape } from './scenario-schema';

const DAY_MS = 24 * 3_600_000;
type Rule = HistoryShape['rules'][number];

/** Whether a rollup row is of the units a rule selects (a version rule: exact, or a prefix ending in '.' or '*'). */
function selects(rule: Rule, row: RollupRow): boolean {
  if (rule.family !== undefined && row.family !== rule.family) return false;
  if (rule.country !== undefined && row.countryCode !== rule.country.toUpperCase()) return false;
  if (rule.version !== undefined) {
    const v = rule.version;
    const prefix = v.endsWith('*') ? v.slice(0, -1) : v.endsWith('.') ? v : null;
    if (prefix === null ? row.version !== v : !row.version.startsWith(prefix)) return false;
  }
  return true;
}

const add = (values: number[] | undefined, hour: number, n: number): number[] => {
  const out = values ?? new Array<number>(24).fill(0);
  out[hour] = Math.max(0, (out[hour] as number) + n);
  return out;
};

/** A row reshaped by a rule: offline time multiplied, update installs failing at the rule's rate. */
function reshape(row: RollupRow, rule: Rule): void {
  const hours = row.unitMinutes?.length ?? 24;
  const dayAlerts = Object.values(row.alertsByKind ?? {}).reduce((a, b) => a + b, 0);
  const offlineAlertShare = dayAlerts > 0 ? (row.alertsByKind?.['unitOffline'] ?? 0) / dayAlerts : 0;
  for (let h = 0; h < hours; h++) {
    if (rule.offlineFactor !== undefined && row.unitMinutes && row.connectedMinutes) {
      const units = row.unitMinutes[h] as number;
      const offline = units - (row.connectedMinutes[h] as number);
      row.connectedMinutes[h] = units - Math.min(units, offline * rule.offlineFactor);
      // Alerts of units going offline follow their drops.
      const alerts = row.alertsFired?.[h] ?? 0;
      const extra = Math.round(alerts * offlineAlertShare * (rule.offlineFactor - 1));
      if (extra !== 0) {
        row.alertsFired = add(row.alertsFired, h, extra);
        row.alertsByKind = {
          ...row.alertsByKind,
          unitOffline: Math.max(0, (row.alertsByKind?.['unitOffline'] ?? 0) + extra),
        };
      }
    }
    if (rule.updateFailureRate !== undefined) {
      const succeeded = row.updatesSucceeded?.[h] ?? 0;
      const failed = row.updatesFailed?.[h] ?? 0;
      const finished = succeeded + failed;
      if (finished === 0) continue;
      const nowFailed = Math.round(finished * rule.updateFailureRate);
      row.updatesFailed = add(row.updatesFailed, h, nowFailed - failed);
      row.updatesSucceeded = add(row.updatesSucceeded, h, failed - nowFailed);
      // An update-failed alert per failed install, as the history of a new world counts them.
      row.alertsFired = add(row.alertsFired, h, nowFailed - failed);
      row.alertsByKind = {
        ...row.alertsByKind,
        updateFailed: Math.max(0, (row.alertsByKind?.['updateFailed'] ?? 0) + nowFailed - failed),
      };
    }
  }
}

/**
 * A scenario's "the last N days looked like this": the rollups of the last days (up to now, within the hourly
 * retention) of the units each rule selects are rewritten with the rule's shape, in one transaction. Answers the
 * rows rewritten.
 */
export async function reshapeHistory(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config'>,
  shape: HistoryShape,
): Promise<number> {
  const now = deps.clock.now();
  const from = Math.max(now - shape.days * DAY_MS, oldestKept('hour', now, historyRetention(deps.config)));
  return inTransaction(deps.db, async (tx) => {
    const rows = await readRollupRows(tx, utcDay(from), utcDay(now), { lock: true });
    const changed: RollupRow[] = [];
    for (const row of rows) {
      const rules = shape.rules.filter((rule) => selects(rule, row));
      if (rules.length === 0) continue;
      for (const rule of rules) reshape(row, rule);
      changed.push(row);
    }
    await writeRollups(tx, changed, 'replace');
    return changed.length;
  });
}
