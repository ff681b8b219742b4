import { act, screen, waitFor, within } from '@testing-library/react';
import { json } from '../../test/fetch-stub';
import { chartData, LIST_PATHS, openScheduler } from './test-support';
import { bodyRows, expectColumns, queryOf, rowStarting as row } from '../../test/lists';

const cells = (serial: string) => within(row(serial)).getAllByRole('cell');
const listCalls = (stub: ReturnType<typeof openScheduler>['stub'], path: string = LIST_PATHS.aligner) =>
  stub.callsTo(path).map((request) => queryOf(request));

describe('Update Scheduler table', () => {
  it('when an engineer opens it, then the Aligners tab shows the Update Scheduler table with the spec columns', async () => {
    const { stub } = openScheduler();
    expect(await screen.findByRole('row', { name: /^AX1AS0001 / })).toBeInTheDocument();
    for (const name of [
      'Aligners',
      'Tru-Points',
      'Aligners-Oasis',
      'Update Scheduler',
      'Daily Activity',
      'Hourly Activity',
    ]) {
      expect(screen.getByRole('tab', { name })).toBeInTheDocument();
    }
    expect(screen.getByRole('tab', { name: 'Aligners' })).toHaveAttribute('aria-selected', 'true');
    expectColumns([
      'Serial Number',
      'Country',
      'Family',
      'Current Version',
      'Last Online At',
      'Staged',
      'Staged Version',
      'Staged At',
      'Connected',
      'State',
      'Update Version',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('12 in all')).toBeInTheDocument();
    expect(listCalls(stub)).toEqual([{ page: '1' }]);
  });

  it('when rows show, then flags carry the code, Staged reads yes/(yes)/no, and an offline unit shows State unknown and no update version', async () => {
    openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    expect(within(row('AX1AS0003')).getByRole('img', { name: 'Flag of DE' })).toHaveAttribute(
      'src',
      '/flags/DE.png',
    );
    const text = (serial: string) => cells(serial).map((c) => c.textContent);
    expect(text('AX1AS0001')).toEqual([
      'AX1AS0001',
      '',
      'aligner',
      '5.2.1 - build 2300',
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      'yes',
      '5.3.0',
      expect.stringMatching(/^\d{4}-/),
      'yes',
      'DOWNLOADING',
      '5.3.0 - release',
    ]);
    const offline = text('AX1AS0002');
    expect(offline[5]).toBe('(yes)');
    expect(offline[8]).toBe('no');
    expect(offline[9]).toBe('unknown');
    expect(offline[10]).toBe('');
    const idle = text('AX1AS0003');
    expect([idle[5], idle[6], idle[7], idle[9], idle[10]]).toEqual(['no', '', '', 'TRY_INSERT_UPDATE', '']);
  });

  it('when a version is older than the family latest, then its chip is red, else green', async () => {
    openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    await waitFor(() =>
      expect(within(row('AX1AS0001')).getByText('5.2.1 - build 2300')).toHaveAttribute('data-colour', 'red'),
    );
    expect(within(row('AX1AS0001')).getByText('5.3.0')).toHaveAttribute('data-colour', 'green');
    expect(within(row('AX1AS0001')).getByText('5.3.0 - release')).toHaveAttribute('data-colour', 'green');
    expect(within(row('AX1AS0003')).getByText('5.3.0')).toHaveAttribute('data-colour', 'green');
  });

  it('when Connected and Staged are ticked and the text filters typed, then page 1 is asked with each and the URL keeps them', async () => {
    const { user, stub, location } = openScheduler({ entry: '/UpdateScheduler?page=2' });
    await screen.findByRole('row', { name: /^AX1AS0011 / });
    await user.click(screen.getByRole('checkbox', { name: 'Connected' }));
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', onlyConnected: 'true' }));
    await user.click(screen.getByRole('checkbox', { name: 'Staged' }));
    await user.type(screen.getByRole('textbox', { name: 'filter state' }), 'down');
    await user.type(screen.getByRole('textbox', { name: 'filter country code' }), 'us');
    await user.type(screen.getByRole('textbox', { name: 'filter software version' }), '5.2');
    await user.type(screen.getByRole('textbox', { name: 'filter serial number' }), 'AX1');
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({
        page: '1',
        onlyConnected: 'true',
        onlyStaged: 'true',
        filterState: 'down',
        filterCountryCode: 'us',
        filterSoftwareVersion: '5.2',
        filterSerialNumber: 'AX1',
      }),
    );
    expect(location()).toBe(
      '/UpdateScheduler?onlyConnected=true&onlyStaged=true&filterState=down&filterCountryCode=us&filterSoftwareVersion=5.2&filterSerialNumber=AX1',
    );
    await user.click(screen.getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(location()).toBe('/UpdateScheduler'));
    expect(screen.getByRole('textbox', { name: 'filter state' })).toHaveValue('');
  });

  it('when the family filter starts the tab family, then it is sent; any other text leaves the table empty without asking', async () => {
    const { user, stub } = openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    const family = screen.getByRole('textbox', { name: 'filter family' });
    await user.type(family, 'ALI');
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', filterFamily: 'aligner' }));
    const calls = listCalls(stub).length;
    await user.clear(family);
    await user.type(family, 'gt');
    await waitFor(() => expect(screen.queryByRole('row', { name: /^AX1AS0001 / })).not.toBeInTheDocument());
    expect(document.querySelector('.ant-table .ant-empty')).not.toBeNull();
    // 'gt' was never sent; clearing the box sent one call without a filter in between.
    expect(
      listCalls(stub)
        .slice(calls)
        .every((query) => query['filterFamily'] === undefined),
    ).toBe(true);
  });

  it('when a column header is clicked, then the list is asked sorted, then descending', async () => {
    const { user, stub, location } = openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    await user.click(screen.getByRole('columnheader', { name: /Current Version/ }));
    await waitFor(() => expect(listCalls(stub).at(-1)).toEqual({ page: '1', sortBy: 'softwareVersion' }));
    await user.click(screen.getByRole('columnheader', { name: /Current Version/ }));
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({ page: '1', sortBy: 'softwareVersion', sortDesc: 'true' }),
    );
    expect(location()).toBe('/UpdateScheduler?sortBy=softwareVersion&sortDesc=true');
  });

  it('when the next page is chosen, then page 2 is asked and kept in the URL', async () => {
    const { user, stub, location } = openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
    await user.click(screen.getByTitle('2'));
    expect(await screen.findByRole('row', { name: /^AX1AS0011 / })).toBeInTheDocument();
    expect(listCalls(stub).at(-1)).toEqual({ page: '2' });
    expect(location()).toBe('/UpdateScheduler?page=2');
  });

  it('when the Tru-Points tab is chosen, then its own list is asked from page 1 without the aligner filters', async () => {
    const { user, stub, location } = openScheduler({
      entry: '/UpdateScheduler?page=2&filterSerialNumber=AX1',
    });
    await screen.findByRole('row', { name: /^AX1AS0011 / });
    await user.click(screen.getByRole('tab', { name: 'Tru-Points' }));
    expect(await screen.findByRole('row', { name: /^TP5HV0001 / })).toBeInTheDocument();
    expect(listCalls(stub, LIST_PATHS.gtps)).toEqual([{ page: '1' }]);
    expect(location()).toBe('/UpdateScheduler?family=gtps');
    // 1.4.0 is the Tru-Point latest of the fixtures: green.
    await waitFor(() =>
      expect(within(row('TP5HV0001')).getByText('1.4.0')).toHaveAttribute('data-colour', 'green'),
    );
  });

  it('when updates are staged live, then the table is asked again', async () => {
    const { live, stub } = openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    const before = listCalls(stub).length;
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('SOFTWARE_UPDATES_STAGED', { family: 'aligner', serialNumber: 'AX1AS0004' });
    });
    await waitFor(() => expect(listCalls(stub).length).toBeGreaterThan(before));
  });

  it('when the list cannot be read, then the server sentence shows with Retry', async () => {
    openScheduler({
      routes: {
        [LIST_PATHS.aligner]: json(503, { error: 'The gateway is down.', code: 'service_unavailable' }),
      },
    });
    expect(await screen.findByText('The gateway is down.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it.each(['support', 'tech', 'guest'] as const)(
    'when %s opens it, then the screen says the role may not use it and asks nothing',
    async (role) => {
      const { stub } = openScheduler({ role });
      expect(await screen.findByText('Your role does not allow the update scheduler.')).toBeInTheDocument();
      expect(stub.callsTo(LIST_PATHS.aligner)).toHaveLength(0);
    },
  );

  it('when support_lvl2 opens it, then the table shows', async () => {
    openScheduler({ role: 'support_lvl2' });
    expect(await screen.findByRole('row', { name: /^AX1AS0001 / })).toBeInTheDocument();
  });
});

describe('Daily and Hourly Activity', () => {
  it('when Daily Activity is opened, then the counters, the delivery count and the Average Slot Age in minutes show with the activity and deltas charts', async () => {
    const { user, stub, location } = openScheduler();
    await screen.findByRole('row', { name: /^AX1AS0001 / });
    await user.click(screen.getByRole('tab', { name: 'Daily Activity' }));
    const panel = await screen.findByRole('region', { name: 'Aligners daily statistics' });
    expect(location()).toBe('/UpdateScheduler?view=daily');
    const statistic = (title: string) =>
      within(panel).getByText(title).closest('.ant-statistic')?.textContent?.slice(title.length);
    expect(statistic('Auto-staged')).toBe('40');
    expect(statistic('Auto-unstaged')).toBe('5');
    expect(statistic('Auto-unstaged (hung)')).toBe('3');
    expect(statistic('Delivery count')).toBe('32');
    expect(statistic('Average Slot Age')).toBe('12.3minutes');
    expect(stub.callsTo('/read/updatescheduler_statistics/v1')).toHaveLength(1);

    await waitFor(() =>
      expect(chartData('Aligners daily activity')).toEqual([
        { key: '2026-03-01', series: 'Deliveries', value: 4 },
        { key: '2026-03-02', series: 'Deliveries', value: 6 },
        { key: '2026-03-03', series: 'Deliveries', value: 5 },
        { key: '2026-03-01', series: 'Aligners at current version', value: 100 },
        { key: '2026-03-02', series: 'Aligners at current version', value: 110 },
        { key: '2026-03-03', series: 'Aligners at current version', value: 118 },
        { key: '2026-03-01', series: 'Auto-staged', value: 5 },
        { key: '2026-03-02', series: 'Auto-staged', value: 7 },
        { key: '2026-03-03', series: 'Auto-staged', value: 6 },
        { key: '2026-03-01', series: 'Connected', value: 55 },
        { key: '2026-03-02', series: 'Connected', value: 60 },
        { key: '2026-03-03', series: 'Connected', value: 62 },
      ]),
    );
    // Each point minus the next (back-office §4).
    expect(chartData('Aligners daily deltas')).toEqual([
      { key: '2026-03-01', series: 'Deliveries', value: -2 },
      { key: '2026-03-02', series: 'Deliveries', value: 1 },
      { key: '2026-03-01', series: 'Aligners at current version', value: -10 },
      { key: '2026-03-02', series: 'Aligners at current version', value: -8 },
      { key: '2026-03-01', series: 'Auto-staged', value: -2 },
      { key: '2026-03-02', series: 'Auto-staged', value: 1 },
      { key: '2026-03-01', series: 'Connected', value: -5 },
      { key: '2026-03-02', series: 'Connected', value: -2 },
    ]);
    expect(screen.getByRole('figure', { name: 'Aligners daily activity' })).toHaveAttribute(
      'data-scale',
      'linear',
    );
  });

  it('when Tru-Points Hourly Activity is opened by link, then its chart uses the Tru-Point series and hour labels', async () => {
    const { stub } = openScheduler({ entry: '/UpdateScheduler?family=gtps&view=hourly' });
    await screen.findByRole('region', { name: 'Tru-Points hourly statistics' });
    await waitFor(() =>
      expect(chartData('Tru-Points hourly activity')).toEqual(
        expect.arrayContaining([
          { key: '2026-03-03 09:00', series: 'Tru-Points at current version', value: 30 },
          { key: '2026-03-03 10:00', series: 'Tru-Points at current version', value: 33 },
        ]),
      ),
    );
    expect(chartData('Tru-Points hourly deltas')).toEqual(
      expect.arrayContaining([
        { key: '2026-03-03 09:00', series: 'Tru-Points at current version', value: -3 },
      ]),
    );
    expect(stub.callsTo('/read/updatescheduler_statistics_gtps/v1')).toHaveLength(1);
    expect(stub.callsTo(LIST_PATHS.gtps)).toHaveLength(0);
  });

  it('when the statistics cannot be read, then the server sentence shows', async () => {
    openScheduler({
      entry: '/UpdateScheduler?family=aligner-oasis&view=daily',
      routes: {
        '/read/updatescheduler_statistics_oasis/v1': json(500, {
          error: 'The statistics could not be read.',
          code: 'internal',
        }),
      },
    });
    expect(await screen.findByText('The statistics could not be read.')).toBeInTheDocument();
  });
});
