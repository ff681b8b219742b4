import { expect, test, type Page } from '@playwright/test';
import type { Fixture, Paged, Target } from '@equipment-dashboard/contract';
import { api, apiToken, chooseOption, signIn } from './support/console';
import { dialogTitled, openScreen, postQuietly, rowOf, uniqueName } from './support/back-office';

// These specs create one fixture and one target and delete them again (also on failure, in afterAll),
// so the seeded EZ ADAS lists stay as they were for the specs that run after them.

const snackbar = (page: Page) => page.getByTestId('ezadas-snackbar');

/** One year from today in the browser's (and this machine's) local time, as M/D/YYYY. */
function inAYear(): string {
  const today = new Date();
  const next = new Date(today.getFullYear() + 1, today.getMonth(), today.getDate());
  // Feb 29 + 1 year is Feb 28 (libs/domain defaultSubscriptionExpiry).
  if (next.getMonth() !== today.getMonth()) next.setDate(0);
  return `${next.getMonth() + 1}/${next.getDate()}/${next.getFullYear()}`;
}

test.describe('EZ ADAS fixtures', () => {
  const serial = uniqueName('E2E');
  test.afterAll(async () => {
    await postQuietly('admin', '/api/v1/delete_ez_fixture', { serialNumber: serial });
  });

  test('when ezadas creates a fixture, changes its subscription, resets and deletes it, then each step says its §8 text', async ({
    page,
  }) => {
    await signIn(page, 'ezadas');
    await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: 'EZ ADAS' }).click();
    const screen = page.getByRole('region', { name: 'EZ ADAS' }).getByRole('tabpanel', { name: 'Fixtures' });
    await expect(screen.getByRole('columnheader', { name: 'Subscription Expiration' })).toBeVisible();
    await expect(screen.getByRole('row')).toHaveCount(11);

    // Create (201).
    await screen.getByRole('button', { name: 'Create New Fixture' }).click();
    let dialog = dialogTitled(page, 'Create New Fixture');
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByLabel('Serial Number').fill(serial.toLowerCase());
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS fixture ${serial} was created`);
    await expect(snackbar(page).getByRole('button', { name: 'CLOSE' })).toBeVisible();
    await expect(dialog).toBeHidden();

    await screen.getByRole('textbox', { name: 'filter fixture serial number' }).fill(serial);
    const row = rowOf(screen, serial);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Included');
    await expect(row).toContainText('N/A');
    await expect(screen.getByRole('row')).toHaveCount(2);

    // Create again (200).
    await screen.getByRole('button', { name: 'Create New Fixture' }).click();
    dialog = dialogTitled(page, 'Create New Fixture');
    await dialog.getByLabel('Serial Number').fill(serial);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS fixture ${serial} already exists`);
    await snackbar(page).getByRole('button', { name: 'CLOSE' }).click();
    await expect(snackbar(page)).toBeHidden();

    // Subscription: Limited, the picker starting one year from today.
    await row.getByRole('button', { name: 'Edit Subscription' }).click();
    dialog = dialogTitled(page, 'Modify Subscription');
    await expect(dialog.getByLabel('Expiry Date')).toBeHidden();
    await chooseOption(page, dialog, 'Package', 'Limited');
    await expect(dialog.getByLabel('Expiry Date')).toHaveValue(inAYear());
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS ${serial} subscription updated`);
    await expect(row).toContainText('Limited');
    await expect(row).toContainText(inAYear());
    const stored = await api<Paged<Fixture>>(
      await apiToken('ezadas'),
      `/api/v1/ez_get_fixtures/?filterSerialNumber=${serial}`,
    );
    expect(stored.docs[0]).toMatchObject({ subscriptionPackage: 'Limited', subscriptionExpires: inAYear() });

    // Reset: a new fixture has no activations (204).
    await row.getByRole('button', { name: 'Reset Activation Count' }).click();
    dialog = dialogTitled(page, 'Reset Fixture Activations');
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS fixture ${serial} has no activations`);

    // Delete.
    await row.getByRole('button', { name: 'Delete Serial Number' }).click();
    dialog = dialogTitled(page, 'Delete Serial Number');
    await expect(dialog).toContainText(`Are you sure you want to delete ${serial}?`);
    await dialog.getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS fixture ${serial} deleted`);
    await expect(row).toHaveCount(0);
  });
});

test.describe('EZ ADAS targets', () => {
  const name = `E2E Target ${uniqueName('')}`;
  test.afterAll(async () => {
    await postQuietly('admin', '/api/v1/delete_ez_target', { targetName: name });
  });

  test('when an engineer creates, edits and deletes a target, then the table follows and the snackbar says each outcome', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    const region = await openScreen(page, '/Easy', 'EZ ADAS');
    await region.getByRole('tab', { name: 'Targets' }).click();
    const screen = region.getByRole('tabpanel', { name: 'Targets' });
    await expect(screen.getByRole('columnheader', { name: 'Package Index' })).toBeVisible();

    await screen.getByRole('button', { name: 'Create New Target' }).click();
    const create = dialogTitled(page, 'Create New Target');
    await chooseOption(page, create, 'Package', 'Limited');
    await create.getByLabel('Target Name').fill(name);
    await create.getByLabel('Target ID').fill('4.5');
    await expect(create.getByRole('button', { name: 'Create' })).toBeDisabled();
    await create.getByLabel('Target ID').fill('4242');
    await create.getByRole('button', { name: 'Create' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS target ${name} created`);

    // Targets are listed by name, 10 a page: the server says which page holds the new one, and the test opens
    // that page and waits for its answer (paging on while the list was still being refetched after the create
    // went past the row once, under CI load).
    const token = await apiToken('engineer');
    const pageOfTargets = (n: number) => `/api/v1/ez_get_targets/?page=${n}`;
    let holding = 1;
    for (; holding <= 10; holding += 1) {
      const listed = await api<Paged<Target>>(token, pageOfTargets(holding));
      if (listed.docs.some((target) => target.targetName === name)) break;
    }
    const row = rowOf(screen, name);
    if (holding > 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith(pageOfTargets(holding)));
      await screen.getByRole('listitem', { name: String(holding), exact: true }).click();
      await answered;
    }
    await expect(row).toContainText('4242');
    await expect(row).toContainText('Limited');

    await row.getByRole('button', { name: 'Edit Target' }).click();
    const modify = dialogTitled(page, 'Modify Target');
    await expect(modify.getByRole('textbox')).toHaveCount(0);
    await chooseOption(page, modify, 'Package', 'Premium + VAG');
    await modify.getByRole('button', { name: 'Save' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS ${name} target updated`);
    await expect(row).toContainText('Premium + VAG');
    await expect(row.getByRole('cell', { name: '4', exact: true })).toBeVisible();

    await row.getByRole('button', { name: 'Delete Target' }).click();
    const confirm = dialogTitled(page, 'Delete Target');
    await expect(confirm).toContainText(`Are you sure you want to delete the target ${name}?`);
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(snackbar(page)).toContainText(`EZ ADAS target ${name} deleted`);
    await expect(row).toHaveCount(0);
  });

  test('when ezadas opens Targets, then there is no Create New Target, Edit Target or Delete Target', async ({
    page,
  }) => {
    await signIn(page, 'ezadas');
    const region = await openScreen(page, '/Easy', 'EZ ADAS');
    await region.getByRole('tab', { name: 'Targets' }).click();
    const screen = region.getByRole('tabpanel', { name: 'Targets' });
    await expect(screen.getByRole('columnheader', { name: 'Package Name' })).toBeVisible();
    await expect(screen.getByRole('row').nth(1)).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Create New Target' })).toHaveCount(0);
    await expect(screen.getByRole('button', { name: 'Edit Target' })).toHaveCount(0);
    await expect(screen.getByRole('button', { name: 'Delete Target' })).toHaveCount(0);
  });

  test('when support opens /Easy, then it says it has no access', async ({ page }) => {
    await signIn(page, 'support');
    await page.goto(`${page.url().replace(/\/$/, '')}/Easy`);
    await expect(page.getByText('You do not have access to EZ ADAS.')).toBeVisible();
  });
});
