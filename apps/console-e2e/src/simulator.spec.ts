import { expect, test, type Page } from '@playwright/test';
import type { Clock } from '@equipment-dashboard/contract';
import { expectAccessible, settled } from './support/a11y';
import { api, signIn } from './support/console';
import { admin, setClock } from './support/fleet';

// The Simulator screen as an engineer uses it. It applies gateway-outage and cancels its later step (the
// gateway's return), so it brings the gateway back itself afterwards and gives the clock its speed again.

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

/** The simulated time the screen shows, in ms. */
async function shownTime(page: Page): Promise<number> {
  const text = (await page.getByTestId('simulated-time').textContent()) ?? '';
  return Date.parse(text.replace(' UTC', 'Z').replace(' ', 'T'));
}

test.describe('the Simulator', () => {
  let speedBefore = 0;
  test.beforeAll(async () => {
    speedBefore = (await api<Clock>(await admin(), '/sim/clock')).speed;
  });
  test.afterAll(async () => {
    await api(await admin(), '/sim/scenario/apply', {
      method: 'POST',
      body: { scenario: { name: 'e2e: the gateway back', services: { charon: 'up' } } },
    });
    // The units the outage cut off reconnect as they retry, most within a few simulated minutes.
    await setClock({ step: '15m' });
    await setClock({ speed: speedBefore });
  });

  test('when an engineer previews and applies a scenario, cancels its pending step and steps the clock, then the screen shows each', async ({
    page,
  }) => {
    await signIn(page, 'engineer');
    await page
      .getByRole('navigation', { name: 'Navigation' })
      .getByRole('link', { name: 'Simulator' })
      .click();
    await expect(page).toHaveURL(/\/Simulator$/);
    const library = region(page, 'Scenarios');
    await expect(library.getByText('The gateway (charon) goes down')).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'Simulator');

    await library.getByRole('button', { name: 'Preview of gateway-outage' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText('charon (At once)')).toBeVisible();
    await expect(dialog.getByText('After 15m')).toBeVisible();
    await expectAccessible(page, 'Simulator: a scenario preview', '.ant-modal');
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(
      page.getByText(/^Applied gateway-outage: [\d,]+ units changed, 1 later steps scheduled\.$/),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const passes = region(page, 'Clock').getByRole('list', { name: 'Pending scenario steps a step passes' });
    await expect(passes).toContainText('gateway-outage, step after 15m');
    const timeline = region(page, 'Timeline');
    const run = timeline.getByRole('row').filter({ hasText: 'gateway-outage' }).first();
    await expect(run).toContainText('engineer');
    await expect(run).toContainText('pending');
    await run.getByRole('button', { name: 'Cancel the pending steps of gateway-outage' }).click();
    await expect(run).toContainText('cancelled');
    await expect(run.getByRole('button', { name: /Cancel the pending steps/ })).toHaveCount(0);
    await expect(passes.getByText('gateway-outage, step after 15m')).toHaveCount(0);

    const clock = region(page, 'Clock');
    if ((await clock.getByRole('button', { name: 'Pause' }).count()) > 0)
      await clock.getByRole('button', { name: 'Pause' }).click();
    await expect(page.getByTestId('simulated-speed')).toHaveText('Paused');
    const before = await shownTime(page);
    await clock.getByRole('button', { name: '+1 h' }).click();
    await expect.poll(() => shownTime(page)).toBe(before + 3_600_000);
    await clock.getByRole('textbox', { name: 'Custom step' }).fill('1d');
    await clock.getByRole('button', { name: 'Step', exact: true }).click();
    await expect.poll(() => shownTime(page)).toBe(before + 3_600_000 + 86_400_000);
    // The cancelled step (the gateway's return) did not play.
    await expect(run).toContainText('cancelled');
    await expectAccessible(page, 'Simulator after the apply');
  });
});
