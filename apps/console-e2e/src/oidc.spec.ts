import { expect, test } from '@playwright/test';
import { navEntriesFor } from '@equipment-dashboard/domain';
import { drawerEntries } from './support/console';
import { startIdp, type RunningIdp } from './support/idp';
import { freePort, startServer, type RunningServer } from './support/server';

// A dashboard of its own, signing in through `npm run idp`'s provider (a real oidc-provider on loopback).
let idp: RunningIdp;
let server: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  idp = await startIdp(url);
  server = await startServer({ PORT: String(port), PUBLIC_URL: url, ...idp.env });
});

test.afterAll(() => {
  server?.process.kill('SIGTERM');
  idp?.process.kill('SIGTERM');
});

test.describe('signing in with the identity provider', () => {
  test("when a provider's engineer signs in and out, then the dashboard shows the engineer's drawer and the provider's session ends too", async ({
    page,
  }) => {
    await page.goto(`${server.url}/login`);
    const button = page.getByRole('button', { name: 'Sign in with Demo IdP' });
    await expect(button).toBeVisible();
    // The local form stays below the button.
    await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();
    await button.click();

    // The provider's own login form.
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('eli');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').first().click();

    await expect(page.getByRole('heading', { name: 'Equipment Dashboard' })).toBeVisible();
    await expect(page).toHaveURL(`${server.url}/`);
    expect(await drawerEntries(page)).toEqual(navEntriesFor('engineer').map((entry) => entry.label));
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user-token') ?? 'null'));
    expect(stored.user).toEqual({ username: 'eli', email: 'eli@idp.example', role: 'engineer' });

    // Sign out: the console goes to the provider's sign-out, which comes back to the sign-in page.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByText('Logout').click();
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/session/end`));
    await page.locator('button[type="submit"][value="yes"], button[autofocus]').first().click();
    await expect(page).toHaveURL(`${server.url}/login`);
    await expect(page.getByRole('button', { name: 'Sign in with Demo IdP' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();

    // The provider's session ended: signing in again asks for the login again.
    await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click();
    await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
    await expect(page.locator('input[name="login"]')).toBeVisible();
  });

  test('when a user in no mapped group signs in, then a page says why and how to try again', async ({
    page,
  }) => {
    await page.goto(`${server.url}/login`);
    await page.getByRole('button', { name: 'Sign in with Demo IdP' }).click();
    await page.locator('input[name="login"]').fill('nora');
    await page.locator('input[name="password"]').fill('any password');
    await page.locator('button[type="submit"]').first().click();
    await expect(
      page.getByRole('heading', { name: 'Your account has no access to the Equipment Dashboard' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to sign in' })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem('user-token'))).toBeNull();
  });
});
