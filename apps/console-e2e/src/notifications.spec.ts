import { expect, test, type Locator } from '@playwright/test';
import dayjs from 'dayjs';
import type { Country, Notification, Region } from '@equipment-dashboard/contract';
import { api, apiToken, chooseOption, drawerEntries, e2eServer, signIn } from './support/console';
import { unique } from './support/desk';

// The notification this spec creates stays (there is no delete call); it begins a year from now, so it
// is first in the table (latest beginning first) and touches nothing other specs read.

async function pickDate(scope: Locator, label: string, day: string) {
  const input = scope.getByLabel(label);
  await input.click();
  await input.fill(day);
  await input.press('Enter');
}

test.describe('notifications', () => {
  test('when an engineer walks the Create Notification wizard, then the notification is stored and listed first', async ({
    page,
  }) => {
    const token = await apiToken('engineer');
    const countries = await api<Country[]>(token, '/read/aligner_countries/v1');
    let country: Country | undefined;
    let region: string | undefined;
    for (const candidate of countries) {
      const regions = await api<Region[]>(
        token,
        `/read/aligner_regions/v1?countryName=${encodeURIComponent(candidate.countryName)}`,
      );
      if (regions.length > 0) {
        country = candidate;
        region = regions[0]?.region;
        break;
      }
    }
    if (!country || !region) throw new Error('No country with a region in the fleet.');
    const name = unique('E2E spring promo');
    const start = dayjs().add(365, 'day').format('YYYY-MM-DD');
    const end = dayjs().add(372, 'day').format('YYYY-MM-DD');

    await signIn(page, 'engineer');
    expect(await drawerEntries(page)).toContain('Notifications / Ads');
    await page.goto(`${e2eServer().url}/Notifications`);
    await expect(page.getByRole('columnheader', { name: 'Target Type' })).toBeVisible();
    await page.getByRole('button', { name: 'Create Notification' }).click();
    const wizard = page.getByRole('dialog', { name: 'Create Notification' });
    await pickDate(wizard, 'Start Date', start);
    await pickDate(wizard, 'End Date', end);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Name').fill(name);
    await chooseOption(page, wizard, 'Content MIME Type', 'image/png');
    await wizard.getByLabel('Content Path').fill('/ads/spring.png');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByRole('button', { name: 'Create' })).toBeDisabled();
    await chooseOption(page, wizard, 'Family', 'aligner');
    await chooseOption(page, wizard, 'Country', `${country.countryName} (${country.countryCode})`);
    await chooseOption(page, wizard, 'Region', region);
    await wizard.getByRole('button', { name: 'Create' }).click();
    await expect(wizard).toBeHidden();

    const first = page.getByRole('row').nth(1);
    await expect(first.getByRole('cell').first()).toHaveText(name);
    await expect(first).toContainText('/ads/spring.png');
    await expect(first).toContainText(`${start} 00:00:00`);
    await expect(first).toContainText(`${end} 23:59:59`);

    const stored = (await api<{ docs: Notification[] }>(token, '/read/notifications/v1/?page=1')).docs.find(
      (n) => n.name === name,
    );
    expect(stored).toMatchObject({
      resourcePath: '/ads/spring.png',
      mimeType: 'image/png',
      targetType: 'geographic',
      target: { family: 'aligner', country: country.countryCode, region, city: null },
    });

    // The wizard starts over when opened again.
    await page.getByRole('button', { name: 'Create Notification' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect(wizard.getByLabel('Name')).toHaveValue('');
  });
});
