import { ALERT_RULE_DEFAULTS } from '@equipment-dashboard/domain';
import type { RuleState } from './alert-book';
import type { Look } from './look';

/** The one subject of a connectedShare rule: its whole scope. */
export const SCOPE_KEY = 'scope';

/** The scope's share of units connected (percent, one decimal) and its size, from the index's counts. */
export function connectedShare(
  rule: RuleState,
  look: Pick<Look, 'index'>,
): { total: number; connected: number; percent: number } {
  const { total, connected } = rule.scope.counts(look.index);
  const percent = total === 0 ? 100 : Math.round((connected / total) * 1000) / 10;
  return { total, connected, percent };
}

/** Whether a connectedShare rule's condition holds: the scope has units and too few of them are connected. */
export function shareBelow(rule: RuleState, share: { total: number; percent: number }): boolean {
  return share.total > 0 && share.percent < (rule.threshold ?? ALERT_RULE_DEFAULTS.connectedSharePercent);
}

/** Looks at a connectedShare rule: one alert for the scope while its share connected stays below the threshold. */
export function lookAtConnectedShare(rule: RuleState, look: Look): void {
  const share = connectedShare(rule, look);
  if (!shareBelow(rule, share)) {
    look.book.clear(rule, SCOPE_KEY);
    return;
  }
  const threshold = rule.threshold ?? ALERT_RULE_DEFAULTS.connectedSharePercent;
  look.book.hold(rule, {
    key: SCOPE_KEY,
    since: rule.open.get(SCOPE_KEY)?.since ?? look.now,
    subject: { connectedPercent: share.percent },
    serialNumber: null,
    family: null,
    summary: `${share.percent}% of ${share.total} units connected in ${rule.name} (below ${threshold}%)`,
    percent: share.percent,
  });
}
