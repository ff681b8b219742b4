import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import {
  api,
  apiToken,
  chooseOption,
  e2eServer,
  openFromDrawer,
  saveUsAlignersView,
  signIn,
} from './support/console';

// Changes the shared server's fleet (US aligners connected, installs failing, the clock sped up): it puts the
// failure rate, the churn and the clock back at the end.

test.describe('rollouts', () => {
  test.setTimeout(240_000);

  test('when a rollout of US aligners is created from a saved view, then phase 1 completes and a later phase pauses itself when installs fail', async ({
    page,
  }) => {
    const admin = await apiToken('admin');
    await api(admin, '/sim/scenario/apply', { method: 'POST', body: { name: 'rollout-with-failures' } });
    const engineer = await apiToken('engineer');
    await saveUsAlignersView(engineer, 'US aligners (e2e)');

    try {
      await signIn(page, 'engineer');
      await openFromDrawer(page, 'Rollouts');
      const list = page.getByRole('region', { name: 'Rollouts' });
      await list.getByRole('button', { name: /New rollout/ }).click();
      const dialog = page.getByRole('dialog', { name: 'New rollout' });
      await dialog.getByLabel('Name').fill('US aligners to 5.4.2');
      // The version is a choice of aligner's published updates, the latest chosen.
      await expect(
        dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Version' }) }),
      ).toContainText('5.4.2');
      await chooseOption(page, dialog, 'Saved view', 'US aligners (e2e)');
      await dialog.getByRole('button', { name: 'Create' }).click();

      const detail = page.getByRole('region', { name: 'Rollouts: US aligners to 5.4.2' });
      await expect(detail).toBeVisible();
      await expect(detail.getByText('running', { exact: true })).toBeVisible();
      await expect(detail).toContainText('Saved view "US aligners (e2e)"');

      // Ten simulated minutes a second: phase 1 installs within about 1 h 45 m, phase 2's installs fail after 2 h 30 m.
      await api(admin, '/sim/clock', { method: 'POST', body: { speed: 600 } });
      const phaseRow = (n: number) =>
        detail
          .getByRole('row')
          .filter({ has: page.getByRole('cell', { name: new RegExp(`^Phase ${n} \\(`) }) });
      await expect(phaseRow(2).getByRole('progressbar')).toBeVisible();
      // Phase 1: every unit done or skipped, none failed, and the rollout moved on by itself.
      await expect(detail).toContainText('Current phase', { timeout: 10_000 });
      await expect(detail.getByText(/^Phase 2 \(10%\)$/).first()).toBeVisible();
      await expect
        .poll(async () => (await detail.locator('.ant-descriptions').textContent()) ?? '', {
          timeout: 120_000,
        })
        .toMatch(/Current phasePhase [2-9]/);
      const first = (await phaseRow(1).getByRole('cell').allTextContents()).slice(1, 8).map(Number);
      const [units, , , , done, failed, skipped] = first as number[];
      expect(failed).toBe(0);
      expect((done ?? 0) + (skipped ?? 0)).toBe(units);

      // A later phase pauses itself, live, with the reason; its failed units are listed with their last state. Which
      // one depends on the units the specs before this one updated (a phase of units already at the latest skips them
      // all and has none to fail): phase 2 on a fresh fleet.
      await expect(detail.getByText('paused', { exact: true })).toBeVisible({ timeout: 150_000 });
      await expect(detail).toContainText(
        /Phase [2-4]: \d+ of \d+ units failed or timed out .* above the failure threshold of 5%/,
      );
      await expect(detail.getByRole('button', { name: 'Resume' })).toBeVisible();
      const failedRow = detail.getByRole('row').filter({ hasText: 'the update failed on the unit' }).first();
      await expect(failedRow).toContainText('INSTALLATION_FAILED');
      // The paused rollout's page, with its warning and failed units, as a screen-reader or keyboard user meets it.
      await expectAccessible(page, '/Rollouts/:id');

      // The failed units export as CSV.
      const download = page.waitForEvent('download');
      await detail.getByRole('button', { name: 'Export failed units (CSV)' }).click();
      expect((await download).suggestedFilename()).toMatch(/^rollout-\d+-failed\.csv$/);

      await detail.getByRole('button', { name: 'Abort' }).click();
      await page.getByRole('dialog', { name: 'Abort rollout' }).getByRole('button', { name: 'Yes' }).click();
      await expect(detail.getByText('aborted', { exact: true })).toBeVisible();

      // A failed unit's serial opens its detail on the equipment list; its History tab shows the rollout's staging.
      const serialLink = failedRow.getByRole('link');
      const serial = (await serialLink.textContent()) ?? '';
      await serialLink.click();
      const unit = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('heading', { name: serial, level: 4 }) });
      await expect(unit).toBeVisible();
      await unit.getByRole('tab', { name: 'History' }).click();
      await expect(unit.getByRole('row').filter({ hasText: '5.4.2' }).first()).toBeVisible();
    } finally {
      await api(admin, '/sim/clock', { method: 'POST', body: { speed: 1 } });
      await api(admin, '/sim/scenario/apply', {
        method: 'POST',
        body: { scenario: { name: 'rollouts-reset', failureRates: { update: 0 }, churn: 1 } },
      });
    }
  });

  test('when an engineer has filtered the equipment list by family, then Roll out to these units opens New rollout with those filters', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/Aligners?filterFamily=aligner&filterCountryCode=US`);
    await page.getByRole('button', { name: /Roll out to these units/ }).click();
    const dialog = page.getByRole('dialog', { name: 'New rollout' });
    await expect(dialog.getByRole('radio', { name: 'Equipment list filters' })).toBeChecked();
    await expect(dialog.getByLabel('Country code')).toHaveValue('US');
    await expect(
      dialog.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: 'Family' }) }),
    ).toContainText('aligner');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });
});
