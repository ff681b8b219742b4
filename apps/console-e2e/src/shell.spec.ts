import { expect, test } from '@playwright/test';

const baseURL = () => process.env['E2E_BASE_URL'] ?? '';

test('when the served console opens, then the page carries the product title', async ({ page }) => {
  await page.goto(baseURL());
  await expect(page).toHaveTitle('Equipment Dashboard');
});
