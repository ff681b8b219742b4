import { screen, waitFor, within } from '@testing-library/react';
import type { Aligner, BulkAction } from '@equipment-dashboard/contract';
import { stubFetch } from '../../test/fetch-stub';
import { tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';
import { equipmentRoutes, findDialog, fullUnit } from './test-support';

/** 23 units: three pages, two of them gtps. */
function fleetOf23(): Aligner[] {
  const units = Array.from({ length: 21 }, (_, n) => fullUnit(`AX1AS${String(n + 1).padStart(4, '0')}`));
  units.push(fullUnit('TP5HV0001', { family: 'gtps', version: { semantic: '1.0.0', meta: '' } }));
  units.push(fullUnit('TP5HV0002', { family: 'gtps', version: { semantic: '0.9.0', meta: '' } }));
  return units;
}

const job = (overrides: Partial<BulkAction> = {}): BulkAction => ({
  id: 7,
  action: 'stageLatest',
  state: 'running',
  total: 23,
  done: 0,
  skipped: 0,
  failed: 0,
  reasons: [],
  createdBy: 'support',
  createdAt: '2025-01-01T00:00:00.000Z',
  finishedAt: null,
  selection: { kind: 'query', query: {} },
  units: [],
  ...overrides,
});

function openList(role: Parameters<typeof tokenFor>[0], route = '/Aligners') {
  const stored = { current: job() };
  const stub = stubFetch(
    equipmentRoutes(
      { units: fleetOf23() },
      {
        'POST /create/bulk_action/v1': () => stored.current,
        'GET /read/bulk_action/v1': () => stored.current,
      },
    ),
  );
  const app = renderApp({ route, token: tokenFor(role) });
  return { ...app, stub, stored };
}

const postedBodies = async (stub: ReturnType<typeof stubFetch>) =>
  Promise.all(stub.callsTo('/create/bulk_action/v1').map((request) => request.clone().json()));

describe('bulk actions on the equipment list', () => {
  it('when support selects the page, then all matching units, and stages them, then the progress moves live and ends with the summary', async () => {
    const { user, stub, stored, live } = openList('support');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('10 units selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Select all 23 units matching the filters' }));
    expect(within(bar).getByText('All 23 units matching the filters are selected.')).toBeInTheDocument();

    await user.click(within(bar).getByRole('button', { name: /Bulk actions/ }));
    const menu = (await screen.findAllByRole('menu')).at(-1) as HTMLElement;
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual([
      'Stage latest update',
      'Unstage update',
      'Add to My Radar',
      'Get voltages',
      'Get USB status',
      'Get printer status',
      'Check Cloud',
    ]);
    await user.click(screen.getByRole('menuitem', { name: 'Stage latest update' }));
    const confirm = await findDialog('Stage latest update');
    expect(within(confirm).getByText(/Stage latest update on 23 units\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Start' }));

    await waitFor(async () =>
      expect(await postedBodies(stub)).toEqual([
        {
          action: 'stageLatest',
          selection: {
            query: {
              filterSerialNumber: '',
              filterCountryCode: '',
              filterSoftwareVersion: '',
              filterFamily: '',
            },
          },
        },
      ]),
    );
    const progress = await screen.findByRole('progressbar', { name: 'Progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '0');
    // The selection is spent once the job started.
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();

    const { units: _units, selection: _selection, ...progressOf } = job();
    live.last().serverEmits('BULK_ACTION_UPDATED', { ...progressOf, done: 10, skipped: 2 });
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '52'),
    );
    expect(screen.getByText('12 of 23 units handled…')).toBeInTheDocument();

    const reasons = [
      { outcome: 'skipped' as const, reason: 'Version 5.3.0 is already pending download.', count: 3 },
    ];
    stored.current = job({
      state: 'done',
      done: 20,
      skipped: 3,
      reasons,
      finishedAt: '2025-01-01T00:01:00.000Z',
      units: [{ serialNumber: 'TP5HV0002', outcome: 'skipped', reason: reasons[0]?.reason ?? '' }],
    });
    live.last().serverEmits('BULK_ACTION_UPDATED', {
      ...progressOf,
      state: 'done',
      done: 20,
      skipped: 3,
      reasons,
      finishedAt: '2025-01-01T00:01:00.000Z',
    });
    expect(await screen.findByText('Finished')).toBeInTheDocument();
    expect(screen.getByText('Done: 20')).toBeInTheDocument();
    expect(screen.getByText('Skipped: 3')).toBeInTheDocument();
    expect(screen.getByText('Failed: 0')).toBeInTheDocument();
    expect(screen.getByText('3 skipped: Version 5.3.0 is already pending download.')).toBeInTheDocument();
    // The units with their reasons are read once the job ends.
    expect(await screen.findByText('TP5HV0002')).toBeInTheDocument();
  });

  it('when rows are ticked on a filtered list, then the job is asked for those serials', async () => {
    const { user, stub } = openList('tech');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    await user.click(within(screen.getByRole('row', { name: /AX1AS0002/ })).getByRole('checkbox'));
    await user.click(within(screen.getByRole('row', { name: /AX1AS0005/ })).getByRole('checkbox'));
    const bar = await screen.findByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('2 units selected')).toBeInTheDocument();
    expect(within(bar).queryByRole('button', { name: /matching the filters/ })).not.toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: /Bulk actions/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Get voltages' }));
    const confirm = await findDialog('Get voltages');
    expect(within(confirm).getByText(/Get voltages on 2 units\?/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Start' }));
    await waitFor(async () =>
      expect(await postedBodies(stub)).toEqual([
        { action: 'getVoltages', selection: { serials: ['AX1AS0002', 'AX1AS0005'] } },
      ]),
    );
  });

  it('when a guest opens the list, then rows cannot be selected and no bulk action shows', async () => {
    openList('guest');
    await screen.findByRole('link', { name: 'AX1AS0001' });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
  });
});
