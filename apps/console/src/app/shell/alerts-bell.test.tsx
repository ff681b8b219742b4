import { act, screen, waitFor, within } from '@testing-library/react';
import { exampleAlert, exampleAlertCounts, exampleAlertGroup } from '@equipment-dashboard/contract/testing';
import { openApp } from '../../test/render-app';

const firing = [
  exampleAlertGroup,
  {
    ...exampleAlertGroup,
    ruleId: 3,
    ruleName: 'Gateways down',
    severity: 'critical',
    countryCode: null,
    placeName: null,
    count: 1,
    share: null,
    summary: null,
  },
];

describe('the alerts bell', () => {
  it('when alerts fire unacknowledged, then the bell shows their number, and an ALERT_COUNTS event changes it without a read', async () => {
    const { live, stub } = openApp('/Audits', 'support', {
      '/read/audits/v1/': { docs: [], totalDocs: 0 },
      '/read/alert_counts/v1': exampleAlertCounts(3),
    });
    const bell = await screen.findByRole('button', { name: 'Alerts: 3 firing unacknowledged' });
    expect(bell.closest('.ant-badge')).toHaveTextContent('3');

    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('ALERT_COUNTS', exampleAlertCounts(37, 40));
    });
    expect(
      await screen.findByRole('button', { name: 'Alerts: 37 firing unacknowledged' }),
    ).toBeInTheDocument();
    expect(stub.callsTo('/read/alert_counts/v1')).toHaveLength(1);
  });

  it('when the bell is clicked, then a drawer lists the firing alerts by rule and place (not by unit), counts the other groups, and Open Alerts leads to the screen', async () => {
    const { user, stub, location } = openApp('/Audits', 'engineer', {
      '/read/audits/v1/': { docs: [], totalDocs: 0 },
      '/read/alert_counts/v1': exampleAlertCounts(4_701),
      '/read/alert_groups/v1/': { docs: firing, totalDocs: 14 },
      '/read/alert_rules/v1/': { docs: [], totalDocs: 0 },
    });
    await user.click(await screen.findByRole('button', { name: 'Alerts: 4,701 firing unacknowledged' }));
    const drawer = await screen.findByRole('dialog', { name: 'Firing alerts' });
    expect(await within(drawer).findByText('Gateways down')).toBeInTheDocument();
    expect(within(drawer).getByText('Critical')).toHaveAttribute('data-colour', 'red');
    expect(
      within(drawer).getByRole('link', { name: '4,700 firing alerts in United States' }),
    ).toHaveAttribute('href', '/Alerts?view=list&ruleId=2&countryCode=US');
    expect(
      within(drawer).getByText(
        '4,700 of 4,800 units in the United States went offline within 2 minutes: a regional cause is likely',
      ),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '1 firing alert' })).toHaveAttribute(
      'href',
      '/Alerts?view=list&ruleId=3',
    );
    expect(
      within(drawer).getByRole('link', { name: 'and 12 more groups on the Alerts screen' }),
    ).toHaveAttribute('href', '/Alerts?tab=firing&view=groups');
    expect(within(drawer).getAllByRole('listitem')).toHaveLength(2);
    expect(stub.callsTo('/read/alerts/v1/')).toHaveLength(0);
    expect(new URL(stub.callsTo('/read/alert_groups/v1/')[0]?.url ?? '').searchParams.get('state')).toBe(
      'firing',
    );

    await user.click(within(drawer).getByRole('link', { name: 'Open Alerts' }));
    await waitFor(() => expect(location()).toBe('/Alerts'));
    expect(await screen.findByRole('region', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('when thousands of alerts fire unacknowledged, then the badge shows their compact count (not 999+) and the drawer the exact one', async () => {
    const { user } = openApp('/Audits', 'engineer', {
      '/read/audits/v1/': { docs: [], totalDocs: 0 },
      '/read/alert_counts/v1': exampleAlertCounts(4_701),
      '/read/alert_groups/v1/': { docs: firing, totalDocs: 2 },
    });
    const bell = await screen.findByRole('button', { name: 'Alerts: 4,701 firing unacknowledged' });
    expect(bell.closest('.ant-badge')).toHaveTextContent('4.7K');
    expect(bell.closest('.ant-badge')).not.toHaveTextContent('999+');
    await user.click(bell);
    const drawer = await screen.findByRole('dialog', { name: 'Firing alerts' });
    expect(
      await within(drawer).findByText('4,701 alerts firing unacknowledged, by rule and place:'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByText(/more groups/)).not.toBeInTheDocument();
  });

  it('when ALERT_UPDATED arrives while the drawer is open, then its groups are read again', async () => {
    const { user, live, stub } = openApp('/Audits', 'support', {
      '/read/audits/v1/': { docs: [], totalDocs: 0 },
      '/read/alert_counts/v1': exampleAlertCounts(2),
      '/read/alert_groups/v1/': { docs: firing, totalDocs: 2 },
    });
    await user.click(await screen.findByRole('button', { name: /^Alerts: 2/ }));
    act(() => live.last().serverConnects());
    await screen.findByText('Gateways down');
    const before = stub.callsTo('/read/alert_groups/v1/').length;
    await act(async () =>
      live.last().serverEmits('ALERT_UPDATED', { alerts: [exampleAlert(2, { state: 'acknowledged' })] }),
    );
    await waitFor(() => expect(stub.callsTo('/read/alert_groups/v1/').length).toBeGreaterThan(before));
  });

  it('when a guest is signed in, then the bell has no count and no drawer, and there is no Alerts entry', async () => {
    const { user, stub } = openApp('/Audits', 'guest', { '/read/audits/v1/': { docs: [], totalDocs: 0 } });
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    await user.click(bell);
    expect(screen.queryByRole('dialog', { name: 'Firing alerts' })).not.toBeInTheDocument();
    expect(stub.callsTo('/read/alert_counts/v1')).toHaveLength(0);
    const nav = screen.getByRole('navigation', { name: 'Navigation' });
    expect(within(nav).queryByRole('link', { name: 'Alerts' })).not.toBeInTheDocument();
  });
});
