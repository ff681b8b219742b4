import { expect, test } from '@playwright/test';
import { expectAccessible, settled } from './support/a11y';
import { api, e2eServer, signIn } from './support/console';
import { admin } from './support/fleet';

// "Capture as scenario": an engineer selects units in the equipment list, captures them, and saves the scenario the
// Simulator's editor opens with; it then is in the library. The saved file is deleted at the end (the library in
// DATA_DIR is the server's, shared by the specs after this one).

const SAVED = 'e2e-captured-units';

test.describe('capture as scenario', () => {
  test.afterAll(async () => {
    await api(await admin(), '/delete/sim_scenario/v1', { method: 'POST', body: { name: SAVED } }).catch(
      () => undefined,
    );
  });

  test('when an engineer captures two selected units, then the editor opens with their YAML, and once saved the scenario is in the library', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/Aligners?filterFamily=aligner&sortBy=serialNumber`);
    const rows = page.getByRole('row').filter({ has: page.getByRole('checkbox') });
    await expect(rows.nth(2)).toBeVisible();
    const serials: string[] = [];
    for (const i of [1, 2]) {
      const row = rows.nth(i);
      serials.push(((await row.getByRole('link').first().textContent()) ?? '').trim());
      await row.getByRole('checkbox').check();
    }
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await expect(bar.getByText('2 units selected')).toBeVisible();
    await bar.getByRole('button', { name: 'Capture as scenario' }).click();

    await expect(page).toHaveURL(/\/Simulator$/);
    const editor = page.getByRole('region', { name: 'Scenario editor' });
    await expect(editor.getByText('Captured 2 units')).toBeVisible();
    const yaml = editor.getByRole('textbox', { name: 'Scenario YAML' });
    for (const serial of serials) await expect(yaml).toContainText(serial);
    await expect(editor.getByText('The scenario is valid.')).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'Simulator: the scenario editor with a capture');

    await editor.getByRole('textbox', { name: 'File name' }).fill(SAVED);
    await editor.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(`Saved ${SAVED} in the library.`)).toBeVisible();
    const library = page.getByRole('region', { name: 'Scenarios', exact: true });
    await expect(library.getByText(SAVED)).toBeVisible();
    const listed = await api<{ name: string; source: string }[]>(await admin(), '/sim/scenarios');
    expect(listed).toContainEqual(expect.objectContaining({ name: SAVED, source: 'saved' }));
  });

  test('when the editor is used on a phone (390 px), then it fits the screen and axe finds nothing', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/Simulator`);
    const editor = page.getByRole('region', { name: 'Scenario editor' });
    await expect(editor.getByRole('textbox', { name: 'Scenario YAML' })).toBeVisible();
    await expect(editor.getByText('The scenario is valid.')).toBeVisible();
    const box = await editor.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await settled(page);
    await expectAccessible(page, 'Simulator: the scenario editor on a phone');
  });
});
