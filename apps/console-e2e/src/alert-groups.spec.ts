import { expect, test } from '@playwright/test';
import type { AlertRule, Paged, Alert } from '@equipment-dashboard/contract';
import { deleteRule } from './support/alerts';
import { api, apiToken, openFromDrawer, signIn } from './support/console';

// Changes the shared server's fleet (every connected US unit drops, the field holds still, the clock steps): the
// country is brought back, the rule deleted and the rhythm restored at the end.

const RULE_NAME = 'US outage (groups e2e)';
const REGIONAL =
  /^[\d,]+ of [\d,]+ units in the United States went offline within \d+ minutes?: a regional cause is likely$/;

test.describe('alert storms grouped by place', () => {
  test.setTimeout(180_000);

  test('when most units of a country drop, then the alert center shows the outage as one group with its sentence, and one acknowledge covers it', async ({
    page,
  }) => {
    const admin = await apiToken('admin');
    const engineer = await apiToken('engineer');
    let ruleId = 0;
    await api(admin, '/sim/clock', { method: 'POST', body: { speed: 0 } });
    try {
      const rule = await api<AlertRule>(engineer, '/create/alert_rule/v1', {
        method: 'POST',
        body: {
          name: RULE_NAME,
          kind: 'unitOffline',
          severity: 'critical',
          forMinutes: 1,
          scope: { kind: 'filters', filters: { filterCountryCode: 'US' } },
        },
      });
      ruleId = rule.id;
      await api(admin, '/sim/clock', { method: 'POST', body: { step: '1s' } });
      // Every connected US unit drops at once, inline (the library's regional-outage does the same).
      const outage = await api<{ unitsChanged: number }>(admin, '/sim/scenario/apply', {
        method: 'POST',
        body: {
          scenario: {
            name: 'us-drop (groups e2e)',
            churn: 0,
            units: [{ select: { country: 'US', connected: true }, set: { connected: false } }],
          },
        },
      });
      expect(outage.unitsChanged).toBeGreaterThan(20);
      await api(admin, '/sim/clock', { method: 'POST', body: { step: '2m' } });
      const firing = async () =>
        (await api<Paged<Alert>>(admin, `/read/alerts/v1/?state=firing&ruleId=${ruleId}`)).totalDocs;
      await expect.poll(firing, { timeout: 30_000 }).toBeGreaterThanOrEqual(outage.unitsChanged);

      await signIn(page, 'support');
      await openFromDrawer(page, 'Alerts');
      // The Firing tab opens grouped by place: the outage is one row, with the sentence.
      await expect(page.getByRole('radio', { name: 'Grouped by place' })).toBeChecked();
      const rows = page.getByRole('row').filter({ hasText: RULE_NAME });
      await expect(rows).toHaveCount(1);
      const group = rows.first();
      await expect(group).toContainText('United States');
      await expect(group.getByText(REGIONAL)).toBeVisible();
      const count = await firing();
      await expect(group).toContainText(count.toLocaleString('en-US'));

      // One acknowledge, one comment, the whole group.
      await group.getByRole('button', { name: `Acknowledge ${RULE_NAME} in United States` }).click();
      const dialog = page.getByRole('dialog', {
        name: /^Acknowledge [\d,]+ alerts? of US outage \(groups e2e\) in United States$/,
      });
      await dialog.getByLabel('Comment').fill('Carrier outage across the US (groups e2e)');
      await dialog.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      await expect(page.getByText(/^[\d,]+ alerts? of the group acknowledged\.$/)).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: RULE_NAME })).toHaveCount(0);
      expect(await firing()).toBe(0);
      const acknowledged = await api<Paged<Alert>>(
        admin,
        `/read/alerts/v1/?state=acknowledged&ruleId=${ruleId}`,
      );
      expect(acknowledged.totalDocs).toBe(count);
      expect(acknowledged.docs.every((a) => a.comment === 'Carrier outage across the US (groups e2e)')).toBe(
        true,
      );
      expect(acknowledged.docs.every((a) => REGIONAL.test(a.cause ?? ''))).toBe(true);

      // The Acknowledged tab shows the same group, still saying what happened.
      await page.getByRole('tab', { name: 'Acknowledged' }).click();
      const acked = page.getByRole('row').filter({ hasText: RULE_NAME });
      await expect(acked).toHaveCount(1);
      await expect(acked.getByText(REGIONAL)).toBeVisible();
    } finally {
      await api(admin, '/sim/scenario/apply', {
        method: 'POST',
        body: {
          scenario: {
            name: 'groups-reset',
            churn: 1,
            units: [{ select: { country: 'US', connected: false }, set: { connected: true } }],
          },
        },
      });
      await deleteRule(ruleId);
      await api(admin, '/sim/clock', { method: 'POST', body: { speed: 1 } });
    }
  });
});
