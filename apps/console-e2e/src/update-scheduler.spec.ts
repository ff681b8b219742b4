import { expect, test, type Page } from '@playwright/test';
import type { Paged, UpdateSchedulerDevice } from '@equipment-dashboard/contract';
import { api, drawerEntries, e2eServer, signIn } from './support/console';
import { admin } from './support/fleet';

// Reads only: the update scheduler changes nothing in the fleet.

const rows = (page: Page) => page.getByRole('row').filter({ has: page.getByRole('cell') });

async function devices(path: string, query: Record<string, string>): Promise<Paged<UpdateSchedulerDevice>> {
  return api<Paged<UpdateSchedulerDevice>>(await admin(), `${path}?${new URLSearchParams(query).toString()}`);
}

test.describe('Update Scheduler', () => {
  test('when an engineer filters the aligner table, then the rows follow the filters and the URL keeps them', async ({
    page,
  }) => {
    const all = await devices('/read/updatescheduler_aligners/v1/', { onlyConnected: 'true' });
    const prefix = (all.docs[0]?.serialNumber ?? 'A').slice(0, 4);
    const expected = await devices('/read/updatescheduler_aligners/v1/', {
      onlyConnected: 'true',
      filterSerialNumber: prefix,
    });

    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/UpdateScheduler`);
    await expect(page.getByRole('region', { name: 'Update Scheduler' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Aligners', exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(rows(page).first()).toBeVisible();

    await page.getByRole('checkbox', { name: 'Connected' }).click();
    await expect(page.getByRole('checkbox', { name: 'Connected' })).toBeChecked();
    await page.getByRole('textbox', { name: 'filter serial number' }).fill(prefix);
    await expect(page).toHaveURL(new RegExp(`onlyConnected=true&filterSerialNumber=${prefix}$`));
    await expect(page.getByText(`${expected.totalDocs.toLocaleString('en-US')} in all`)).toBeVisible();
    await expect(rows(page)).toHaveCount(expected.docs.length);
    for (const row of await rows(page).all()) {
      await expect(row.getByRole('cell').nth(0)).toHaveText(new RegExp(`^${prefix}`));
      await expect(row.getByRole('cell').nth(2)).toHaveText('aligner');
      await expect(row.getByRole('cell').nth(8)).toHaveText('yes');
      await expect(
        row
          .getByRole('cell')
          .nth(1)
          .getByRole('img', { name: /^Flag of [A-Z]{2}$/ }),
      ).toBeVisible();
    }

    // A link reproduces the view.
    await page.reload();
    await expect(page.getByRole('checkbox', { name: 'Connected' })).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'filter serial number' })).toHaveValue(prefix);
    await expect(rows(page)).toHaveCount(expected.docs.length);

    await page.getByRole('tab', { name: 'Tru-Points' }).click();
    await expect(page).toHaveURL(/\/UpdateScheduler\?family=gtps$/);
    await expect(rows(page).first().getByRole('cell').nth(2)).toHaveText('gtps');
  });

  test('when Daily and Hourly Activity are opened, then each shows its two line charts and the Average Slot Age in minutes', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/UpdateScheduler`);
    await page.getByRole('tab', { name: 'Daily Activity' }).click();
    const daily = page.getByRole('region', { name: 'Aligners daily statistics' });
    await expect(daily.getByText('Average Slot Age')).toBeVisible();
    await expect(daily.getByText('minutes')).toBeVisible();
    await expect(daily.getByText('Delivery count')).toBeVisible();
    for (const name of ['Aligners daily activity', 'Aligners daily deltas']) {
      await expect(daily.getByRole('figure', { name }).locator('canvas').first()).toBeVisible();
    }
    await expect(page).toHaveURL(/view=daily/);

    await page.getByRole('tab', { name: 'Hourly Activity' }).click();
    const hourly = page.getByRole('region', { name: 'Aligners hourly statistics' });
    for (const name of ['Aligners hourly activity', 'Aligners hourly deltas']) {
      await expect(hourly.getByRole('figure', { name }).locator('canvas').first()).toBeVisible();
    }
  });

  test('when support signs in, then the drawer has no Update Scheduler and the route says the role may not use it', async ({
    page,
  }) => {
    await signIn(page, 'support');
    expect(await drawerEntries(page)).not.toContain('Update Scheduler');
    await page.goto(`${e2eServer().url}/UpdateScheduler`);
    await expect(page.getByText('Your role does not allow the update scheduler.')).toBeVisible();
  });
});
