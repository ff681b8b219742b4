import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { showAlertList } from './support/alerts';
import {
  api,
  apiToken,
  chooseOption,
  e2eServer,
  openFromDrawer,
  saveUsAlignersView,
  signIn,
} from './support/console';

// Changes the shared server's fleet (every US unit drops, the field holds still, the clock steps): the region is
// brought back and the rhythm restored at the end.

interface Received {
  event: string;
  delivery: string;
  signature: string;
  body: Buffer;
}

/** A webhook receiver on loopback that keeps every message it gets. */
async function receiver(): Promise<{ url: string; got: Received[]; close(): Promise<void> }> {
  const got: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({
        event: String(req.headers['x-equipment-dashboard-event']),
        delivery: String(req.headers['x-equipment-dashboard-delivery']),
        signature: String(req.headers['x-equipment-dashboard-signature']),
        body: Buffer.concat(chunks),
      });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/alerts`,
    got,
    close: () => new Promise((r) => server.close(() => r())),
  };
}

test.describe('alerts', () => {
  test.setTimeout(180_000);

  test('when US aligners go offline, then staff hear it live, acknowledge them together, see them resolve, and a signed webhook got each change', async ({
    page,
  }) => {
    const admin = await apiToken('admin');
    const engineer = await apiToken('engineer');
    const hook = await receiver();
    await saveUsAlignersView(engineer, 'US aligners (alerts e2e)');
    // The clock stands still while the test steps it.
    await api(admin, '/sim/clock', { method: 'POST', body: { speed: 0 } });
    try {
      await signIn(page, 'engineer');
      await openFromDrawer(page, 'Alerts');

      // A webhook: its secret is shown once.
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await page.getByRole('button', { name: 'New webhook' }).click();
      const newHook = page.getByRole('dialog', { name: 'New webhook' });
      await newHook.getByLabel('Name').fill('Receiver (e2e)');
      await newHook.getByLabel('URL').fill(hook.url);
      await newHook.getByRole('button', { name: 'Create' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Webhook secret' });
      await expect(secretDialog).toBeVisible();
      const secret = (await secretDialog.getByLabel('Signing secret').inputValue()).trim();
      expect(secret.length).toBeGreaterThanOrEqual(32);
      await secretDialog.getByRole('button', { name: 'Done' }).click();

      // A rule from the saved view of US aligners, with the preview shown before saving.
      await page.getByRole('tab', { name: 'Rules' }).click();
      await page.getByRole('button', { name: 'New rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New rule' });
      await dialog.getByLabel('Name').fill('US aligners offline');
      await chooseOption(page, dialog, 'Kind', 'Unit offline');
      await chooseOption(page, dialog, 'Severity', 'Major');
      await dialog.getByRole('radio', { name: 'Saved view' }).check();
      await chooseOption(page, dialog, 'Saved view', 'US aligners (alerts e2e)');
      await dialog.getByLabel('For (minutes)').fill('5');
      await chooseOption(page, dialog, /^Webhooks$/, 'Receiver (e2e)');
      await expect(dialog.getByText(/^Would fire now: \d+$/)).toBeVisible();
      await expect(dialog.getByText(/^Units in scope: [1-9]\d*$/)).toBeVisible();
      await dialog.getByRole('button', { name: 'Create' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('cell', { name: 'US aligners offline', exact: true })).toBeVisible();

      // The region drops; five simulated minutes later the alerts fire, and the bell counts them live.
      const bell = page.getByRole('button', { name: /^Alerts: / });
      const before = Number(
        /(\d[\d,]*) firing/.exec((await bell.getAttribute('aria-label')) ?? '')?.[1]?.replace(/,/g, '') ?? 0,
      );
      const outage = await api<{ unitsChanged: number }>(admin, '/sim/scenario/apply', {
        method: 'POST',
        body: { name: 'regional-outage' },
      });
      expect(outage.unitsChanged).toBeGreaterThan(0);
      await api(admin, '/sim/clock', { method: 'POST', body: { step: '6m' } });
      await expect
        .poll(
          async () =>
            Number(
              /(\d[\d,]*) firing/
                .exec((await bell.getAttribute('aria-label')) ?? '')?.[1]
                ?.replace(/,/g, '') ?? 0,
            ),
          { timeout: 30_000 },
        )
        .toBeGreaterThan(before);

      // Acknowledge several in one step, with one comment (the storm opens grouped by place: the list of units).
      await page.getByRole('tab', { name: 'Firing' }).click();
      await showAlertList(page);
      const rows = page.getByRole('row').filter({ hasText: 'US aligners offline' });
      await expect(rows.first()).toBeVisible();
      const picked = Math.min(3, await rows.count());
      expect(picked).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < picked; i++) await rows.nth(i).getByRole('checkbox').check();
      await page.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      const ack = page.getByRole('dialog', { name: `Acknowledge ${picked} alerts` });
      await ack.getByLabel('Comment').fill('ISP outage in the US, carrier ticket 4411');
      await ack.getByRole('button', { name: 'Acknowledge', exact: true }).click();
      await expect(page.getByText(`${picked} alerts acknowledged.`)).toBeVisible();
      await page.getByRole('tab', { name: 'Acknowledged' }).click();
      await expect(
        page.getByRole('row').filter({ hasText: 'ISP outage in the US, carrier ticket 4411' }),
      ).toHaveCount(picked);

      // The region comes back (the scenario's step at 3 hours): every alert of the rule resolves by itself.
      await api(admin, '/sim/clock', { method: 'POST', body: { step: '3h' } });
      await page.getByRole('tab', { name: 'Resolved' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'US aligners offline' }).first()).toBeVisible({
        timeout: 30_000,
      });
      await page.getByRole('tab', { name: 'Firing' }).click();
      await expect(page.getByRole('row').filter({ hasText: 'US aligners offline' })).toHaveCount(0, {
        timeout: 30_000,
      });

      // The receiver got signed, grouped messages: firing, acknowledged and resolved.
      await expect
        .poll(() => hook.got.map((g) => g.event).sort(), { timeout: 30_000 })
        .toEqual(expect.arrayContaining(['alert.acknowledged', 'alert.firing', 'alert.resolved']));
      for (const message of hook.got) {
        expect(message.signature).toBe(
          `sha256=${createHmac('sha256', secret).update(message.body).digest('hex')}`,
        );
      }
      const firing = hook.got
        .filter((g) => g.event === 'alert.firing')
        .map((g) => JSON.parse(g.body.toString('utf8')) as { title: string; count: number });
      expect(firing).toHaveLength(1);
      expect(firing[0]?.title).toMatch(/^\d+ units? offline in US aligners offline$/);
      const acknowledged = hook.got.find((g) => g.event === 'alert.acknowledged');
      expect(JSON.parse(acknowledged?.body.toString('utf8') ?? '{}')).toMatchObject({ count: picked });
    } finally {
      await hook.close();
      // The region back (if a step failed), the field's rhythm and the clock restored.
      await api(admin, '/sim/scenario/apply', {
        method: 'POST',
        body: {
          scenario: {
            name: 'alerts-reset',
            churn: 1,
            units: [{ select: { country: 'US', connected: false }, set: { connected: true } }],
          },
        },
      });
      await api(admin, '/sim/clock', { method: 'POST', body: { speed: 1 } });
    }
  });
});

for (const { device, width, height } of [
  { device: 'phone', width: 390, height: 844 },
  { device: 'tablet', width: 768, height: 1024 },
]) {
  test.describe(`alerts on a ${device}`, () => {
    test.use({ viewport: { width, height }, hasTouch: true });

    test(`when support opens each Alerts tab on a ${width} px ${device}, then the page never scrolls sideways and every tab is a tap away on screen`, async ({
      page,
    }) => {
      await signIn(page, 'support');
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      for (const tab of ['firing', 'acknowledged', 'resolved', 'silenced', 'rules', 'silences', 'webhooks']) {
        await page.goto(`${e2eServer().url}/Alerts?tab=${tab}`);
        // Each tab is a table: the width is measured once it is drawn and no longer loading.
        await expect(page.getByRole('tabpanel').locator('.ant-table-wrapper').first()).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        expect({ tab, fits: (await pageWidth()) <= width }).toEqual({ tab, fits: true });
      }

      await page.goto(`${e2eServer().url}/Alerts`);
      await expect(page.getByRole('tab', { name: 'Firing', selected: true })).toBeVisible();
      // The tabs that do not fit are folded into antd's more menu, or wrap onto a second line (the phone's styles):
      // either way Webhooks is a tap away and inside the screen.
      const more = page.locator(
        '.ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden) .ant-tabs-nav-more',
      );
      if ((await more.count()) > 0) {
        await more.tap();
        await page.getByRole('option', { name: 'Webhooks' }).tap();
      } else {
        const webhooks = page.getByRole('tab', { name: 'Webhooks' });
        const box = await webhooks.boundingBox();
        expect(box !== null && box.x >= 0 && box.x + box.width <= width).toBe(true);
        await webhooks.tap();
      }
      await expect(page).toHaveURL(/tab=webhooks/);
      await expect(page.getByRole('columnheader', { name: 'Last delivery' })).toBeAttached();
      expect(await pageWidth()).toBeLessThanOrEqual(width);
    });
  });
}
