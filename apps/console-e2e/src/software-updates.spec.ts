import { expect, test, type Page } from '@playwright/test';
import type { ScheduleByDay } from '@equipment-dashboard/contract';
import { versionLabel } from '@equipment-dashboard/domain';
import { api, e2eServer, signIn } from './support/console';
import { admin, latestOf } from './support/fleet';
import { unpublishedAlignerUpdate } from './support/updates';

// Publishing adds a newer aligner release (the demo library's 5.6.0 on a fresh server) and scheduling
// books a few aligners a month from now, on a day the simulated clock does not reach during a run: the
// specs after these find the fleet as it was, with one more release available.

const MANIFEST_NOT_FOUND =
  'A manifest.json file was not found at the specified path.  Verify that the path you entered is correct or try a different path.';

async function openSoftwareVersions(page: Page, username: string) {
  await signIn(page, username);
  await page.goto(`${e2eServer().url}/SoftwareUpdates`);
  await expect(page.getByRole('region', { name: 'Software Versions' })).toBeVisible();
}

const dialog = (page: Page, title: string) =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

test.describe('Software Versions', () => {
  test('when support opens it, then the tabs carry the latest versions, the cards draw, and no publishing button shows', async ({
    page,
  }) => {
    const latest = await latestOf('aligner');
    await openSoftwareVersions(page, 'support');
    await expect(page.getByRole('tab', { name: `Aligners ${versionLabel(latest)}` })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Tru-Point / })).toBeVisible();
    await expect(page.getByRole('tab', { name: /^Aligners-Oasis/ })).toBeVisible();
    const installed = page.getByRole('region', { name: 'Aligners Installed Versions' });
    await expect(installed.getByText('At the latest version')).toBeVisible();
    await expect(
      installed.getByRole('figure', { name: 'Installed Aligner versions' }).locator('canvas').first(),
    ).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Aligners Staged Updates' }).getByText('Ready to download'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Create .* Update$/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Schedule Aligner Updates' })).toHaveCount(0);
  });

  test('when an engineer validates an unpublished aligner update and confirms, then the alert announces it and the Aligners tab title carries it', async ({
    page,
  }) => {
    const update = await unpublishedAlignerUpdate();
    await openSoftwareVersions(page, 'engineer');
    await page.getByRole('button', { name: 'Create Aligner Update' }).click();
    const create = dialog(page, 'Create Aligner Update');
    const path = create.getByLabel('update path');

    await path.fill('/updates/aligner/0.0.1');
    await create.getByRole('button', { name: 'Validate' }).click();
    await expect(create.getByRole('alert')).toHaveText(MANIFEST_NOT_FOUND, { useInnerText: true });
    await expect(create.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    await path.fill(update.path);
    await expect(create.getByRole('alert')).toHaveCount(0);
    await create.getByRole('button', { name: 'Validate' }).click();
    await expect(create.getByText('A manifest.json file was found and verified at this path.')).toBeVisible();
    await expect(
      create.getByText(`This update is version ${versionLabel(update)}.`, { exact: false }),
    ).toBeVisible();
    await create.getByRole('button', { name: 'Confirm' }).click();

    await expect(create).toBeHidden();
    await expect(page.getByRole('alert').filter({ hasText: update.semantic })).toHaveText(
      `The latest software available is now version ${update.semantic}.`,
    );
    await expect(page.getByRole('tab', { name: `Aligners ${versionLabel(update)}` })).toBeVisible();
    expect((await latestOf('aligner')).semantic).toBe(update.semantic);
  });

  test('when an engineer schedules updates for a serial pattern, then the count and the CONFIRM sentence show and the day is booked', async ({
    page,
  }) => {
    const token = await admin();
    const serials = await api<string[]>(token, '/read/aligner_serial_numbers/v1?filterSerialNumber=*');
    const pattern = `${(serials[0] ?? 'AX').slice(0, 7)}*`;
    const matching = await api<string[]>(
      token,
      `/read/aligner_serial_numbers/v1?filterSerialNumber=${encodeURIComponent(pattern)}`,
    );
    expect(matching.length).toBeGreaterThan(0);
    const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const bookedBefore = await booked(day);

    await openSoftwareVersions(page, 'engineer');
    await page.getByRole('button', { name: 'Schedule Aligner Updates' }).click();
    const schedule = dialog(page, 'Schedule Aligner Updates');
    const date = schedule.getByLabel('Stage on');
    await date.click();
    await date.fill(day);
    await date.press('Enter');
    await expect(date).toHaveValue(day);
    await expect(schedule.getByText(`${bookedBefore} updates already scheduled for ${day}.`)).toBeVisible();

    const filter = schedule.getByLabel('Serial number filter');
    await filter.fill('ZZZ9*');
    await schedule.getByRole('button', { name: 'Search' }).click();
    await expect(
      schedule.getByText('No aligners match your serial number pattern. Please try a different search.'),
    ).toBeVisible();
    await expect(schedule.getByRole('button', { name: 'Confirm' })).toHaveCount(0);

    await filter.fill(pattern);
    await schedule.getByRole('button', { name: 'Search' }).click();
    await expect(schedule.getByRole('status', { name: 'aligners found' })).toContainText(
      String(matching.length),
    );
    await expect(
      schedule.getByText(`Click CONFIRM to schedule ${matching.length} updates to be staged on ${day}.`),
    ).toBeVisible();
    await schedule.getByRole('button', { name: 'Confirm' }).click();

    await expect(schedule).toBeHidden();
    await expect(page.getByText(`${matching.length} updates scheduled for ${day}.`)).toBeVisible();
    expect(await booked(day)).toBe(bookedBefore + matching.length);

    // The picker now shows the day's load.
    await page.getByRole('button', { name: 'Schedule Aligner Updates' }).click();
    const again = dialog(page, 'Schedule Aligner Updates');
    await again.getByLabel('Stage on').click();
    await again.getByLabel('Stage on').fill(day);
    await again.getByLabel('Stage on').press('Enter');
    await expect(
      again.getByText(`${bookedBefore + matching.length} updates already scheduled for ${day}.`),
    ).toBeVisible();
    await again.getByRole('button', { name: 'Cancel' }).click();
  });
});

/** Updates already scheduled on a day, as the server counts them. */
async function booked(day: string): Promise<number> {
  const days = await api<ScheduleByDay[]>(await admin(), '/read/schedule_by_day/v1/');
  const [year, month, date] = day.split('-').map(Number);
  return days.find(({ _id }) => _id.year === year && _id.month === month && _id.day === date)?.count ?? 0;
}
