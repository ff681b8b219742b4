import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { e2eServer, signIn } from './support/console';

const baseURL = () => process.env['E2E_BASE_URL'] ?? '';

test('when the served console opens, then the page carries the product title', async ({ page }) => {
  await page.goto(baseURL());
  await expect(page).toHaveTitle('Equipment Dashboard');
});

test('when the console loads and a user signs in, then the page reports no Content-Security-Policy violation', async ({
  page,
}) => {
  // zod's code generation (new Function) was one, on every load: the CSP has no 'unsafe-eval'.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('CSP violation:')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      console.log(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  await signIn(page, 'admin');
  await page.waitForLoadState('load');
  expect(violations).toEqual([]);
});

/** Records every script the page loads from now on; `sizes()` answers each file's size gzip-compressed (level 9). */
function recordScripts(page: Page) {
  const loads: Promise<[string, number]>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const name = new URL(response.url()).pathname.split('/').pop() ?? '';
    loads.push(response.body().then((body) => [name, gzipSync(body, { level: 9 }).length]));
  });
  return { sizes: async () => new Map(await Promise.all(loads)) };
}

test('when the login page opens, then it loads at most 250 KB of JavaScript and none of the signed-in code', async ({
  page,
}) => {
  const scripts = recordScripts(page);
  await page.goto(`${e2eServer().url}/login`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeVisible();

  const signedOut = await scripts.sizes();
  const total = [...signedOut.values()].reduce((sum, size) => sum + size, 0);
  expect(total).toBeLessThanOrEqual(250 * 1024);
  expect([...signedOut.keys()].filter((name) => name.startsWith('signed-in'))).toEqual([]);

  // The library code of the shell and the dashboard comes in one chunk once signed in.
  // Signed in, the shell on screen has run it (the live channel's polling never lets the network idle).
  await signIn(page, 'admin');
  const signedIn = await scripts.sizes();
  expect(
    [...signedIn.keys()].filter(
      (name) => /^signed-in-[\w-]+\.js$/.test(name) && !name.startsWith('signed-in-layout'),
    ),
  ).toHaveLength(1);
});
