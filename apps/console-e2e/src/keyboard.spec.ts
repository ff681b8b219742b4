import { expect, test, type Locator, type Page } from '@playwright/test';
import { unitCapabilities, type Family, type LatestByFamily } from '@equipment-dashboard/domain';
import { moveFocusTo } from './support/a11y';
import { alertsOfRule, createOfflineNowRule, deleteRule } from './support/alerts';
import { e2eServer } from './support/console';
import { findUnit, latestOf, readUnit } from './support/fleet';
import { E2E_PASSWORD } from './support/server';

// A keyboard user, from the sign-in to an acknowledged alert, with page.keyboard only: no click, no fill. Focus goes
// back to the control that opened each dialog. The unit staged here is unstaged again before the end.

const RULE_NAME = 'Offline units (keyboard e2e)';
const FAMILIES: Family[] = ['aligner', 'gtps', 'aligner-oasis'];

let ruleId = 0;

/** Signs in on the login page with the keyboard: Tab to the username, type, Tab, type, Enter. */
async function signInWithKeyboard(page: Page, username: string): Promise<void> {
  await page.goto(`${e2eServer().url}/login`);
  await moveFocusTo(page, page.getByLabel('Username'));
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Password')).toBeFocused();
  await page.keyboard.type(E2E_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Equipment Dashboard' })).toBeVisible();
}

/** The detail dialog of a unit: the dialog whose title carries the serial as a heading. */
function unitDialog(page: Page, serial: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: serial, level: 4 }) });
}

test.describe('keyboard only', () => {
  test.setTimeout(120_000);

  test.beforeAll(async () => {
    // Firing alerts to acknowledge.
    ruleId = await createOfflineNowRule(RULE_NAME);
  });

  test.afterAll(async () => {
    await deleteRule(ruleId);
  });

  test('when a keyboard user signs in, skips to the content, finds a unit by serial, stages an update and closes the dialog, then focus is back on what opened it each time', async ({
    page,
  }) => {
    const entries = await Promise.all(FAMILIES.map(async (f) => [f, await latestOf(f)] as const));
    const latest: LatestByFamily = Object.fromEntries(entries);
    const unit = await findUnit(
      (candidate) => unitCapabilities(candidate, latest).canStage && candidate.pendingSoftwareDownload === '',
      { filterFamily: 'aligner' },
    );
    const serial = unit.serialNumber;
    const version = (await latestOf('aligner')).semantic;

    await signInWithKeyboard(page, 'support');

    // The first Tab stop is the skip link; it puts focus on the main content.
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // The top bar's search, back up from the content: the serial and Enter open the unit.
    const search = page.getByRole('textbox', { name: 'search for equipment serial number' });
    await moveFocusTo(page, search, 'Shift+Tab');
    await page.keyboard.type(serial);
    await page.keyboard.press('Enter');
    const dialog = unitDialog(page, serial);
    await expect(dialog.getByText('Software Version', { exact: true })).toBeVisible();

    // Stage the latest version, then close with Escape: focus is back on the search.
    const stage = dialog.getByRole('button', { name: `Stage ${version}` });
    await moveFocusTo(page, stage);
    await page.keyboard.press('Enter');
    const unstage = dialog.getByRole('button', { name: `Unstage ${version}` });
    await expect(unstage).toBeVisible();
    await expect.poll(async () => (await readUnit(serial)).pendingSoftwareDownload).toBe(version);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(search).toBeFocused();

    // The same unit from the list: its serial link opens it, and closing gives focus back to the link.
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    const filter = page.getByRole('textbox', { name: 'Serial Number', exact: true });
    await moveFocusTo(page, filter);
    await page.keyboard.type(serial);
    const link = page.getByRole('main').getByRole('link', { name: serial, exact: true });
    await expect(page.getByRole('main').getByRole('row')).toHaveCount(2);
    await moveFocusTo(page, link);
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('Software Version', { exact: true })).toBeVisible();
    await moveFocusTo(page, unstage);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: `Stage ${version}` })).toBeVisible();
    await expect.poll(async () => (await readUnit(serial)).pendingSoftwareDownload).toBe('');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(link).toBeFocused();
  });

  test('when a keyboard user opens the bell, reaches Open Alerts, selects two firing alerts with Space and acknowledges them, then focus goes back to what opened each dialog', async ({
    page,
  }) => {
    await expect
      .poll(async () => (await alertsOfRule(ruleId, 'firing')).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(2);
    await signInWithKeyboard(page, 'admin');

    // The bell, reached with Tab from the top of the page; Escape closes its drawer and gives focus back.
    const bell = page.getByRole('button', { name: /^Alerts: / });
    await moveFocusTo(page, bell);
    await page.keyboard.press('Enter');
    const bellDrawer = page.getByRole('dialog', { name: 'Firing alerts' });
    await expect(bellDrawer).toBeVisible();
    await expect(bell).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(bellDrawer).toBeHidden();
    await expect(bell).toBeFocused();

    // Open again, Tab to Open Alerts and follow it.
    await page.keyboard.press('Enter');
    await expect(bellDrawer).toBeVisible();
    const openAlerts = bellDrawer.getByRole('link', { name: 'Open Alerts' });
    await moveFocusTo(page, openAlerts);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/Alerts$/);
    await expect(bellDrawer).toBeHidden();
    await expect(bell).toBeFocused();

    // The rule's alerts may open grouped by place: the arrow key on the view's switch shows them one per row.
    const grouped = page.getByRole('radio', { name: 'Grouped by place' });
    await expect(grouped).toBeAttached();
    if (await grouped.isChecked()) {
      await moveFocusTo(page, grouped);
      await page.keyboard.press('ArrowRight');
    }
    await expect(page.getByRole('radio', { name: 'List' })).toBeChecked();

    // Two firing alerts of the rule, each selected with Space.
    const rows = page.getByRole('row').filter({ hasText: RULE_NAME });
    await expect(rows.nth(1)).toBeVisible();
    for (const i of [0, 1]) {
      const box = rows.nth(i).getByRole('checkbox');
      await moveFocusTo(page, box);
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
    await expect(page.getByText('2 selected')).toBeVisible();

    // Acknowledge: Escape first (focus back on the button), then with a comment.
    const acknowledge = page.getByRole('button', { name: 'Acknowledge', exact: true });
    await moveFocusTo(page, acknowledge, 'Shift+Tab');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Acknowledge 2 alerts' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Comment')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(acknowledge).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Comment')).toBeFocused();
    await page.keyboard.type('Keyboard only (keyboard e2e)');
    await moveFocusTo(page, dialog.getByRole('button', { name: 'Acknowledge', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('2 alerts acknowledged.')).toBeVisible();
    // The selection is gone and Acknowledge with it (disabled): focus is on the container around it that takes focus
    // (the tab's panel), not on <body>.
    await expect(acknowledge).toBeDisabled();
    await expect
      .poll(() =>
        acknowledge.evaluate((button) => {
          const at = document.activeElement;
          return at !== null && at !== document.body && at.contains(button);
        }),
      )
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await alertsOfRule(ruleId, 'acknowledged')).filter(
            (a) => a.comment === 'Keyboard only (keyboard e2e)',
          ).length,
      )
      .toBe(2);
  });
});
