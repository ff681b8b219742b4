import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, e2eServer, recordSnackbars, signIn } from './support/console';
import { applyScenario, favoritesOf, findUnit, restoreFavorites, setClock } from './support/fleet';

// These specs put scenarios on the shared server (a rollout, a full radar). Each puts back what it
// changed: the clock at real time, and the radars as they were.

const radarCard = (page: Page, serial: string) =>
  page.getByRole('list', { name: 'My Radar' }).getByRole('listitem', { name: serial });

async function openRadar(page: Page): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'My Radar' }).click();
  await expect(page.getByRole('region', { name: 'My Radar' })).toBeVisible();
}

test.describe('My Radar', () => {
  test('when support searches a downloading unit and puts it on the radar, then its progress moves there as the clock runs', async ({
    page,
  }) => {
    const before = await favoritesOf('support');
    await applyScenario('rollout-in-progress');
    // Real time from here on: the test moves the clock itself, so the download cannot finish unseen.
    await setClock({ speed: 1 });
    try {
      const unit = await findUnit(
        (candidate) =>
          candidate.connected &&
          !before.includes(candidate.serialNumber) &&
          candidate.updateState?.state === 'DOWNLOADING' &&
          (candidate.updateState.downloadProgress.software?.fileProgress.progress ?? 100) < 80,
        { filterFamily: 'aligner' },
      );
      await signIn(page, 'support');
      const search = page.getByPlaceholder('search for equipment serial number');
      await search.fill(unit.serialNumber);
      await search.press('Enter');
      const dialog = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('heading', { name: unit.serialNumber, level: 4 }) });
      await expect(dialog.getByText('Downloading', { exact: true })).toBeVisible();
      const toggle = dialog.getByRole('button', { name: 'Favorite' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      await openRadar(page);
      const card = radarCard(page, unit.serialNumber);
      await card.scrollIntoViewIfNeeded();
      const panel = card.getByRole('region', { name: 'System Update Status' });
      await expect(panel).toContainText('Downloading');
      const percent = panel
        .getByRole('region', { name: 'Software download' })
        .locator('.ant-descriptions-item')
        .filter({
          hasText: 'Percent',
        });
      const first = (await percent.textContent()) ?? '';
      expect(first).toMatch(/Percent\s*:?\s*[\d.]+%/);

      await setClock({ step: '1m' });
      await expect(percent).not.toHaveText(first, { timeout: 15_000 });
      const value = (text: string | null) => Number(/([\d.]+)%/.exec(text ?? '')?.[1] ?? NaN);
      expect(value(await percent.textContent())).toBeGreaterThan(value(first));
      for (const label of ['Current file', 'Files', 'Bytes', 'Rate', 'Time remaining']) {
        await expect(panel.getByText(label, { exact: true }).first()).toBeVisible();
      }
    } finally {
      await setClock({ speed: 1 });
      await restoreFavorites('support', before);
    }
  });

  test("when the radar is full, then adding a favourite shows 'Favorite limit exceeded.'", async ({
    page,
  }) => {
    const before = await favoritesOf('support');
    await applyScenario('favourites-full');
    try {
      const full = await favoritesOf('support');
      const unit = await findUnit((candidate) => !full.includes(candidate.serialNumber), {
        filterFamily: 'gtps',
      });
      const snackbars = await recordSnackbars(page);
      await signIn(page, 'support');
      await page.goto(`${e2eServer().url}/Aligners?serial=${unit.serialNumber}`);
      const dialog = page
        .getByRole('dialog')
        .filter({ has: page.getByRole('heading', { name: unit.serialNumber, level: 4 }) });
      const toggle = dialog.getByRole('button', { name: 'Favorite' });
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
      await toggle.click();
      await expect.poll(snackbars).toContainEqual(expect.stringMatching(/^Favorite limit exceeded\./));
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');

      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await openRadar(page);
      await expect(page.getByRole('list', { name: 'My Radar' }).getByRole('listitem')).not.toHaveCount(0);
      await expect(page.getByRole('region', { name: 'My Radar' })).toContainText(`${full.length} units`);
    } finally {
      await restoreFavorites('support', before);
    }
  });

  test('when a favourite is taken off with its toggle, then it leaves the radar; an empty radar says so', async ({
    page,
  }) => {
    const token = await apiToken('support_lvl2');
    const before = await favoritesOf('support_lvl2');
    const unit = await findUnit((candidate) => !before.includes(candidate.serialNumber), {
      filterFamily: 'aligner',
    });
    await restoreFavorites('support_lvl2', []);
    await api(token, '/create/favorite/v1/', {
      method: 'POST',
      body: { username: 'support_lvl2', serialNumber: unit.serialNumber },
    });
    try {
      await signIn(page, 'support_lvl2');
      await openRadar(page);
      const card = radarCard(page, unit.serialNumber);
      await expect(card).toBeVisible();
      await expect(card.getByText('Software Version')).toBeVisible();
      await expect(card.getByText('Connection Count')).toBeVisible();
      await card.getByRole('button', { name: 'Favorite' }).click();
      await expect(card).toHaveCount(0);
      await expect(page.getByText('NO FAVORITES ON RADAR')).toBeVisible();
      expect(await favoritesOf('support_lvl2')).toEqual([]);
      await page.getByRole('button', { name: 'Refresh' }).click();
      await expect(page.getByText('NO FAVORITES ON RADAR')).toBeVisible();
    } finally {
      await restoreFavorites('support_lvl2', []);
      for (const serialNumber of before) {
        await api(token, '/create/favorite/v1/', {
          method: 'POST',
          body: { username: 'support_lvl2', serialNumber },
        });
      }
    }
  });
});
