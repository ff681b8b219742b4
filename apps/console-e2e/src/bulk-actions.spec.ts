import { expect, test } from '@playwright/test';
import type { BulkAction, ListRow, Paged } from '@equipment-dashboard/contract';
import { api, apiToken, e2eServer, signIn } from './support/console';
import { admin, latestOf, readUnit } from './support/fleet';

// The job stages gtps units; the spec unstages the ones it staged at the end, so that the specs after it
// find the fleet's staging as the seed left it.

const FILTERS = 'filterFamily=gtps';

async function readJob(id: number): Promise<BulkAction> {
  return api<BulkAction>(await apiToken('support'), `/read/bulk_action/v1?id=${id}`);
}

test.describe('bulk actions', () => {
  test('when support filters the list, selects all matching units and stages them, then the summary shows and a unit shows the staged update', async ({
    page,
  }) => {
    const latest = (await latestOf('gtps')).semantic;
    const matching = await api<Paged<ListRow>>(await admin(), `/read/aligners/v1/?${FILTERS}`);
    expect(matching.totalDocs).toBeGreaterThan(10);

    await signIn(page, 'support');
    await page.goto(`${e2eServer().url}/Aligners?${FILTERS}`);
    await expect(page.getByText(`${matching.totalDocs} units`)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Select all' }).check();
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('10 units selected')).toBeVisible();
    await bar
      .getByRole('button', { name: `Select all ${matching.totalDocs} units matching the filters` })
      .click();
    await expect(
      bar.getByText(`All ${matching.totalDocs} units matching the filters are selected.`),
    ).toBeVisible();

    await bar.getByRole('button', { name: /Bulk actions/ }).click();
    await page.getByRole('menuitem', { name: 'Stage latest update' }).click();
    const dialog = page
      .getByRole('dialog')
      .filter({ hasText: `Stage latest update on ${matching.totalDocs} units?` });
    const created = page.waitForResponse(
      (r) => r.url().includes('/create/bulk_action/v1') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Start' }).click();
    const job = (await (await created).json()) as BulkAction;
    expect(job.total).toBe(matching.totalDocs);

    const progress = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('progressbar', { name: 'Progress' }) });
    await expect(progress.getByText('Finished')).toBeVisible({ timeout: 30_000 });
    const done = await readJob(job.id);
    expect(done.done + done.skipped + done.failed).toBe(matching.totalDocs);
    expect(done.done).toBeGreaterThan(0);
    await expect(progress.getByText(`Done: ${done.done}`)).toBeVisible();
    await expect(progress.getByText(`Skipped: ${done.skipped}`)).toBeVisible();
    await expect(progress.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    for (const reason of done.reasons) {
      await expect(progress.getByText(`${reason.count} ${reason.outcome}: ${reason.reason}`)).toBeVisible();
    }
    await progress.getByRole('button', { name: 'Close' }).first().click();

    // Every unit the job did not skip now has the latest staged; one shows it in its detail dialog.
    const skipped = new Set(done.units.map((u) => u.serialNumber));
    const staged: string[] = [];
    for (let p = 1; (p - 1) * 10 < matching.totalDocs; p += 1) {
      const list = await api<Paged<ListRow>>(await admin(), `/read/aligners/v1/?${FILTERS}&page=${p}`);
      staged.push(...list.docs.map((row) => row.serialNumber).filter((serial) => !skipped.has(serial)));
    }
    expect(staged).toHaveLength(done.done);
    const unit = staged[0] ?? '';
    expect((await readUnit(unit)).pendingSoftwareDownload).toBe(latest);
    await page.goto(`${e2eServer().url}/Aligners?${FILTERS}&serial=${unit}`);
    const detail = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: unit, level: 4 }) });
    await expect(detail.getByRole('row').filter({ hasText: 'Software Ready To Download' })).toContainText(
      latest,
    );

    // Leave the staging as it was: unstage what this job staged, in one job through the API.
    const undo = await api<BulkAction>(await apiToken('support'), '/create/bulk_action/v1', {
      method: 'POST',
      body: { action: 'unstage', selection: { serials: staged } },
    });
    await expect.poll(async () => (await readJob(undo.id)).state, { timeout: 30_000 }).toBe('done');
  });
});
