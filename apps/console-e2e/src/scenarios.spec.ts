import { expect, test, type Page } from '@playwright/test';
import { api, apiToken, signIn } from './support/console';

// These specs change the shared server's fleet (a published release, a gateway outage), so they run
// after the dashboard specs (files run in name order with one worker) and put back what they can.

const panel = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

async function applyScenario(name: string): Promise<void> {
  await api(await apiToken('admin'), '/sim/scenario/apply', { method: 'POST', body: { name } });
}

test.describe('scenarios on a signed-in console', () => {
  test('when a fresh release is published, then the console alerts the new latest versions and shows them', async ({
    page,
  }) => {
    await signIn(page, 'support');
    await expect(panel(page, 'Connected equipment')).toContainText('of ');
    await applyScenario('fresh-release-available');

    await expect(page.getByRole('alert').filter({ hasText: '5.5.0' })).toHaveText(
      'The latest software available is now version 5.5.0.',
    );
    await expect(page.getByRole('alert').filter({ hasText: '1.6.0' })).toHaveText(
      'The latest software available is now version 1.6.0.',
    );
    await expect(panel(page, 'Installed Aligner software versions')).toContainText(
      'Latest 5.5.0 - build 2500',
    );
    await expect(panel(page, 'Installed Tru-Point software versions')).toContainText('Latest 1.6.0');
  });

  test('when the gateway goes down, then the services panel and the counters show it, and it comes back', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    const gateway = panel(page, 'Services').getByRole('listitem', { name: 'gateway' });
    await expect(gateway).toContainText('UP');
    await applyScenario('gateway-outage');

    await expect(gateway).toContainText('DOWN');
    await expect(panel(page, 'Connected equipment')).toContainText(/^Connected equipment\s*0\s*of/);

    // The scenario brings the gateway back 15 simulated minutes later.
    await api(await apiToken('admin'), '/sim/clock', { method: 'POST', body: { step: '15m' } });
    await expect(gateway).toContainText('UP');
  });
});
