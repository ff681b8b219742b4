import { expect, type Page } from '@playwright/test';
import type { Alert, AlertRule, Paged } from '@equipment-dashboard/contract';
import { api } from './console';
import { admin } from './fleet';

/**
 * A rule under which every unit offline now fires at once (no pending period, units already offline included):
 * alerts to look at or act on without waiting. Deleted by {@link deleteRule} when the spec ends.
 */
export async function createOfflineNowRule(name: string): Promise<number> {
  const rule = await api<AlertRule>(await admin(), '/create/alert_rule/v1', {
    method: 'POST',
    body: {
      name,
      kind: 'unitOffline',
      severity: 'major',
      scope: { kind: 'fleet' },
      includeAlreadyOffline: true,
      forMinutes: 0,
    },
  });
  return rule.id;
}

export async function deleteRule(ruleId: number): Promise<void> {
  if (ruleId) await api(await admin(), '/delete/alert_rule/v1', { method: 'POST', body: { id: ruleId } });
}

/** A rule's alerts in one state (the first page). */
export async function alertsOfRule(ruleId: number, state: string): Promise<Alert[]> {
  const query = new URLSearchParams({ state, ruleId: String(ruleId), page: '1' });
  return (await api<Paged<Alert>>(await admin(), `/read/alerts/v1/?${query.toString()}`)).docs;
}

/**
 * Shows the alerts tab as one row per alert: a tab where a rule has more than a page of alerts opens grouped by
 * place (the view's switch, two radios: "Grouped by place" and "List").
 */
export async function showAlertList(page: Page): Promise<void> {
  const list = page.getByRole('radio', { name: 'List' });
  await expect(list).toBeAttached();
  if (!(await list.isChecked())) await list.locator('xpath=..').click();
  await expect(list).toBeChecked();
}
