import { screen, waitFor, within } from '@testing-library/react';
import type { AlertGroup } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import {
  exampleAlert,
  exampleAlertCounts,
  exampleAlertGroup,
  exampleAlertRule,
  exampleStormSentence,
} from '@equipment-dashboard/contract/testing';
import { findDialog } from '../../shared/testing/dialogs';
import { openScreen } from '../../shared/testing/render-screen';
import { json, type StubHandler } from '../../test/fetch-stub';
import { pagedRoute, queryOf } from '../../test/lists';
import { AlertsPage } from './alerts-page';

const at = '2025-01-06T12:00:00.000Z';
const SENTENCE = exampleStormSentence;

const storm = [
  exampleAlertGroup,
  {
    ...exampleAlertGroup,
    region: 'Ontario',
    countryCode: 'CA',
    placeName: 'Ontario, Canada',
    count: 3,
    share: 0.01,
    summary: null,
  },
];
const members = [
  exampleAlert(1, { countryCode: 'US', cause: SENTENCE }),
  exampleAlert(2, { countryCode: 'US' }),
];

function open(
  role: Role,
  entry = '/Alerts',
  groups: AlertGroup[] = storm,
  routes: Record<string, StubHandler> = {},
) {
  return openScreen(entry, <AlertsPage />, role, {
    '/read/alert_counts/v1': exampleAlertCounts(4_703),
    '/read/alert_groups/v1/': pagedRoute(
      () => groups,
      (g, query) => !query.get('countryCode') || g.countryCode === query.get('countryCode'),
    ),
    '/read/alerts/v1/': pagedRoute(() => members),
    '/read/alert_rules/v1/': { docs: [exampleAlertRule(2, { name: 'US aligners offline' })], totalDocs: 1 },
    '/read/saved_views/v1': [],
    '/read/webhooks/v1/': [],
    '/read/aligner_countries/v1': [{ countryName: 'United States', countryCode: 'US' }],
    ...routes,
  });
}

/** The row of a group, found by its place. */
const groupRow = async (place: string) =>
  (await screen.findByText(place, { selector: 'td' })).closest('tr') as HTMLElement;

describe('Alerts grouped by place', () => {
  it('when a rule has thousands of firing alerts, then the Firing tab opens grouped: one row per rule and place with its count, starts, share and sentence', async () => {
    const { stub } = open('support');
    const row = await groupRow('United States');
    expect(within(row).getByText('US aligners offline')).toBeInTheDocument();
    expect(within(row).getByText('4,700')).toBeInTheDocument();
    expect(within(row).getByText('97.9%')).toBeInTheDocument();
    expect(within(row).getByText(SENTENCE)).toBeInTheDocument();
    expect(within(await groupRow('Ontario, Canada')).getByText('3')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Grouped by place' })).toBeChecked();
    // The groups are the view: no page of single alerts is read for it.
    expect(stub.callsTo('/read/alerts/v1/')).toHaveLength(0);
    expect(queryOf(stub.callsTo('/read/alert_groups/v1/')[0])).toEqual({ page: '1', state: 'firing' });
  });

  it('when a group is expanded, then it lists its alerts: the alert list filtered by its rule and place', async () => {
    const { user, stub } = open('support');
    const row = await groupRow('United States');
    await user.click(within(row).getByRole('button', { name: /expand row/i }));
    expect(await screen.findByRole('link', { name: 'AX1AS0001' })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/alerts/v1/')[0])).toEqual({
      page: '1',
      state: 'firing',
      ruleId: '2',
      countryCode: 'US',
    });
    await user.click(screen.getByRole('button', { name: 'Open its 2 alerts as a list' }));
    expect(await screen.findByRole('radio', { name: 'List' })).toBeChecked();
    expect(screen.getByText(SENTENCE, { selector: 'td' })).toBeInTheDocument();
  });

  it('when support acknowledges a whole group, then one call names its rule and place with the comment the dialog requires', async () => {
    const { user, stub } = open('support', '/Alerts', storm, {
      'POST /update/alert_group_acknowledged/v1': () =>
        json(200, { ruleId: 2, countryCode: 'US', region: null, changed: 4_700 }),
    });
    const row = await groupRow('United States');
    await user.click(
      within(row).getByRole('button', { name: 'Acknowledge US aligners offline in United States' }),
    );
    const dialog = await findDialog('Acknowledge 4,700 alerts of US aligners offline in United States');
    const ok = within(dialog).getByRole('button', { name: 'Acknowledge' });
    expect(ok).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Comment'), 'Carrier outage in the US, ticket opened');
    expect(ok).toBeEnabled();
    await user.click(ok);
    await waitFor(() => expect(stub.callsTo('/update/alert_group_acknowledged/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/alert_group_acknowledged/v1')[0]?.json()).toEqual({
      ruleId: 2,
      countryCode: 'US',
      region: null,
      comment: 'Carrier outage in the US, ticket opened',
    });
    expect(await screen.findByText('4,700 alerts of the group acknowledged.')).toBeInTheDocument();
    // The groups are read again (their tags were invalidated).
    await waitFor(() => expect(stub.callsTo('/read/alert_groups/v1/').length).toBeGreaterThan(1));
  });

  it('when an engineer silences a region’s group, then the silence matches its rule, country and region with the comment as reason', async () => {
    const { user, stub } = open(
      'engineer',
      '/Alerts',
      [{ ...exampleAlertGroup, region: 'Texas', placeName: 'Texas, United States', count: 40 }],
      {
        '/sim/clock': { now: '2030-05-01T08:00:00.000Z', speed: 60 },
        'POST /create/silence/v1': () =>
          json(201, {
            id: 9,
            matcher: { ruleId: 2, countries: ['US'], regions: ['Texas'] },
            startsAt: at,
            endsAt: at,
            reason: 'Storm in Texas',
            recurring: null,
            createdBy: 'engineer',
            createdAt: at,
            status: 'active',
          }),
      },
    );
    const row = await groupRow('Texas, United States');
    await user.click(
      within(row).getByRole('button', { name: 'Silence US aligners offline in Texas, United States' }),
    );
    const dialog = await findDialog('Silence US aligners offline in Texas, United States');
    expect(within(dialog).getByText('Only the region: Texas')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Storm in Texas');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/silence/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/silence/v1')[0]?.json()).toMatchObject({
      matcher: { ruleId: 2, countries: ['US'], regions: ['Texas'] },
      reason: 'Storm in Texas',
    });
  });

  it('when a rule has only a handful of alerts, then the tab opens as the list, and the switch groups it', async () => {
    const { user, stub } = open('support', '/Alerts', [
      { ...exampleAlertGroup, count: 4, summary: null, share: 0.001 },
    ]);
    expect(await screen.findByRole('link', { name: 'AX1AS0001' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'List' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Grouped by place' }));
    expect(await groupRow('United States')).toBeInTheDocument();
    expect(stub.callsTo('/read/alert_groups/v1/').length).toBeGreaterThan(0);
  });

  it('when the map links to a place’s alerts, then the list is asked for that country and region', async () => {
    const { stub } = open('support', '/Alerts?view=list&countryCode=US&region=Texas');
    expect(await screen.findByRole('link', { name: 'AX1AS0001' })).toBeInTheDocument();
    expect(queryOf(stub.callsTo('/read/alerts/v1/')[0])).toEqual({
      page: '1',
      state: 'firing',
      countryCode: 'US',
      region: 'Texas',
    });
    expect(screen.getByText('Place: Texas, US')).toBeInTheDocument();
  });

  it('when tech opens the grouped view, then it shows the groups without actions', async () => {
    open('tech');
    const row = await groupRow('United States');
    expect(within(row).queryByRole('button', { name: /^Acknowledge/ })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Silence/ })).not.toBeInTheDocument();
  });
});
