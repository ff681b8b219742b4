import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import type { Role } from '@equipment-dashboard/domain';
import { E2E_PASSWORD } from './server';

/** The server global-setup started (URL and data folder), passed to the workers through the environment. */
export function e2eServer(): { url: string; dataDir: string } {
  const url = process.env['E2E_BASE_URL'];
  const dataDir = process.env['E2E_DATA_DIR'];
  if (!url || !dataDir) throw new Error('E2E_BASE_URL and E2E_DATA_DIR are set by global-setup.');
  return { url, dataDir };
}

/** Signs in through the login page (users are named by role) and waits for the dashboard's top bar. */
export async function signIn(page: Page, username: Role | string, password = E2E_PASSWORD): Promise<void> {
  await page.goto(`${e2eServer().url}/login`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page.getByRole('heading', { name: 'Equipment Dashboard' })).toBeVisible();
}

/** A bearer token for calls the test makes beside the browser (creating a ticket, reading the truth). */
export async function apiToken(username: Role | string, password = E2E_PASSWORD): Promise<string> {
  const response = await fetch(`${e2eServer().url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: 'equipment-dashboard',
    }),
  });
  if (!response.ok) throw new Error(`sign-in of ${username} answered ${response.status}`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A JSON call to the server with a token. */
export async function api<T>(
  token: string,
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<T> {
  const response = await fetch(`${e2eServer().url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok)
    throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Decodes a quoted-printable mail body (soft line breaks and =XX escapes). */
function quotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The newest mail in the server's outbox folder addressed to `to` and written at or after `since` (ms), decoded. */
export function newestMailTo(to: string, since = 0): string | null {
  const outbox = join(e2eServer().dataDir, 'outbox');
  let files: string[];
  try {
    files = readdirSync(outbox).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  const newestFirst = files
    .map((name) => ({ path: join(outbox, name), at: statSync(join(outbox, name)).mtimeMs }))
    .filter((file) => file.at >= since)
    .sort((a, b) => b.at - a.at);
  for (const file of newestFirst) {
    const mail = quotedPrintable(readFileSync(file.path, 'utf8'));
    if (new RegExp(`^To:.*${to}`, 'mi').test(mail)) return mail;
  }
  return null;
}

/** The reset link of the first reset mail to `to` written since `since`, waiting for it to arrive. */
export async function resetLinkFor(to: string, since: number): Promise<string> {
  const link = () =>
    newestMailTo(to, since)?.match(/https?:\/\/\S+\/reset_password\?token=[\w-]+/)?.[0] ?? null;
  await expect.poll(link, { timeout: 10_000, message: `a reset mail to ${to} in the outbox` }).not.toBeNull();
  return link() ?? '';
}

/** The drawer's entries, in order. */
export async function drawerEntries(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Navigation' }).getByRole('link').allTextContents();
}

/** The gtps units sorted by serial number, last first: an equipment list view of several pages. */
export const GTPS_BY_SERIAL = 'filterFamily=gtps&sortBy=serialNumber&sortDesc=true';

/** Opens the equipment list at `query` on page `listPage`, and waits until its pagination shows that page. */
export async function openEquipmentList(page: Page, query: string, listPage: number): Promise<void> {
  await page.goto(`${e2eServer().url}/Aligners?${query}&page=${listPage}`);
  await expect(page.locator('.ant-pagination-item-active')).toHaveText(String(listPage));
}

/** Opens a screen through its drawer entry, as a user would. */
export async function openFromDrawer(page: Page, entry: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Navigation' }).getByRole('link', { name: entry }).click();
}

/** Saves, through the API, a view of the equipment list holding the US aligners under `name`. */
export async function saveUsAlignersView(token: string, name: string): Promise<void> {
  await api(token, '/create/saved_view/v1', {
    method: 'POST',
    body: { screen: 'equipment', name, query: { filterCountryCode: 'US', filterFamily: 'aligner' } },
  });
}

/** Picks `option` in the Ant Design select labelled `label` inside `scope`, and checks it took. */
export async function chooseOption(
  page: Page,
  scope: Locator,
  label: string | RegExp,
  option: string,
): Promise<void> {
  // `has` takes a locator relative to the select, hence one from the page, not from the scope.
  const select = scope.locator('.ant-select').filter({ has: page.getByRole('combobox', { name: label }) });
  await scope.getByRole('combobox', { name: label }).click();
  await page.locator(`.ant-select-dropdown:visible [title="${option}"]`).click();
  await expect(select).toContainText(option);
}

/**
 * Records the text of every snackbar (role status) the page shows, from its next load on (each load
 * records afresh), each text once in order of first showing. A snackbar stays 3 seconds: on a loaded
 * machine a locator's polls can miss it.
 */
export async function recordSnackbars(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { snackbarTexts: string[] }).snackbarTexts = shown;
    const record = () => {
      for (const status of Array.from(document.querySelectorAll("[role='status']"))) {
        const text = status.textContent ?? '';
        if (text !== '' && !shown.includes(text)) shown.push(text);
      }
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { snackbarTexts?: string[] }).snackbarTexts ?? []);
}
