import { screen, waitFor, within } from '@testing-library/react';
import type { Silence, Webhook, WebhookDelivery } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { exampleAlertRule, exampleWebhook } from '@equipment-dashboard/contract/testing';
import { findDialog } from '../../shared/testing/dialogs';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { openApp } from '../../test/render-app';
import { AlertsPage } from './alerts-page';
import { deliveryPollMs } from './webhook-dialogs';

const at = '2025-01-06T12:00:00.000Z';
const webhook: Webhook = { ...exampleWebhook, lastDelivery: { state: 'failed', at, status: 500 } };
const delivery: WebhookDelivery = {
  id: 'd-1',
  webhookId: 1,
  event: 'alert.firing',
  state: 'pending',
  attempts: 2,
  lastStatus: 500,
  lastResponse: 'Internal Server Error',
  createdAt: at,
  lastAttemptAt: at,
  nextAttemptAt: '2025-01-06T12:01:00.000Z',
  title: '37 units offline in US aligners',
};
const silence: Silence = {
  id: 4,
  matcher: { ruleId: 2, ruleName: 'US aligners offline', families: ['aligner'] },
  startsAt: at,
  endsAt: '2025-01-06T14:00:00.000Z',
  reason: 'Gateway maintenance',
  recurring: { days: ['sat', 'sun'], startHour: 1, endHour: 5, timeZone: 'America/Chicago' },
  createdBy: 'engineer',
  createdAt: at,
  status: 'active',
};

function open(role: Role, tab: 'webhooks' | 'silences', routes: Record<string, StubHandler> = {}) {
  return openScreen(`/Alerts?tab=${tab}`, <AlertsPage />, role, {
    '/read/webhooks/v1/': [webhook],
    '/read/silences/v1/': { docs: [silence], totalDocs: 1 },
    '/read/alert_rules/v1/': { docs: [exampleAlertRule(2, { name: 'US aligners offline' })], totalDocs: 1 },
    '/read/saved_views/v1': [],
    '/read/aligner_countries/v1': [{ countryName: 'United States', countryCode: 'US' }],
    ...routes,
  });
}

describe('Webhooks', () => {
  it('when an engineer creates a webhook, then its secret is shown once with a warning and a copy button', async () => {
    const secret = 'whsec_0123456789abcdef0123456789abcdef';
    const { user, stub } = open('engineer', 'webhooks', {
      'POST /create/webhook/v1': () =>
        json(201, { ...webhook, id: 2, name: 'Receiver', lastDelivery: null, secret }),
    });
    await user.click(await screen.findByRole('button', { name: /New webhook/ }));
    const dialog = await findDialog('New webhook');
    await user.type(within(dialog).getByLabelText('Name'), 'Receiver');
    await user.type(within(dialog).getByLabelText('URL'), 'https://receiver.example.com/hook');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/webhook/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/webhook/v1')[0]?.json()).toEqual({
      name: 'Receiver',
      url: 'https://receiver.example.com/hook',
    });

    const shown = await findDialog('Webhook secret');
    expect(within(shown).getByLabelText('Signing secret')).toHaveValue(secret);
    expect(within(shown).getByText(/shown only this once/)).toBeInTheDocument();
    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(within(shown).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith(secret);
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument());
  });

  it('when a test is sent and the delivery log opened, then the test names the webhook and the log shows each delivery', async () => {
    const { user, stub } = open('engineer', 'webhooks', {
      'POST /create/webhook_test/v1': () => json(201, { ...delivery, id: 'd-2', event: 'test' }),
      '/read/webhook_deliveries/v1/': { docs: [delivery], totalDocs: 1 },
    });
    const row = (await screen.findByText('Pager')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Send a test to Pager' }));
    await waitFor(() => expect(stub.callsTo('/create/webhook_test/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/webhook_test/v1')[0]?.json()).toEqual({ id: 1 });

    await user.click(within(row).getByRole('button', { name: 'Delivery log of Pager' }));
    const log = await findDialog('Delivery log of Pager');
    const entry = (await within(log).findByText('37 units offline in US aligners')).closest(
      'tr',
    ) as HTMLElement;
    expect(entry).toHaveTextContent('alert.firing');
    expect(entry).toHaveTextContent('Pending');
    expect(entry).toHaveTextContent('Internal Server Error');
    expect(
      new URL(stub.callsTo('/read/webhook_deliveries/v1/')[0]?.url ?? '').searchParams.get('webhookId'),
    ).toBe('1');
  });

  it('when the last delivery is pending, then the list reads again by itself until it is delivered, and stops then', async () => {
    let reads = 0;
    const { stub } = open('support', 'webhooks', {
      '/read/webhooks/v1/': () => {
        reads += 1;
        const state = reads < 2 ? 'pending' : 'delivered';
        return json(200, [
          { ...webhook, lastDelivery: { state, at, status: state === 'pending' ? null : 200 } },
        ]);
      },
    });
    const row = (await screen.findByText('Pager')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Pending')).toBeInTheDocument();
    expect(await within(row).findByText('Delivered', undefined, { timeout: 4_000 })).toBeInTheDocument();
    expect(row).toHaveTextContent('HTTP 200');
    const after = stub.callsTo('/read/webhooks/v1/').length;
    await new Promise((done) => setTimeout(done, 2_500));
    expect(stub.callsTo('/read/webhooks/v1/')).toHaveLength(after);
  });

  it('when deliveries are pending, then a first attempt is read again soon, retries after a failure slowly, and nothing once none is pending', () => {
    expect(
      deliveryPollMs([
        { state: 'pending', answered: false },
        { state: 'failed', answered: true },
      ]),
    ).toBe(2_000);
    expect(deliveryPollMs([{ state: 'pending', answered: true }])).toBe(30_000);
    expect(deliveryPollMs([{ state: 'delivered', answered: true }])).toBe(0);
    expect(deliveryPollMs([])).toBe(0);
  });

  it('when support opens Webhooks, then the log is there but no New webhook, Test or Delete', async () => {
    const { user } = open('support', 'webhooks');
    const row = (await screen.findByText('Pager')).closest('tr') as HTMLElement;
    expect(within(row).getByRole('button', { name: 'Delivery log of Pager' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Send a test to Pager' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New webhook/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Silences' }));
    expect(await screen.findByText('Gateway maintenance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New silence/ })).not.toBeInTheDocument();
  });
});

describe('Silences', () => {
  it('when silences are listed, then each shows what it matches, its window and its status in words', async () => {
    open('support_lvl2', 'silences');
    const row = (await screen.findByText('Gateway maintenance')).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('rule US aligners offline; families aligner');
    expect(row).toHaveTextContent('Sat Sun 1:00–5:00 America/Chicago');
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New silence/ })).toBeInTheDocument();
  });

  it('when an admin silences a service for 4 hours, then the end is 4 hours after the simulated clock and the start is left to the server', async () => {
    const { user, stub } = open('admin', 'silences', {
      '/sim/clock': { now: '2030-05-01T08:00:00.000Z', speed: 60 },
      'POST /create/silence/v1': () => json(201, silence),
    });
    await user.click(await screen.findByRole('button', { name: /New silence/ }));
    const dialog = await findDialog('New silence');
    await user.click(within(dialog).getByLabelText('Services'));
    await user.click(await screen.findByTitle('charon'));
    await user.click(within(dialog).getByLabelText('Lasts'));
    await user.click(await screen.findByTitle('4 hours'));
    await user.type(within(dialog).getByLabelText('Reason'), 'Planned gateway restart');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/silence/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/silence/v1')[0]?.json()).toEqual({
      matcher: { services: ['charon'] },
      endsAt: '2030-05-01T12:00:00.000Z',
      reason: 'Planned gateway restart',
      recurring: null,
    });
  });

  it('when the silence matches something, then its preview tells how many open alerts it would hold now, of which rules', async () => {
    const { user, stub } = open('admin', 'silences', {
      '/sim/clock': { now: '2030-05-01T08:00:00.000Z', speed: 60 },
      'POST /read/silence_preview/v1': () =>
        json(200, {
          openAlerts: 1_204,
          rules: [
            { ruleId: 2, ruleName: 'US aligners offline', count: 1_200 },
            { ruleId: 3, ruleName: 'Gateways down', count: 4 },
          ],
          subjects: ['AX1AS0001', 'AX1AS0002'],
        }),
    });
    await user.click(await screen.findByRole('button', { name: /New silence/ }));
    const dialog = await findDialog('New silence');
    expect(
      within(dialog).getByText('The preview waits until the silence matches something.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByLabelText('Families'));
    await user.click(await screen.findByTitle('aligner'));
    const status = within(dialog).getByRole('status');
    expect(
      await within(status).findByText('Matches now: 1,204 open alerts (held while the silence is active)'),
    ).toBeInTheDocument();
    expect(status).toHaveTextContent('Rules: US aligners offline (1,200), Gateways down (4)');
    expect(status).toHaveTextContent('First: AX1AS0001, AX1AS0002');
    expect(await stub.callsTo('/read/silence_preview/v1').at(-1)?.json()).toEqual({
      matcher: { families: ['aligner'] },
    });
  });

  it('when a weekly window is turned on, then the form says how it combines with the length', async () => {
    const { user } = open('admin', 'silences', {
      '/sim/clock': { now: '2030-05-01T08:00:00.000Z', speed: 60 },
    });
    await user.click(await screen.findByRole('button', { name: /New silence/ }));
    const dialog = await findDialog('New silence');
    expect(within(dialog).getByText(/holds all the time from its start to its end/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('switch', { name: 'Only inside a weekly window' }));
    expect(
      within(dialog).getByText(
        /Both limits apply: the silence holds only for 1 hour from its start, and within that only during Sat Sun 1:00–5:00 /,
      ),
    ).toBeInTheDocument();
  });

  it('when a silence is expired after confirming, then the call names it', async () => {
    const { user, stub } = open('engineer', 'silences', {
      'POST /delete/silence/v1': () => json(200, { ...silence, status: 'expired' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Expire silence 4' }));
    await user.click(within(await findDialog('Expire silence')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(stub.callsTo('/delete/silence/v1')).toHaveLength(1));
    expect(await stub.callsTo('/delete/silence/v1')[0]?.json()).toEqual({ id: 4 });
  });
});

describe('Alert e-mail in the account menu', () => {
  it('when severities are chosen and e-mail muted for 1 hour, then the preferences call carries both', async () => {
    const { user, stub } = openApp('/Audits', 'support', {
      '/read/audits/v1/': { docs: [], totalDocs: 0 },
      '/read/alert_preferences/v1': { emailSeverities: ['critical'], mutedUntil: null },
      'POST /update/alert_preferences/v1': () =>
        json(200, { emailSeverities: ['critical', 'major'], mutedUntil: '2030-01-01T00:00:00.000Z' }),
    });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    await user.click(await screen.findByText('Alert e-mail'));
    const dialog = await findDialog('Alert e-mail');
    expect(await within(dialog).findByText('E-mail is not muted.')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Critical' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Major' }));
    await user.click(within(dialog).getByRole('radio', { name: '1 hour' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stub.callsTo('/update/alert_preferences/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_preferences/v1')[0]?.json()).toEqual({
      emailSeverities: ['critical', 'major'],
      muteMinutes: 60,
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Account' })).toHaveFocus());
  });

  it('when a guest opens the account menu, then there is no Alert e-mail', async () => {
    const { user } = openApp('/Audits', 'guest', { '/read/audits/v1/': { docs: [], totalDocs: 0 } });
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(await screen.findByText('Change Password')).toBeInTheDocument();
    expect(screen.queryByText('Alert e-mail')).not.toBeInTheDocument();
  });
});
