import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@equipment-dashboard/domain';
import { exampleAlert, exampleAlertCounts, exampleAlertRule } from '@equipment-dashboard/contract/testing';
import { findDialog } from '../../shared/testing/dialogs';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { pagedRoute, queryOf } from '../../test/lists';
import { formatDateTime } from '../../shared/equipment/format';
import { AlertsPage } from './alerts-page';

const rows = [
  exampleAlert(1),
  exampleAlert(2),
  exampleAlert(3, {
    severity: 'critical',
    ruleName: 'Gateways down',
    subject: { service: 'charon' },
    summary: 'Service charon down',
  }),
];

function open(role: Role, entry = '/Alerts', routes: Record<string, StubHandler> = {}) {
  return openScreen(entry, <AlertsPage />, role, {
    '/read/alert_counts/v1': exampleAlertCounts(3),
    '/read/alerts/v1/': pagedRoute(
      () => rows,
      (row, query) =>
        row.state === query.get('state') &&
        (!query.get('severity') || row.severity === query.get('severity')),
    ),
    '/read/alert_rules/v1/': { docs: [exampleAlertRule(2, { name: 'US aligners offline' })], totalDocs: 1 },
    '/read/saved_views/v1': [],
    '/read/webhooks/v1/': [],
    ...routes,
  });
}

/** The table row of an alert, found by its subject's link or text. */
const rowOf = (subject: string) => screen.getByText(subject).closest('tr') as HTMLElement;

describe('Alerts', () => {
  it('when support opens /Alerts, then the Firing tab lists firing alerts with their severity, rule, subject and what happened', async () => {
    const { stub } = open('support');
    const unit = await screen.findByRole('link', { name: 'AX1AS0001' });
    expect(unit).toHaveAttribute('href', '/Aligners?serial=AX1AS0001');
    const row = unit.closest('tr') as HTMLElement;
    expect(within(row).getByText('Major')).toBeInTheDocument();
    expect(within(row).getByText('US aligners offline')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: /Unit AX1AS0001 offline since 10:02/ }),
    ).toBeInTheDocument();
    expect(within(rowOf('Service charon')).getByText('Critical')).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/alerts/v1/')[0])).toEqual({ page: '1', state: 'firing' });
    expect(screen.getByRole('tab', { name: 'Firing' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeInTheDocument();
  });

  it('when two alerts are selected and acknowledged with one comment, then one call names both with the comment', async () => {
    const { user, stub } = open('support', '/Alerts', {
      'POST /update/alert_acknowledged/v1': () =>
        json(200, {
          alerts: [exampleAlert(1, { state: 'acknowledged' }), exampleAlert(2, { state: 'acknowledged' })],
        }),
    });
    await screen.findByRole('link', { name: 'AX1AS0001' });
    const acknowledge = screen.getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select alert 1' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select alert 2' }));
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await user.click(acknowledge);

    const dialog = await findDialog('Acknowledge 2 alerts');
    await user.type(within(dialog).getByLabelText('Comment'), 'Gateway restart in Dallas, on it');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(stub.callsTo('/update/alert_acknowledged/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_acknowledged/v1')[0]?.json()).toEqual({
      ids: [1, 2],
      comment: 'Gateway restart in Dallas, on it',
    });
    expect(await screen.findByText('2 alerts acknowledged.')).toBeInTheDocument();
    // The list is read again (its tags were invalidated) and the selection is gone.
    await waitFor(() => expect(stub.callsTo('/read/alerts/v1/').length).toBeGreaterThan(1));
    expect(screen.queryByText('2 selected')).not.toBeInTheDocument();
  });

  it('when the acknowledge is refused with 409, then the dialog says the server sentence and that nothing was changed, and the list is read again', async () => {
    const { user, stub } = open('support', '/Alerts', {
      'POST /update/alert_acknowledged/v1': json(409, {
        error: 'Alert 1 is resolved: it cannot be acknowledged.',
        code: 'alert_state',
      }),
    });
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(within(rowOf('AX1AS0001')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await findDialog('Acknowledge 1 alert');
    const reads = stub.callsTo('/read/alerts/v1/').length;
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    expect(
      await within(dialog).findByText('Alert 1 is resolved: it cannot be acknowledged.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText(/Nothing was changed/)).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/read/alerts/v1/').length).toBeGreaterThan(reads));
  });

  it('when acknowledged alerts are resolved by hand after confirming, then the call names them', async () => {
    const acknowledged = [
      exampleAlert(7, { state: 'acknowledged', acknowledgedBy: 'support', comment: 'on it' }),
    ];
    const { user, stub } = open('support_lvl2', '/Alerts?tab=acknowledged', {
      '/read/alerts/v1/': pagedRoute(
        () => acknowledged,
        (row, query) => row.state === query.get('state'),
      ),
      'POST /update/alert_resolved/v1': () =>
        json(200, { alerts: [{ ...acknowledged[0], state: 'resolved' }] }),
    });
    const row = (await screen.findByRole('link', { name: 'AX1AS0007' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('on it');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select alert 7' }));
    await user.click(screen.getByRole('button', { name: 'Resolve' }));
    await user.click(within(await findDialog('Resolve 1 alert')).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(stub.callsTo('/update/alert_resolved/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_resolved/v1')[0]?.json()).toEqual({ ids: [7] });
    expect(await screen.findByText('1 alert resolved.')).toBeInTheDocument();
  });

  it('when a severity is chosen, then the list is asked for it and the URL keeps it', async () => {
    const { user, stub, location } = open('engineer');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(screen.getByRole('combobox', { name: 'Severity' }));
    await user.click(await screen.findByTitle('critical'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'AX1AS0001' })).not.toBeInTheDocument());
    expect(queryOf(stub.callsTo('/read/alerts/v1/').at(-1))).toEqual({
      page: '1',
      state: 'firing',
      severity: 'critical',
    });
    expect(location()).toBe('/Alerts?severity=critical');
  });

  it("when an alert's summary is clicked, then its detail shows its state history", async () => {
    const { user } = open('support', '/Alerts', {
      '/read/alert/v1': {
        ...exampleAlert(1, { state: 'acknowledged', acknowledgedBy: 'support', comment: 'on it' }),
        history: [
          { from: null, to: 'pending', by: 'condition holds', comment: null, at: '2025-01-06T12:00:00.000Z' },
          {
            from: 'pending',
            to: 'firing',
            by: 'pending period over',
            comment: null,
            at: '2025-01-06T12:05:00.000Z',
          },
          {
            from: 'firing',
            to: 'acknowledged',
            by: 'support',
            comment: 'on it',
            at: '2025-01-06T12:07:00.000Z',
          },
        ],
      },
    });
    await user.click(await screen.findByRole('button', { name: /Details of alert 1/ }));
    const drawer = (await screen.findByText('Alert 1', { selector: '.ant-drawer-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(await within(drawer).findByText('State history')).toBeInTheDocument();
    expect(within(drawer).getByText('Opened as Pending')).toBeInTheDocument();
    expect(within(drawer).getByText('Pending → Firing')).toBeInTheDocument();
    expect(within(drawer).getByText('Firing → Acknowledged')).toBeInTheDocument();
    expect(within(drawer).getByText(/by pending period over/)).toBeInTheDocument();
  });

  it('when support opens Rules, then the rules show without New rule, edit or delete, and their switches cannot be changed', async () => {
    const { user } = open('support');
    await user.click(await screen.findByRole('tab', { name: 'Rules' }));
    expect(await screen.findByText('US aligners offline', { selector: 'td' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /New rule/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enabled: US aligners offline' })).toBeDisabled();
  });

  it('when tech opens /Alerts, then alerts show without selection or Acknowledge', async () => {
    open('tech');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('when a guest opens /Alerts, then no access and nothing is asked', async () => {
    const { stub } = open('guest');
    expect(await screen.findByText('You do not have access to Alerts.')).toBeInTheDocument();
    expect(stub.callsTo('/read/alerts/v1/')).toHaveLength(0);
  });

  it('when an engineer turns a rule off, then the rule is changed with enabled false', async () => {
    const { user, stub } = open('engineer', '/Alerts?tab=rules', {
      'POST /update/alert_rule/v1': () =>
        json(200, exampleAlertRule(2, { name: 'US aligners offline', enabled: false })),
    });
    await user.click(await screen.findByRole('switch', { name: 'Enabled: US aligners offline' }));
    await waitFor(() => expect(stub.callsTo('/update/alert_rule/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_rule/v1')[0]?.json()).toEqual({ id: 2, enabled: false });
  });

  it('when an alert resolved inside its pending period, then the Resolved list says it never fired rather than show a time', async () => {
    const resolved = [
      exampleAlert(8, { state: 'resolved', firedAt: null, resolvedAt: '2025-01-06T12:03:00.000Z' }),
      exampleAlert(9, { state: 'resolved', resolvedAt: '2025-01-06T12:30:00.000Z' }),
    ];
    open('support', '/Alerts?tab=resolved', {
      '/read/alerts/v1/': pagedRoute(
        () => resolved,
        (row, query) => row.state === query.get('state'),
      ),
    });
    const fired = screen.getAllByRole('columnheader').findIndex((th) => th.textContent === 'Fired');
    const never = (await screen.findByRole('link', { name: 'AX1AS0008' })).closest('tr') as HTMLElement;
    expect(never.querySelectorAll('td')[fired]).toHaveTextContent(/^never fired$/);
    const firedRow = screen.getByRole('link', { name: 'AX1AS0009' }).closest('tr') as HTMLElement;
    expect(firedRow.querySelectorAll('td')[fired]).toHaveTextContent(
      formatDateTime('2025-01-06T12:05:00.000Z'),
    );
  });

  it('when the Acknowledged tab opens, then each alert shows when it was acknowledged, beside by whom', async () => {
    const acknowledgedAt = '2025-01-06T13:17:00.000Z';
    const acknowledged = [
      exampleAlert(7, { state: 'acknowledged', acknowledgedBy: 'support', acknowledgedAt }),
    ];
    open('support', '/Alerts?tab=acknowledged', {
      '/read/alerts/v1/': pagedRoute(
        () => acknowledged,
        (row, query) => row.state === query.get('state'),
      ),
    });
    const row = (await screen.findByRole('link', { name: 'AX1AS0007' })).closest('tr') as HTMLElement;
    const column = screen
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === 'Acknowledged At');
    expect(column).toBeGreaterThan(-1);
    expect(row.querySelectorAll('td')[column]).toHaveTextContent(formatDateTime(acknowledgedAt));
  });

  it('when nothing is selected, then the disabled Acknowledge and Resolve say why on hover, and a role that cannot change rules is told why its switch is off', async () => {
    const { user } = open('support_lvl2');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    const acknowledge = screen.getByRole('button', { name: 'Acknowledge' });
    expect(acknowledge).toBeDisabled();
    await user.hover(acknowledge.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Select one or more alerts first');
    await user.unhover(acknowledge.parentElement as HTMLElement);

    await user.click(screen.getByRole('tab', { name: 'Rules' }));
    const toggle = await screen.findByRole('switch', { name: 'Enabled: US aligners offline' });
    await user.hover(toggle.parentElement as HTMLElement);
    expect(await screen.findByText(/Your role cannot change rules/)).toBeInTheDocument();
  });

  it('when a unit offline alert has no cause from the server, then its Why says when the unit last reported; a cause given stays', async () => {
    const offline = [
      exampleAlert(4),
      exampleAlert(5, { cause: 'Planned: scenario planned-maintenance' }),
      exampleAlert(6, {
        startedAt: '1970-01-01T00:00:00.000Z',
        summary: 'Unit AX1AS0006 has never been online',
      }),
    ];
    open('support', '/Alerts', {
      '/read/alerts/v1/': pagedRoute(
        () => offline,
        () => true,
      ),
    });
    const row4 = (await screen.findByRole('link', { name: 'AX1AS0004' })).closest('tr') as HTMLElement;
    expect(row4).toHaveTextContent(
      `Last report ${formatDateTime(offline[0]?.startedAt)}; no planned outage or place-wide drop explains it.`,
    );
    expect(rowOf('AX1AS0005')).toHaveTextContent('Planned: scenario planned-maintenance');
    expect(rowOf('AX1AS0005')).not.toHaveTextContent('Last report');
    expect(rowOf('AX1AS0006')).toHaveTextContent('The unit has never reported since it joined the fleet.');
  });

  it('when an alert was silenced, then its history names the silence by its reason and links to it alone on the Silences tab; a resolved alert that never fired says so', async () => {
    const silence = {
      id: 4,
      matcher: { ruleId: 2, ruleName: 'US aligners offline' },
      startsAt: '2025-01-06T12:00:00.000Z',
      endsAt: '2025-01-06T14:00:00.000Z',
      reason: 'Gateway maintenance',
      recurring: null,
      createdBy: 'engineer',
      createdAt: '2025-01-06T12:00:00.000Z',
      status: 'active',
    };
    const { user, stub, location } = open('support', '/Alerts', {
      '/read/alert/v1': {
        ...exampleAlert(1, { state: 'resolved', firedAt: null, resolvedAt: '2025-01-06T12:09:00.000Z' }),
        history: [
          { from: null, to: 'silenced', by: 'silence 4', comment: null, at: '2025-01-06T12:00:00.000Z' },
          {
            from: 'silenced',
            to: 'resolved',
            by: 'condition cleared',
            comment: null,
            at: '2025-01-06T12:09:00.000Z',
          },
        ],
      },
      '/read/silences/v1/': { docs: [silence], totalDocs: 1 },
    });
    await user.click(await screen.findByRole('button', { name: /Details of alert 1/ }));
    const drawer = (await screen.findByText('Alert 1', { selector: '.ant-drawer-title' })).closest(
      '[role="dialog"]',
    ) as HTMLElement;
    expect(
      await within(drawer).findByText('Never fired: its condition cleared inside the pending period.'),
    ).toBeInTheDocument();
    const link = await within(drawer).findByRole('link', { name: '4 “Gateway maintenance”' });
    expect(link.parentElement).toHaveTextContent('by silence 4 “Gateway maintenance”');
    expect(queryOf(stub.callsTo('/read/silences/v1/')[0])).toEqual({ page: '1', id: '4' });
    await user.click(link);
    await waitFor(() => expect(location()).toBe('/Alerts?tab=silences&id=4'));
    expect(await screen.findByText('Silence 4 only')).toBeInTheDocument();
    await waitFor(() =>
      expect(queryOf(stub.callsTo('/read/silences/v1/').at(-1))).toMatchObject({ page: '1', id: '4' }),
    );
  });
});
