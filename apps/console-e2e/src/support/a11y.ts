import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** WCAG 2.2 AA as axe-core measures it. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Runs axe on `include` (the whole page when not given), prints every violation with its selectors, and
 * asserts softly that there is none, so that one run lists every screen's violations.
 */
export async function expectAccessible(page: Page, what: string, include?: string): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const found = violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'n/a'}) ${v.help}: ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  for (const line of found) console.log(`[a11y] ${what}: ${line}`);
  expect.soft(found, `axe violations on ${what}`).toEqual([]);
}

/** Whether `locator` (its first match) has the focus. */
export async function focused(locator: Locator): Promise<boolean> {
  if ((await locator.count()) === 0) return false;
  return locator.first().evaluate((el) => el === document.activeElement);
}

/** Presses `key` (Tab by default) until `target` has the focus; fails after `max` presses. */
export async function moveFocusTo(page: Page, target: Locator, key = 'Tab', max = 80): Promise<void> {
  for (let i = 0; i < max; i += 1) {
    if (await focused(target)) return;
    await page.keyboard.press(key);
  }
  const at = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`${key} x${max} did not reach ${target.toString()}; focus is on ${at}`);
}

/** Waits until no table, card or page spinner of the screen spins. */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 });
}
