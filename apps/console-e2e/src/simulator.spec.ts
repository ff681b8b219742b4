import { expect, test, type Page } from '@playwright/test';
import type { Clock } from '@equipment-dashboard/contract';
import { expectAccessible, settled } from './support/a11y';
import { api, e2eServer, GTPS_BY_SERIAL, openEquipmentList, signIn } from './support/console';
import { admin, applyScenario, setClock } from './support/fleet';

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

  test('when an engineer saves the field, applies hung-downloads, steps an hour and restores, then the equipment list shows the units as before', async ({
    page,
  }) => {
    const token = await admin();
    await setClock({ speed: 0 });
    type Row = { serialNumber: string; connected: boolean; updateState: unknown };
    const listed = async () =>
      (await api<{ docs: Row[] }>(token, `/read/aligners/v1/?${GTPS_BY_SERIAL}&page=1`)).docs.map((d) => [
        d.serialNumber,
        d.connected,
        JSON.stringify(d.updateState),
      ]);
    const digest = async () => (await api<{ digest: string }>(token, '/sim/world_digest/v1')).digest;
    const before = await listed();
    const digestBefore = await digest();

    await signIn(page, 'engineer');
    await page.goto(`${e2eServer().url}/Simulator`);
    const snapshots = region(page, 'Snapshots');
    await expect(snapshots.getByText('is not part of a snapshot')).toBeVisible();
    await snapshots.getByRole('button', { name: 'Save the field state' }).click();
    const saveDialog = page.getByRole('dialog');
    await saveDialog.getByRole('textbox', { name: 'Name' }).fill('e2e: before the hung downloads');
    await expectAccessible(page, 'Simulator: save the field state', '.ant-modal');
    await saveDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The field state is saved as e2e: before the hung downloads.')).toBeVisible();
    const row = snapshots.getByRole('row').filter({ hasText: 'e2e: before the hung downloads' });
    await expect(row).toBeVisible();
    await settled(page);
    await expectAccessible(page, 'Simulator with a snapshot');

    await applyScenario('hung-downloads');
    await setClock({ step: '1h' });
    await expect.poll(digest).not.toBe(digestBefore);

    await row.getByRole('button', { name: 'Restore e2e: before the hung downloads' }).click();
    const restoreDialog = page.getByRole('dialog');
    await expect(restoreDialog).toContainText(
      'The simulated world returns to e2e: before the hung downloads',
    );
    await restoreDialog.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByText('The field state e2e: before the hung downloads is restored.')).toBeVisible();
    expect(await digest()).toBe(digestBefore);
    expect(await listed()).toEqual(before);

    await openEquipmentList(page, GTPS_BY_SERIAL, 1);
    for (const [serial] of before.slice(0, 3))
      await expect(page.getByRole('row').filter({ hasText: String(serial) })).toBeVisible();
  });
});
