import { expect, test } from '@playwright/test';
import type { ListRow, Paged, SavedView } from '@equipment-dashboard/contract';
import { unitCapabilities, type Family, type LatestByFamily } from '@equipment-dashboard/domain';
import { api, apiToken, e2eServer, GTPS_BY_SERIAL, openEquipmentList, signIn } from './support/console';
import { admin, findUnit, latestOf } from './support/fleet';

// Saved views and the unit history. The staged unit is unstaged again, so the fleet is left as it was.

const FAMILIES: Family[] = ['aligner', 'gtps', 'aligner-oasis'];

test.describe('saved views and unit history', () => {
  test('when support saves a view of the equipment list, then its deep link opens the list with those filters and sort', async ({
    page,
  }) => {
    await signIn(page, 'support');
    await openEquipmentList(page, GTPS_BY_SERIAL, 2);

    const name = `gtps by serial ${Date.now()}`;
    await page.getByRole('button', { name: /Save view/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`View "${name}" saved.`)).toBeVisible();

    const views = await api<SavedView[]>(await apiToken('support'), '/read/saved_views/v1?screen=equipment');
    const saved = views.find((view) => view.name === name);
    expect(saved).toMatchObject({
      owner: 'support',
      shared: true,
      query: { filterFamily: 'gtps', sortBy: 'serialNumber', sortDesc: 'true' },
    });

    // Another session, on a plain list: the link applies the view, on page 1.
    await page.goto(`${e2eServer().url}/Aligners?view=${saved?.id}`);
    await expect(page.getByText(`View "${name}" applied.`)).toBeVisible();
    await expect(page).toHaveURL(/filterFamily=gtps/);
    await expect(page).toHaveURL(/sortBy=serialNumber/);
    await expect(page).not.toHaveURL(/view=/);
    const expected = await api<Paged<ListRow>>(await admin(), `/read/aligners/v1/?${GTPS_BY_SERIAL}&page=1`);
    await expect(page.getByRole('row').nth(1)).toContainText(expected.docs[0]?.serialNumber ?? '');
    await expect(page.locator('.ant-pagination-item-active')).toHaveText('1');
    // The picker shows the view it applied.
    await expect(
      page.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: name }).first(),
    ).toBeVisible();
  });

  test("when support stages a unit, then the unit's History tab shows it, with who staged it", async ({
    page,
  }) => {
    const latest: LatestByFamily = Object.fromEntries(
      await Promise.all(FAMILIES.map(async (family) => [family, await latestOf(family)] as const)),
    );
    // The equipment spec stages the first stageable aligner; this one takes a gtps unit.
    const unit = await findUnit(
      (candidate) => unitCapabilities(candidate, latest).canStage && candidate.pendingSoftwareDownload === '',
      { filterFamily: 'gtps' },
    );
    const version = (await latestOf('gtps')).semantic;
    await signIn(page, 'support');
    await page.goto(`${e2eServer().url}/Aligners?serial=${unit.serialNumber}`);
    const dialog = page
      .getByRole('dialog')
      .filter({ has: page.getByRole('heading', { name: unit.serialNumber, level: 4 }) });
    await expect(dialog.getByText('Software Version', { exact: true })).toBeVisible();

    await dialog.getByRole('button', { name: `Stage ${version}` }).click();
    await expect(dialog.getByRole('button', { name: `Unstage ${version}` })).toBeVisible();

    await dialog.getByRole('tab', { name: 'History' }).click();
    // Newest first: this staging is the first such row (the bulk actions spec may have staged the unit before).
    const row = dialog
      .getByRole('row')
      .filter({ hasText: `Update ${version} staged by support` })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('support');

    await dialog.getByRole('tab', { name: 'Details' }).click();
    await dialog.getByRole('button', { name: `Unstage ${version}` }).click();
    await expect(dialog.getByRole('button', { name: `Stage ${version}` })).toBeVisible();
  });
});
