import { screen, waitFor, within } from '@testing-library/react';
import type { FleetHistory, ReleaseAdoption, ReleaseComparison } from '@equipment-dashboard/contract';
import { openScreen } from '../../shared/testing/render-screen';
import { recordDownloads, today } from '../../test/downloads';
import { HealthPage } from './health-page';

const DAY = 24 * 3_600_000;
const START = Date.parse('2026-05-01T00:00:00Z');
const at = (i: number) => new Date(START + i * DAY).toISOString();
const points = (values: (number | null)[]): [string, number | null][] => values.map((v, i) => [at(i), v]);

function history(url: URL): FleetHistory {
  const metric = url.searchParams.get('metric') as FleetHistory['metric'];
  const base = { metric, step: 'day' as const, from: at(0), to: at(3), groupBy: null };
  if (metric === 'connectedShare')
    return {
      ...base,
      groupBy: 'family',
      series: [
        { key: 'aligner', points: points([0.61, 0.58, null]) },
        { key: 'gtps', points: points([0.7, 0.72, 0.69]) },
      ],
    };
  if (metric === 'updatesSucceeded')
    return {
      ...base,
      groupBy: 'version',
      series: [
        { key: '5.4.2', points: points([10, 9, 0]) },
        { key: '5.4.1', points: points([4, 0, 0]) },
      ],
    };
  return {
    ...base,
    groupBy: 'version',
    series: [
      { key: '5.4.2', points: points([1, 0, 0]) },
      { key: '5.4.1', points: points([0, 0, 0]) },
    ],
  };
}

const adoption: ReleaseAdoption = {
  family: 'aligner',
  step: 'day',
  from: at(0),
  to: at(3),
  releases: [
    { version: '5.4.1', publishedAt: '2026-03-01T10:00:00.000Z' },
    { version: '5.4.2', publishedAt: '2026-04-20T10:00:00.000Z' },
  ],
  series: [
    { key: '5.4.2', points: points([100, 150, 180]) },
    { key: '5.4.1', points: points([300, 260, 230]) },
  ],
};

function comparison(url: URL): ReleaseComparison {
  const row = (version: string, success: number, offline: number, days: number | null) => ({
    version,
    publishedAt: adoption.releases.find((r) => r.version === version)?.publishedAt ?? null,
    unitsAverage: 200,
    updatesStarted: 20,
    updatesSucceeded: 19,
    updatesFailed: 1,
    updateSuccessRate: success,
    offlineRate: offline,
    alertsFired: 12,
    alertsPer1000Units: 2.5,
    daysToHalfFamily: days,
  });
  const a = url.searchParams.get('a') ?? '';
  const b = url.searchParams.get('b') ?? '';
  return {
    family: 'aligner',
    from: at(0),
    to: at(3),
    releases: [row(a, 0.95, 0.4, null), row(b, 0.99, 0.2, 12)],
  };
}

const routes = {
  '/read/fleet_history/v1': (request: Request) => history(new URL(request.url)),
  '/read/release_adoption/v1': adoption,
  '/read/release_comparison/v1': (request: Request) => comparison(new URL(request.url)),
  '/read/saved_views/v1': [],
};

/** The data a chart was handed (the charts stub renders it as JSON). */
function chartData(name: string): unknown {
  const figure = screen.getByRole('figure', { name });
  return JSON.parse(within(figure).getByTestId(/^chart-/).textContent ?? 'null');
}

describe('Fleet Health screen', () => {
  const downloads = recordDownloads();

  it('when a guest opens it, then it says the screen is not for them and reads nothing', async () => {
    const { stub } = openScreen('/Health', <HealthPage />, 'guest', routes);
    expect(await screen.findByText('You do not have access to Fleet Health.')).toBeInTheDocument();
    expect(stub.callsTo('/read/fleet_history/v1')).toHaveLength(0);
  });

  it('when it opens, then 90 days of connected share by family are charted in percent, and the table view shows the same', async () => {
    const { user, stub } = openScreen('/Health', <HealthPage />, 'engineer', routes);
    const name = 'Connected share over 90 d, by family';
    await waitFor(() => expect(screen.getByRole('figure', { name })).toBeInTheDocument());
    const asked = new URL(stub.callsTo('/read/fleet_history/v1')[0]?.url ?? '');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      metric: 'connectedShare',
      last: '90d',
      step: 'day',
      groupBy: 'family',
    });
    await waitFor(() =>
      expect(chartData(name)).toEqual([
        { key: '2026-05-01', series: 'Aligner', value: 61 },
        { key: '2026-05-02', series: 'Aligner', value: 58 },
        { key: '2026-05-01', series: 'Tru-Point', value: 70 },
        { key: '2026-05-02', series: 'Tru-Point', value: 72 },
        { key: '2026-05-03', series: 'Tru-Point', value: 69 },
      ]),
    );

    const panel = screen.getByRole('region', { name: 'Connected share' });
    await user.click(within(panel).getByText('Table'));
    const table = within(panel).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Time', 'Aligner', 'Tru-Point']);
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('2026-05-0161%70%');
  });

  it('when 24 h is chosen, then hours are read for the last day', async () => {
    const { user, stub } = openScreen('/Health', <HealthPage />, 'engineer', routes);
    const panel = await screen.findByRole('region', { name: 'Connected share' });
    await user.click(within(panel).getByText('24 h'));
    await waitFor(() => {
      const last = new URL(stub.callsTo('/read/fleet_history/v1').at(-1)?.url ?? '');
      expect(last.searchParams.get('last')).toBe('24h');
      expect(last.searchParams.get('step')).toBe('hour');
    });
  });

  it("when a chart's CSV is downloaded, then the file holds the chart's data", async () => {
    const { user } = openScreen('/Health', <HealthPage />, 'engineer', routes);
    const panel = await screen.findByRole('region', { name: 'Connected share' });
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Download CSV: Connected share' })).toBeEnabled(),
    );
    await user.click(within(panel).getByRole('button', { name: 'Download CSV: Connected share' }));
    expect(downloads).toEqual([
      { name: `connected-share-90d-by-family-${today()}.csv`, href: 'blob:http://localhost/export' },
    ]);
    const blob = (URL.createObjectURL as jest.Mock).mock.calls[0]?.[0] as Blob;
    // A byte order mark first, so that spreadsheets read UTF-8 (the text decoder drops it).
    expect([...new Uint8Array(await blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((await blob.text()).split('\r\n').slice(0, 3)).toEqual([
      'Time,Aligner,Tru-Point',
      `${at(0)},0.61,0.7`,
      `${at(1)},0.58,0.72`,
    ]);
  });

  it('when the releases are read, then adoption is charted per version and the success rate per release', async () => {
    openScreen('/Health', <HealthPage />, 'engineer', routes);
    await waitFor(() =>
      expect(chartData('Units on each Aligner version over 90 days')).toContainEqual({
        key: '2026-05-03',
        series: '5.4.2',
        value: 180,
      }),
    );
    await waitFor(() =>
      expect(chartData('Update success rate per Aligner release over 90 days')).toEqual([
        { label: '5.4.2', value: 95 },
        { label: '5.4.1', value: 100 },
      ]),
    );
  });

  it('when two releases are compared, then they stand side by side, the newest against the one before, and another pick is read', async () => {
    const { user, stub } = openScreen('/Health', <HealthPage />, 'engineer', routes);
    const table = await screen.findByRole('table', { name: 'Release 5.4.2 compared with 5.4.1' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Measure', '5.4.2', '5.4.1']);
    const row = (measure: string) => within(table).getByRole('row', { name: new RegExp(`^${measure}`) });
    expect(row('Update success')).toHaveTextContent('Update success95%99%');
    expect(row('Offline rate')).toHaveTextContent('Offline rate40%20%');
    expect(row('Days to reach half the family')).toHaveTextContent('not reached12');

    const panel = screen.getByRole('region', { name: 'Compare two releases' });
    await user.click(within(panel).getByLabelText('Release A'));
    const dropdowns = document.querySelectorAll<HTMLElement>(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden)',
    );
    const dropdown = dropdowns[dropdowns.length - 1];
    if (!dropdown) throw new Error('No dropdown opened for Release A.');
    await user.click(await within(dropdown).findByTitle('5.4.1'));
    await waitFor(() => {
      const asked = new URL(stub.callsTo('/read/release_comparison/v1').at(-1)?.url ?? '');
      expect(asked.searchParams.get('a')).toBe('5.4.1');
    });
  });
});
