import { expect, type Locator, type Page } from '@playwright/test';
import { apiToken, e2eServer } from './console';

/*
 * Helpers of the back-office specs (EZ ADAS, TruPoint, camera calibrations, AIKnow): opening a screen
 * through its drawer entry or its path, and putting back what a spec created.
 */

/** Opens a screen by its path in the signed-in console and waits for its titled card. */
export async function openScreen(page: Page, path: string, title: string): Promise<Locator> {
  await page.goto(`${e2eServer().url}${path}`);
  const region = page.getByRole('region', { name: title });
  await expect(region).toBeVisible();
  return region;
}

/** A POST as a user that may fail (cleanup of what a spec created): answers the status only. */
export async function postQuietly(username: string, path: string, body: unknown): Promise<number> {
  const response = await fetch(`${e2eServer().url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await apiToken(username)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.status;
}

/** A name no other run of the specs uses: a prefix and the time in base 36, upper-case. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36).toUpperCase()}`;
}

/** The row of a table whose first cell is `text`. */
export function rowOf(scope: Locator, text: string): Locator {
  // The inner locator is matched inside each row, so it starts from the page, not from `scope`.
  return scope.getByRole('row').filter({ has: scope.page().getByRole('cell', { name: text, exact: true }) });
}

/** The open antd dialog titled `title`. */
export function dialogTitled(page: Page, title: string): Locator {
  return page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
}
