import { expect, test } from '@playwright/test';
import { NAV_ENTRIES } from '@equipment-dashboard/domain';
import { api, apiToken, drawerEntries, e2eServer, resetLinkFor, signIn } from './support/console';
import { deleteUserIfPresent, unique } from './support/desk';
import { E2E_PASSWORD } from './support/server';

/** Every drawer entry, in the spec's order (the domain's test holds the table to the spec): what admin sees. */
const ALL_ENTRIES: string[] = NAV_ENTRIES.map((entry) => entry.label);
/** The entries whose screens support may not use. */
const NOT_FOR_SUPPORT = [
  'Update Scheduler',
  'Rollouts',
  'EZ ADAS',
  'Notifications / Ads',
  'Simulator',
  'Users',
];

test.describe('sign-in and passwords', () => {
  test('when the password is wrong, then the login page says so and stays signed out', async ({ page }) => {
    await page.goto(`${e2eServer().url}/login`);
    await page.getByLabel('Username').fill('support');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await expect(page.getByRole('alert')).toHaveText('The username or password is not correct.');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
  });

  test('when admin signs in, then the dashboard opens with every drawer entry', async ({ page }) => {
    await signIn(page, 'admin');
    await expect(page).toHaveURL(`${e2eServer().url}/`);
    await expect(page.getByText('1.9.1')).toBeVisible();
    expect(await drawerEntries(page)).toEqual(ALL_ENTRIES);
  });

  test('when support signs in, then the drawer leaves out what support may not use', async ({ page }) => {
    await signIn(page, 'support');
    expect(await drawerEntries(page)).toEqual(
      ALL_ENTRIES.filter((entry) => !NOT_FOR_SUPPORT.includes(entry)),
    );
  });

  test('when a signed-out user opens a protected route, then the login page shows', async ({ page }) => {
    await page.goto(`${e2eServer().url}/TrendChart`);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
  });

  test('when a reset is requested, then the mailed link sets a new password that signs in', async ({
    page,
  }) => {
    // A user of its own, deleted at the end: the seeded ones keep their password for the specs that follow.
    const username = unique('reset');
    await api(await apiToken('admin'), '/create/user/v1/', {
      method: 'POST',
      body: {
        username,
        password: E2E_PASSWORD,
        email: `${username}@example.com`,
        role: 'tech',
        active: true,
      },
    });
    try {
      const since = Date.now();
      await page.goto(`${e2eServer().url}/login`);
      await page.getByRole('link', { name: 'request password reset' }).click();
      await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
      await page.getByLabel('Username').fill(username);
      await page.getByRole('button', { name: 'REQUEST RESET' }).click();
      await expect(
        page.getByText('Please check your e-mail for instructions to reset your password.'),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'REQUEST RESET' })).toBeDisabled();

      const link = await resetLinkFor(username, since);
      expect(link.startsWith(`${e2eServer().url}/reset_password?token=`)).toBe(true);
      await page.goto(link);
      await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
      const newPassword = 'tech-new-password-2024';
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Verify New Password').fill('tech-new-password-202');
      await expect(page.getByRole('button', { name: 'SET PASSWORD' })).toBeDisabled();
      await page.getByLabel('Verify New Password').fill(newPassword);
      await page.getByRole('button', { name: 'SET PASSWORD' }).click();
      await expect(page).toHaveURL(/\/login$/);

      // The link works once.
      await page.goto(link);
      await page.getByLabel('New Password', { exact: true }).fill('another-password-2024');
      await page.getByLabel('Verify New Password').fill('another-password-2024');
      await page.getByRole('button', { name: 'SET PASSWORD' }).click();
      await expect(page.getByText('Something went wrong...')).toBeVisible();

      await signIn(page, username, newPassword);
      await expect
        .poll(() =>
          apiToken(username, E2E_PASSWORD).then(
            () => 'old works',
            () => 'old refused',
          ),
        )
        .toBe('old refused');
    } finally {
      await deleteUserIfPresent(username);
    }
  });

  test('when Logout is chosen, then the token is gone and the login page shows after the reload', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
    await page.goto(`${e2eServer().url}/`);
    await expect(page).toHaveURL(/\/login$/);
  });
});
