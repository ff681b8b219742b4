import { expect, test, type Locator, type Page } from '@playwright/test';
import type { Alert, Silence, Ticket, Webhook } from '@equipment-dashboard/contract';
import { expectAccessible, settled } from './support/a11y';
import { alertsOfRule, createOfflineNowRule, deleteRule, showAlertList } from './support/alerts';
import { api, e2eServer, signIn } from './support/console';
import { closeTicketIfOpen, openTicketAs } from './support/desk';
import { admin, findUnit } from './support/fleet';

// WCAG 2.2 AA as axe-core measures it (light theme), on every route of the console (apps/console/src/app/router.tsx)
// with each of its tabs, and on each dialog and drawer, opened as a user opens it. Each dialog is then closed with
// Escape and focus must be back on the control that opened it. Violations are soft failures: one run lists them all.

const SIGNED_OUT_ROUTES = [
  '/login',
  '/request_password_reset',
  '/reset_password?token=a11y',
  '/no-such-page',
];

const SIGNED_IN_ROUTES = [
  '/',
  '/TrendChart',
  '/Aligners',
  '/Health',
  '/Map',
  '/Radar',
  '/SupportTickets',
  '/Users',
  '/Notifications',
  '/Messaging',
  '/Easy',
  '/TruPoint',
  '/CameraCal',
  '/AIKnow',
  '/Audits',
  '/SoftwareUpdates',
  '/SpecUpdates',
  '/UpdateScheduler',
  '/Rollouts',
  '/Alerts',
  '/Alerts?view=groups',
  '/Simulator',
  '/no-such-page',
];

const RULE_NAME = 'Offline units (a11y e2e)';
const WEBHOOK_NAME = 'Receiver (a11y e2e)';

/** The screen at `path`, once its data is shown. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${e2eServer().url}${path}`);
  await expect(page.locator('#root')).not.toBeEmpty();
  await settled(page);
}

/** Checks the screen, then each other tab of its main area in turn. */
async function expectScreenAccessible(page: Page, what: string): Promise<void> {
  await expectAccessible(page, what);
  const tabs = page.getByRole('main').getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    if ((await tab.getAttribute('aria-selected')) === 'true') continue;
    const name = (await tab.textContent())?.trim() ?? String(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await settled(page);
    await expectAccessible(page, `${what}, tab ${name}`);
  }
}

/**
 * Opens the dialog `dialog` with `opener`, checks it (and its tabs), runs `inside` if given, closes it with
 * Escape and expects focus back on the opener.
 */
async function expectDialogAccessible(
  page: Page,
  what: string,
  opener: Locator,
  dialog: Locator,
  inside?: () => Promise<void>,
): Promise<void> {
  await opener.click();
  await expect(dialog).toBeVisible();
  await settled(page);
  await expectAccessible(page, what, '.ant-modal-wrap, .ant-drawer');
  const tabs = dialog.getByRole('tab');
  for (let i = 1; i < (await tabs.count()); i += 1) {
    const name = (await tabs.nth(i).textContent())?.trim() ?? String(i);
    await tabs.nth(i).click();
    await settled(page);
    await expectAccessible(page, `${what}, tab ${name}`, '.ant-modal-wrap, .ant-drawer');
  }
  if (inside) await inside();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

let ruleId = 0;
let silenceId = 0;
/** An alert resolved by hand: it stays in the Resolved tab whatever its unit does next. */
let resolved: Alert | undefined;
let ticket: Ticket | null = null;

test.describe('accessibility (axe-core, WCAG 2.2 AA)', () => {
  test.setTimeout(240_000);

  test.beforeAll(async () => {
    const token = await admin();
    // Alerts in every state's tab, a silence.
    ruleId = await createOfflineNowRule(RULE_NAME);
    await expect
      .poll(async () => (await alertsOfRule(ruleId, 'firing')).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(5);
    const [first, second] = await alertsOfRule(ruleId, 'firing');
    await api(token, '/update/alert_acknowledged/v1', {
      method: 'POST',
      body: { ids: [first?.id], comment: 'Looking at it (a11y e2e)' },
    });
    await api(token, '/update/alert_resolved/v1', { method: 'POST', body: { ids: [second?.id] } });
    resolved = second;
    const silence = await api<Silence>(token, '/create/silence/v1', {
      method: 'POST',
      body: {
        matcher: { serials: ['0000000000'] },
        endsAt: new Date(Date.now() + 365 * 24 * 3_600_000).toISOString(),
        reason: 'Bench unit (a11y e2e)',
      },
    });
    silenceId = silence.id;
    ticket = await openTicketAs('admin', await findUnit(() => true), 'Screen reader check (a11y e2e)');
  });

  test.afterAll(async () => {
    const token = await admin();
    await deleteRule(ruleId);
    if (silenceId) await api(token, '/delete/silence/v1', { method: 'POST', body: { id: silenceId } });
    const hooks = await api<Webhook[]>(token, '/read/webhooks/v1/');
    for (const hook of hooks.filter((h) => h.name === WEBHOOK_NAME))
      await api(token, '/delete/webhook/v1', { method: 'POST', body: { id: hook.id } });
    if (ticket) await closeTicketIfOpen(ticket.id);
  });

  test('when a signed-out user opens the sign-in, reset and unknown pages, then axe finds no violation', async ({
    page,
  }) => {
    for (const path of SIGNED_OUT_ROUTES) {
      await visit(page, path);
      await expectAccessible(page, path);
    }
  });

  for (const [part, routes] of [
    ['the first third', SIGNED_IN_ROUTES.slice(0, 6)],
    ['the second third', SIGNED_IN_ROUTES.slice(6, 12)],
    ['the last third', SIGNED_IN_ROUTES.slice(12)],
  ] as const) {
    test(`when an admin opens ${part} of the routes and each of their tabs, then axe finds no violation`, async ({
      page,
    }) => {
      await signIn(page, 'admin');
      for (const path of routes) {
        const started = Date.now();
        await visit(page, path);
        await expectScreenAccessible(page, path);
        console.log(`[a11y] ${path} checked in ${Date.now() - started} ms`);
      }
    });
  }

  test('when the shell, equipment and ticket dialogs are open, then axe finds no violation and focus returns to their opener', async ({
    page,
  }) => {
    await signIn(page, 'admin');

    const account = page.getByRole('button', { name: 'Account' });
    const accountItem = async (name: string) => {
      await account.click();
      await page.getByRole('menuitem', { name }).click();
    };
    await accountItem('Change Password');
    const password = page.getByRole('dialog', { name: 'Change Password' });
    await expect(password).toBeVisible();
    await expectAccessible(page, 'the Change Password dialog', '.ant-modal-wrap');
    await page.keyboard.press('Escape');
    await expect(password).toBeHidden();

    await accountItem('Alert e-mail');
    const preferences = page.getByRole('dialog', { name: 'Alert e-mail' });
    await expect(preferences.getByRole('checkbox').first()).toBeVisible();
    await expectAccessible(page, 'the Alert e-mail dialog', '.ant-modal-wrap');
    await page.keyboard.press('Escape');
    await expect(preferences).toBeHidden();
    await expect(account).toBeFocused();

    await expectDialogAccessible(
      page,
      'the bell drawer',
      page.getByRole('button', { name: /^Alerts: / }),
      page.getByRole('dialog', { name: 'Firing alerts' }),
    );

    await visit(page, '/Aligners');
    const serialLink = page.getByRole('main').getByRole('row').nth(1).getByRole('link').first();
    const serial = (await serialLink.textContent())?.trim() ?? '';
    await expectDialogAccessible(
      page,
      'the equipment detail dialog',
      serialLink,
      page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: serial, level: 4 }) }),
    );

    await visit(page, '/Aligners?filterFamily=aligner&filterCountryCode=US');
    await expectDialogAccessible(
      page,
      'the new rollout dialog (from the equipment filters)',
      page.getByRole('button', { name: /Roll out to these units/ }),
      page.getByRole('dialog', { name: 'New rollout' }),
    );

    await visit(page, '/Rollouts');
    await expectDialogAccessible(
      page,
      'the new rollout dialog',
      page.getByRole('main').getByRole('button', { name: /New rollout/ }),
      page.getByRole('dialog', { name: 'New rollout' }),
    );

    await visit(page, '/SupportTickets');
    const id = ticket?.id ?? 0;
    const ticketRow = page
      .getByRole('row')
      .filter({ hasText: String(id) })
      .first();
    const detail = page.getByRole('dialog', { name: `Support Ticket - ${id} - OPEN` });
    await expectDialogAccessible(
      page,
      'the ticket detail dialog',
      ticketRow.getByRole('button', { name: 'View details' }),
      detail,
      async () => {
        await detail.getByRole('tab').first().click();
        const newComment = detail.getByRole('button', { name: 'New Comment' });
        await newComment.click();
        const comment = page.getByRole('dialog', { name: `New Comment - Support Ticket ${id}` });
        await expect(comment).toBeVisible();
        await expectAccessible(page, 'the new comment dialog', '.ant-modal-wrap');
        await comment.getByRole('button', { name: 'Cancel' }).click();
        await expect(comment).toBeHidden();
        await expect(newComment).toBeFocused();
      },
    );
  });

  test('when the back-office dialogs and wizards are open, then axe finds no violation and focus returns to their opener', async ({
    page,
  }) => {
    await signIn(page, 'admin');

    await visit(page, '/Users');
    await expectDialogAccessible(
      page,
      'the create user dialog',
      page.getByRole('button', { name: 'Create New User' }),
      page.getByRole('dialog', { name: 'Create New User' }),
    );
    const userRow = page.getByRole('row').filter({ hasText: 'support' }).first();
    await expectDialogAccessible(
      page,
      'the update user dialog',
      userRow.getByRole('button', { name: 'Edit User' }),
      page.getByRole('dialog', { name: /^Update User - / }),
    );

    await visit(page, '/Messaging');
    await expectDialogAccessible(
      page,
      'the message wizard',
      page.getByRole('button', { name: 'Create New Message' }),
      page.getByRole('dialog', { name: 'Create New Message' }),
    );

    await visit(page, '/Notifications');
    await expectDialogAccessible(
      page,
      'the notification wizard',
      page.getByRole('button', { name: 'Create Notification' }),
      page.getByRole('dialog', { name: 'Create Notification' }),
    );

    await visit(page, '/SoftwareUpdates');
    await expectDialogAccessible(
      page,
      'the create update dialog',
      page.getByRole('button', { name: 'Create Aligner Update' }),
      page
        .getByRole('dialog')
        .filter({ has: page.locator('.ant-modal-title', { hasText: 'Aligner Update' }) }),
    );
    await expectDialogAccessible(
      page,
      'the schedule dialog',
      page.getByRole('button', { name: 'Schedule Aligner Updates' }),
      page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: 'Schedule' }) }),
    );

    await visit(page, '/SpecUpdates?tab=releases');
    await expectDialogAccessible(
      page,
      'the create spec dialog',
      page.getByRole('button', { name: 'Create Spec Update' }),
      page.getByRole('dialog').filter({ has: page.locator('.ant-modal-title', { hasText: 'Spec' }) }),
    );

    await visit(page, '/Easy');
    await expectDialogAccessible(
      page,
      'the create fixture dialog',
      page.getByRole('button', { name: 'Create New Fixture' }),
      page.getByRole('dialog', { name: /Fixture/ }),
    );

    for (const [path, button] of [
      ['/TruPoint', 'View Pairing Details'],
      ['/CameraCal', 'View Calibration Details'],
      ['/AIKnow', 'View Chat Details'],
    ] as const) {
      await visit(page, path);
      const opener = page.getByRole('button', { name: button }).first();
      if ((await opener.count()) === 0) continue;
      await expectDialogAccessible(page, `the ${path} detail dialog`, opener, page.getByRole('dialog'));
    }
  });

  test('when the Alerts screen dialogs and drawer are open, then axe finds no violation and focus returns to their opener', async ({
    page,
  }) => {
    await signIn(page, 'admin');
    await visit(page, '/Alerts?tab=rules');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true });

    await tab('Rules').click();
    await expectDialogAccessible(
      page,
      'the alert rule editor',
      page.getByRole('button', { name: 'New rule' }),
      page.getByRole('dialog', { name: 'New rule' }),
    );

    await tab('Silences').click();
    const silenceDialog = page.getByRole('dialog', { name: 'New silence' });
    await expectDialogAccessible(
      page,
      'the silence dialog',
      page.getByRole('button', { name: 'New silence' }),
      silenceDialog,
      async () => {
        await silenceDialog.getByRole('switch').click();
        await expect(silenceDialog.getByRole('group', { name: 'Days' })).toBeVisible();
        await expectAccessible(page, 'the silence dialog with its weekly window', '.ant-modal-wrap');
      },
    );

    await tab('Webhooks').click();
    const newWebhook = page.getByRole('button', { name: 'New webhook' });
    const webhookDialog = page.getByRole('dialog', { name: 'New webhook' });
    await expectDialogAccessible(page, 'the webhook dialog', newWebhook, webhookDialog);
    await newWebhook.click();
    await webhookDialog.getByLabel('Name').fill(WEBHOOK_NAME);
    await webhookDialog.getByLabel('URL').fill('http://127.0.0.1:9/a11y');
    await webhookDialog.getByRole('button', { name: 'Create' }).click();
    const secretDialog = page.getByRole('dialog', { name: 'Webhook secret' });
    await expect(secretDialog).toBeVisible();
    await expectAccessible(page, 'the webhook secret dialog', '.ant-modal-wrap');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(secretDialog).toBeHidden();
    await expect(newWebhook).toBeFocused();

    await tab('Firing').click();
    await settled(page);
    await showAlertList(page);
    const row = page.getByRole('row').filter({ hasText: RULE_NAME }).first();
    await row.getByRole('checkbox').check();
    await expectDialogAccessible(
      page,
      'the acknowledge dialog',
      page.getByRole('button', { name: 'Acknowledge', exact: true }),
      page.getByRole('dialog', { name: 'Acknowledge 1 alert' }),
    );

    // The firing list follows the fleet (units come back, others drop): the drawer is opened on an alert that stays.
    const { id, subject } = resolved ?? { id: 0, subject: { serialNumber: '' } };
    await visit(page, `/Alerts?tab=resolved&ruleId=${ruleId}&serialNumber=${subject.serialNumber ?? ''}`);
    await expectDialogAccessible(
      page,
      'the alert detail drawer',
      page.getByRole('button', { name: new RegExp(`^Details of alert ${id}:`) }),
      page.getByRole('dialog', { name: `Alert ${id}` }),
    );
  });
});
