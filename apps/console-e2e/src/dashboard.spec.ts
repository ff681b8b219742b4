import { expect, test, type Locator, type Page } from '@playwright/test';
import type { TicketStatistics, TopAligner } from '@equipment-dashboard/contract';
import { api, apiToken, recordSnackbars, signIn } from './support/console';

const FLEET_SIZE = 300;

const panel = (page: Page, name: string): Locator => page.getByRole('region', { name, exact: true });

/** The value of a statistic titled `title` inside a panel. */
async function statistic(scope: Locator, title: string): Promise<string> {
  const text = await scope.locator('.ant-statistic').filter({ hasText: title }).innerText();
  return text.replace(title, '').trim();
}

test.describe('home dashboard', () => {
  test('when admin signs in, then the panels show the numbers of the running fleet', async ({ page }) => {
    const token = await apiToken('admin');
    await signIn(page, 'admin');

    await expect(panel(page, 'Total equipment')).toContainText(String(FLEET_SIZE));
    await expect(panel(page, 'Connected equipment')).toContainText(`of ${FLEET_SIZE}`);
    await expect(panel(page, 'Connected users')).toContainText(/[1-9]/);
    await expect(panel(page, 'Percentage connected')).toContainText('%');

    const stats = await api<TicketStatistics>(token, '/read/ticket_statistics/v1');
    const tickets = panel(page, 'Support tickets');
    await expect.poll(() => statistic(tickets, 'Open')).toBe(String(stats.openTicketCount));
    expect(await statistic(tickets, 'Closed')).toBe(String(stats.closedTicketCount));
    expect(await statistic(tickets, 'Total')).toBe(String(stats.totalTickets));

    const top = await api<TopAligner[]>(token, '/read/top_aligners_by_alignment_count/v1');
    const topPanel = panel(page, 'Top 10 aligners by alignment count');
    await expect(topPanel.getByRole('link')).toHaveCount(top.length);
    await expect(topPanel.getByRole('link').first()).toHaveText(top[0]?._id.serialNumber ?? '');

    for (const name of [
      'Connected aligners, last 60 samples',
      'Open tickets per issuer',
      'Installed Aligner software versions',
    ]) {
      const figure = page.getByRole('figure', { name });
      await expect(figure.locator('canvas').first()).toBeVisible();
      // Busy until G2 has drawn it.
      await expect(figure).toHaveAttribute('aria-busy', 'false');
    }
    const services = panel(page, 'Services');
    for (const label of ['logging', 'gateway', 'auth', 'equipment']) {
      await expect(services.getByRole('listitem', { name: label })).toBeVisible();
    }
    await expect(panel(page, 'Staged Aligner updates')).toContainText('Staged');
  });

  test('when a ticket is created through the API, then the signed-in console shows its alert', async ({
    page,
  }) => {
    await signIn(page, 'support');
    await expect(panel(page, 'Connected equipment')).toContainText(`of ${FLEET_SIZE}`);
    const token = await apiToken('engineer');
    const [unit] = await api<TopAligner[]>(token, '/read/top_aligners_by_alignment_count/v1');
    const serialNumber = unit?._id.serialNumber ?? '';
    // The count before, from the server, once the panel shows it (read from the screen, it could be the
    // figure of a panel still loading).
    const before = (await api<TicketStatistics>(token, '/read/ticket_statistics/v1')).openTicketCount;
    await expect.poll(() => statistic(panel(page, 'Support tickets'), 'Open')).toBe(String(before));

    const ticket = await api<{ id: number }>(token, '/create/ticket/v1', {
      method: 'POST',
      body: {
        issuerUsername: 'engineer',
        issuerEmail: 'engineer@example.com',
        description: 'Cameras lose the targets in the afternoon.',
        serialNumber,
        version: '5.4.2',
        connected: true,
        escalated: false,
        family: 'aligner',
        model: 'unknown',
      },
    });
    await expect(page.getByRole('alert').filter({ hasText: `New ticket ${ticket.id}` })).toHaveText(
      `New ticket ${ticket.id} for aligner ${serialNumber} created by engineer.`,
    );
    await expect.poll(() => statistic(panel(page, 'Support tickets'), 'Open')).toBe(String(before + 1));
  });

  test('when admin restarts a service, then the panel shows it down and then up again', async ({ page }) => {
    await signIn(page, 'admin');
    const services = panel(page, 'Services');
    const row = services.getByRole('listitem', { name: 'gateway' });
    await expect(row).toContainText('UP');
    await services.getByRole('button', { name: 'Restart gateway' }).click();
    await expect(row).toContainText('DOWN');
    await expect(row).toContainText('UP', { timeout: 30_000 });
  });

  test('when support signs in, then there are no restart buttons', async ({ page }) => {
    await signIn(page, 'support');
    const services = panel(page, 'Services');
    await expect(services.getByRole('listitem', { name: 'gateway' })).toContainText('UP');
    await expect(services.getByRole('button', { name: /^Restart / })).toHaveCount(0);
  });

  test('when the Trend Chart opens, then the graph image shows', async ({ page }) => {
    await signIn(page, 'support');
    await page.getByRole('link', { name: 'Trend Chart' }).click();
    const image = page.getByRole('img', { name: 'Trend chart of connected equipment' });
    await expect(image).toBeVisible();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('when an unknown serial is searched, then the snackbar says it was not found', async ({ page }) => {
    const snackbars = await recordSnackbars(page);
    await signIn(page, 'support');
    const box = page.getByPlaceholder('search for equipment serial number');
    await box.fill('zz000000');
    await box.press('Enter');
    await expect.poll(snackbars).toContain('Serial number ZZ000000 not found.CLOSE');
  });

  test('when a known serial is searched, then the equipment route opens for it', async ({ page }) => {
    const token = await apiToken('support');
    const [unit] = await api<TopAligner[]>(token, '/read/top_aligners_by_alignment_count/v1');
    const serial = unit?._id.serialNumber ?? '';
    await signIn(page, 'support');
    const box = page.getByPlaceholder('search for equipment serial number');
    await box.fill(serial.toLowerCase());
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(new RegExp(`/Aligners\\?serial=${serial}$`));
  });
});
