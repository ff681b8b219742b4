import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { FleetHistory, ReleaseAdoption } from '@equipment-dashboard/contract';
import { expectAccessible, settled } from './support/a11y';
import { api, e2eServer, signIn } from './support/console';
import { admin } from './support/fleet';

test.describe('Fleet Health', () => {
  test('when an engineer opens Fleet Health from the drawer, then 90 days of connected share and release adoption show, two releases compare, and a chart downloads as CSV', async ({
    page,
  }) => {
    const token = await admin();
    const history = await api<FleetHistory>(
      token,
      '/read/fleet_history/v1?metric=connectedShare&last=90d&step=day&groupBy=family',
    );
    const aligner = history.series.find((s) => s.key === 'aligner');
    expect(aligner?.points.length).toBeGreaterThanOrEqual(90);
    const adoption = await api<ReleaseAdoption>(token, '/read/release_adoption/v1?family=aligner');
    const [newest, before] = [...adoption.releases].reverse();
    if (!newest || !before) throw new Error('aligner has fewer than two releases');

    await signIn(page, 'engineer');
    await page.getByRole('link', { name: 'Fleet Health' }).click();
    await expect(page).toHaveURL(/\/Health$/);

    // Connected share over 90 days by family: the chart, and its table with a row a day.
    const share = page.getByRole('region', { name: 'Connected share' });
    await expect(share.getByRole('figure', { name: 'Connected share over 90 d, by family' })).toBeVisible();
    await expect(share.getByRole('figure', { name: 'Connected share over 90 d, by family' })).toHaveAttribute(
      'aria-busy',
      'false',
      { timeout: 15_000 },
    );
    await share.getByText('Table', { exact: true }).click();
    const table = share.getByRole('table');
    await expect(table.getByRole('columnheader', { name: 'Aligner', exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(25); // a page of 24 days and the header
    await expect(table.getByRole('row').nth(1)).toContainText('%');

    // Release adoption of the aligners: a line per version.
    const adoptionPanel = page.getByRole('region', { name: 'Release adoption' });
    await expect(
      adoptionPanel.getByRole('figure', { name: 'Units on each Aligner version over 90 days' }),
    ).toBeVisible();

    // Two releases side by side: the newest against the one before.
    const compare = page.getByRole('region', { name: 'Compare two releases' });
    const sideBySide = compare.getByRole('table', {
      name: `Release ${newest.version} compared with ${before.version}`,
    });
    await expect(sideBySide).toBeVisible();
    await expect(sideBySide.getByRole('columnheader')).toHaveText([
      'Measure',
      newest.version,
      before.version,
    ]);
    await expect(sideBySide.getByRole('row', { name: /^Update success/ })).toContainText('%');
    await expect(sideBySide.getByRole('row', { name: /^Alerts per 1,000 units a day/ })).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'Fleet Health');

    // The connected share's CSV: its header and a line a day.
    const downloading = page.waitForEvent('download');
    await share.getByRole('button', { name: 'Download CSV: Connected share' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^connected-share-90d-by-family-\d{4}-\d\d-\d\d\.csv$/);
    const lines = (await readFile((await download.path()) as string, 'utf8'))
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      `Time,${history.series.map((s) => ({ aligner: 'Aligner', gtps: 'Tru-Point', 'aligner-oasis': 'Aligner Oasis' })[s.key] ?? s.key).join(',')}`,
    );
    expect(lines.length).toBeGreaterThanOrEqual(91);
  });

  test('when regional-outage is applied and the clock stepped, then the US curve dents; when the region returns, it recovers', async ({
    page,
  }) => {
    const token = await admin();
    const usShare = async () => {
      const answer = await api<FleetHistory>(
        token,
        '/read/fleet_history/v1?metric=connectedShare&last=24h&step=hour&filterCountryCode=US',
      );
      return (answer.series[0]?.points ?? [])
        .filter(([, v]) => v !== null)
        .map(([at, v]) => [at, v as number] as const);
    };
    // Other specs drop the US for a while (the alert storms): two healthy hours first, so the curve starts high.
    await api(token, '/sim/clock', { method: 'POST', body: { step: '2h' } });
    await expect
      .poll(async () => (await usShare()).slice(-2)[0]?.[1] ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0.3);
    try {
      await api(token, '/sim/scenario/apply', { method: 'POST', body: { name: 'regional-outage' } });
      // Its second drop a minute later, then two hours of outage.
      await api(token, '/sim/clock', { method: 'POST', body: { step: '2m' } });
      await api(token, '/sim/clock', { method: 'POST', body: { step: '2h' } });
      await expect
        .poll(async () => Math.min(...(await usShare()).slice(-2).map(([, v]) => v)), { timeout: 30_000 })
        .toBeLessThan(0.2);

      await signIn(page, 'engineer');
      await page.goto(`${e2eServer().url}/Health`);
      const share = page.getByRole('region', { name: 'Connected share' });
      await share.getByText('24 h', { exact: true }).click();
      await page.getByLabel('Split by').click();
      await page.getByTitle('Country', { exact: true }).click();
      await share.getByText('Table', { exact: true }).click();
      await expect(share.getByRole('columnheader', { name: 'US' })).toBeVisible();
    } finally {
      await api(token, '/sim/scenario/apply', { method: 'POST', body: { name: 'regional-outage-over' } });
      await api(token, '/sim/clock', { method: 'POST', body: { step: '2h' } });
    }
    await expect
      .poll(async () => (await usShare()).slice(-1)[0]?.[1] ?? 0, { timeout: 30_000 })
      .toBeGreaterThan(0.5);
  });
});
