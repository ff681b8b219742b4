import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TicketHistoryItem } from '@equipment-dashboard/contract';
import { unitCapabilities } from '@equipment-dashboard/domain';
import { expectAccessible, settled } from './support/a11y';
import { api, e2eServer, signIn } from './support/console';
import { closeTicketIfOpen, readTicket, RED_PNG } from './support/desk';
import { admin, findUnit, latestOf, readUnit } from './support/fleet';
import { E2E_PASSWORD } from './support/server';

// The console on a phone (390x844) and a tablet in portrait (768x1024), touch screens both (a field technician's phone): every route
// of the drawer fits the width, the top bar keeps its controls on screen, the menu stays closed after a load, the
// unit dialog keeps its close button and actions on screen, and a technician's path works with taps only.

const SIZES = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a tablet', width: 768, height: 1024 },
] as const;

/** Whether `locator` lies wholly inside the viewport (`vertical`: its height too). */
async function expectOnScreen(page: Page, locator: Locator, what: string, vertical = false): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox()) ?? { x: -1, y: -1, width: 0, height: 0 };
  expect.soft(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect.soft(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(viewport.width);
  if (vertical) {
    expect.soft(box.y, `${what}: top edge`).toBeGreaterThanOrEqual(0);
    expect.soft(box.y + box.height, `${what}: bottom edge`).toBeLessThanOrEqual(viewport.height);
  }
}

/** The page never scrolls sideways: nothing is wider than the viewport. */
async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const width = await page.evaluate(() =>
    Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
  );
  expect.soft(width, `${what}: the page's width`).toBeLessThanOrEqual(viewport.width);
}

/** The top bar's menu, search, bell and account menu are on screen; the menu is closed. */
async function expectTopBar(page: Page, what: string, phone: boolean): Promise<void> {
  const bar = page.getByRole('banner');
  const menu = bar.getByRole('button', { name: 'Menu' });
  await expectOnScreen(page, menu, `${what}: the menu button`);
  await expect.soft(menu, `${what}: the menu is closed`).toHaveAttribute('aria-expanded', 'false');
  await expect.soft(page.getByRole('navigation', { name: 'Navigation' })).toHaveCount(0);
  const search = phone
    ? bar.getByRole('button', { name: 'Search', exact: true })
    : bar.getByRole('textbox', { name: 'search for equipment serial number' });
  await expectOnScreen(page, search, `${what}: the search`);
  await expectOnScreen(
    page,
    bar.getByRole('button', { name: /^Alerts: |^Notifications$/ }),
    `${what}: the bell`,
  );
  await expectOnScreen(page, bar.getByRole('button', { name: 'Account' }), `${what}: the account menu`);
}

/** The paths of the drawer's entries, read from the drawer opened by the menu button. */
async function drawerPaths(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Menu' }).tap();
  const links = page.getByRole('navigation', { name: 'Navigation' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const paths = await links.evaluateAll((all) => all.map((link) => link.getAttribute('href') ?? ''));
  // A choice closes the drawer.
  await links.nth(1).tap();
  await expect(page.getByRole('navigation', { name: 'Navigation' })).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`${paths[1] ?? ''}$`));
  return paths;
}

/**
 * Signs in as `role` and opens every route of the drawer: each fits the width with the top bar on screen and the
 * menu closed; `axe`: and axe finds no violation.
 */
async function walkDrawer(page: Page, role: string, phone: boolean, axe: boolean): Promise<void> {
  await signIn(page, role);
  const paths = await drawerPaths(page);
  expect(paths.length).toBeGreaterThan(5);
  // No white frame around the console (the browser's 8 px body margin).
  expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  for (const path of paths) {
    await page.goto(`${e2eServer().url}${path}`);
    // The shell first (its frame shows while its chunk loads), then the screen and its data.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
    await settled(page);
    await expectTopBar(page, path, phone);
    await expectNoSideScroll(page, path);
    if (axe) await expectAccessible(page, `${path} at ${width}x${height}`);
  }
}

/** The detail dialog of a unit: the dialog whose title carries the serial as a heading. */
function unitDialog(page: Page, serial: string): Locator {
  return page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: serial, level: 4 }) });
}

for (const size of SIZES) {
  const phone = size.width < 768;
  test.describe(`the console on ${size.name} (${size.width}x${size.height})`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: true, isMobile: true });
    test.setTimeout(240_000);

    for (const role of ['tech', 'admin'] as const) {
      test(`when ${role} opens every route of the drawer, then no page scrolls sideways, the top bar fits, the menu is closed${role === 'admin' ? ' and axe finds no violation' : ''}`, async ({
        page,
      }) => {
        await walkDrawer(page, role, phone, role === 'admin');
      });
    }

    test('when a unit is open, then its dialog fits, and its close button and actions are on screen', async ({
      page,
    }) => {
      const unit = await findUnit((candidate) => candidate.connected, { filterFamily: 'aligner' });
      await signIn(page, 'tech');
      await page.goto(`${e2eServer().url}/Aligners?serial=${unit.serialNumber}`);
      const dialog = unitDialog(page, unit.serialNumber);
      await expect(dialog.getByText('Software Version', { exact: true })).toBeVisible();
      await settled(page);
      await expectOnScreen(
        page,
        dialog.getByRole('button', { name: 'Close' }).first(),
        'the close button',
        true,
      );
      for (const name of ['Open Ticket', 'Cancel'])
        await expectOnScreen(page, dialog.getByRole('button', { name, exact: true }), name, true);
      await expectNoSideScroll(page, 'the unit dialog');
      await expectAccessible(page, `the unit dialog at ${size.width}x${size.height}`, '.ant-modal-wrap');
    });
  });
}

test.describe('a technician on a small phone (360x740)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  test.setTimeout(120_000);

  test('when tech opens every route of the drawer, then no page scrolls sideways, the top bar fits, the menu is closed', async ({
    page,
  }) => {
    await walkDrawer(page, 'tech', true, false);
  });
});

test.describe('a technician on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  test.setTimeout(120_000);

  test('when the shell is slow to load after sign-in, then the top bar frame shows at once instead of a blank page', async ({
    page,
  }) => {
    await page.route(/\/signed-in-layout-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await route.continue();
    });
    await page.goto(`${e2eServer().url}/login`);
    await page.getByLabel('Username').fill('tech');
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'LOGIN' }).tap();
    await expect(page.locator('[aria-busy="true"]', { hasText: 'Equipment Dashboard' })).toBeVisible({
      timeout: 1_500,
    });
    await expect(page.getByRole('banner').getByRole('button', { name: 'Menu' })).toBeVisible();
  });

  test('when a technician searches a serial, reads the unit, sends a command, stages an update and opens a ticket with a photo, then all of it works with taps and fits the screen', async ({
    page,
  }) => {
    const { semantic: version } = await latestOf('aligner');
    const latest = {
      aligner: await latestOf('aligner'),
      gtps: await latestOf('gtps'),
      'aligner-oasis': await latestOf('aligner-oasis'),
    };
    const unit = await findUnit(
      (candidate) =>
        candidate.connected &&
        unitCapabilities(candidate, latest).canStage &&
        candidate.pendingSoftwareDownload === '',
      { filterFamily: 'aligner' },
    );
    await signIn(page, 'tech');

    // Search the serial from the top bar's search icon.
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).tap();
    const box = page.getByRole('textbox', { name: 'search for equipment serial number' });
    await expectOnScreen(page, box, 'the opened search');
    await box.fill(unit.serialNumber.toLowerCase());
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).tap();

    // The unit: connected, version, update state and alerts.
    const dialog = unitDialog(page, unit.serialNumber);
    await expect(dialog.getByText('Software Version', { exact: true })).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: 'Connected' }).first()).toBeVisible();
    await expect(dialog.getByText(unit.version.semantic).first()).toBeVisible();
    await expect(dialog.getByRole('row').filter({ hasText: 'Software Ready To Download' })).toContainText(
      'NONE',
    );
    await expect(dialog.getByRole('link', { name: /^Firing alerts: \d+$/ })).toBeVisible();
    await expectNoSideScroll(page, 'the unit dialog');

    // A command: the voltages report, read from the unit.
    await dialog.getByRole('button', { name: 'Voltages', exact: true }).tap();
    const voltages = page.getByRole('dialog', { name: `Voltages of ${unit.serialNumber}` });
    await expect(voltages).toBeVisible({ timeout: 20_000 });
    await expectOnScreen(
      page,
      voltages.getByRole('button', { name: 'Close' }).first(),
      'the report close',
      true,
    );
    await voltages.getByRole('button', { name: 'Close' }).first().tap();
    await expect(voltages).toBeHidden();

    // Stage the latest version, then put the unit back.
    const stage = dialog.getByRole('button', { name: `Stage ${version}` });
    await expectOnScreen(page, stage, 'Stage', true);
    await stage.tap();
    await expect(dialog.getByRole('button', { name: `Unstage ${version}` })).toBeVisible();
    expect((await readUnit(unit.serialNumber)).pendingSoftwareDownload).toBe(version);
    await dialog.getByRole('button', { name: `Unstage ${version}` }).tap();
    await expect(stage).toBeVisible();

    // A ticket with a photo from the camera.
    await dialog.getByRole('button', { name: 'Open Ticket' }).tap();
    const stepper = page.getByRole('dialog', { name: `Support Ticket for ${unit.serialNumber}` });
    await stepper.getByRole('button', { name: 'Next' }).tap();
    await stepper.getByLabel('Description').fill('Camera bracket loose (phone e2e).');
    const photo = stepper.locator('input[type=file]');
    await expect(photo).toHaveAttribute('accept', 'image/*');
    await expect(photo).toHaveAttribute('capture', 'environment');
    const chooser = page.waitForEvent('filechooser');
    await stepper.getByRole('button', { name: 'Take a photo' }).first().tap();
    await (await chooser).setFiles({ name: 'bracket.png', mimeType: 'image/png', buffer: RED_PNG });
    await expect(stepper.getByText('bracket.png')).toBeVisible();
    await expectNoSideScroll(page, 'the ticket stepper');
    await stepper.getByRole('button', { name: 'Next' }).tap();
    const save = stepper.getByRole('button', { name: 'Save' });
    await expectOnScreen(page, save, 'Save', true);
    await save.tap();
    await expect(stepper).toBeHidden({ timeout: 15_000 });

    const token = await admin();
    const [saved] = await api<TicketHistoryItem[]>(
      token,
      `/read/ticketHistory/v1?serialNumber=${unit.serialNumber}`,
    );
    expect(saved).toMatchObject({ openedBy: 'tech', description: 'Camera bracket loose (phone e2e).' });
    const ticket = await readTicket(saved?.id ?? 0);
    await closeTicketIfOpen(ticket.id);
    expect(ticket.attachments).toHaveLength(1);
  });
});
