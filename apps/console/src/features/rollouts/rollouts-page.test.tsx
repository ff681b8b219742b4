import { act, screen, waitFor, within } from '@testing-library/react';
import type { Rollout, RolloutDetail } from '@equipment-dashboard/contract';
import { exampleSavedView } from '@equipment-dashboard/contract/testing';
import { emptyRolloutCounts, type Role } from '@equipment-dashboard/domain';
import { openScreen } from '../../shared/testing/render-screen';
import { json } from '../../test/fetch-stub';
import { aligner } from '../../test/fixtures';
import { openApp } from '../../test/render-app';
import { pagedRoute } from '../../test/lists';
import { failedUnitsCsv } from './rollout-detail';
import { parsePhases } from '../../shared/rollouts/new-rollout-dialog';
import { RolloutsPage } from './rollouts-page';

const phase = (percent: number, counts: Partial<ReturnType<typeof emptyRolloutCounts>>) => {
  const full = { ...emptyRolloutCounts(), ...counts };
  return { percent, total: Object.values(full).reduce((a, b) => a + b, 0), counts: full };
};

const rollout = (id: number, overrides: Partial<Rollout> = {}): Rollout => ({
  id,
  name: `Rollout ${id}`,
  family: 'aligner',
  version: { semantic: '5.4.2', meta: '' },
  path: '/updates/aligner/5.4.2',
  target: { kind: 'view', viewId: 3, viewName: 'US aligners', filters: { filterCountryCode: 'US' } },
  phases: [
    phase(1, { done: 2 }),
    phase(10, { done: 10, failed: 3, installing: 5 }),
    phase(50, { pending: 80 }),
    phase(100, { pending: 100 }),
  ],
  failureThreshold: 0.05,
  successThreshold: 0.95,
  window: null,
  state: 'running',
  currentPhase: 1,
  pauseReason: null,
  totalUnits: 200,
  createdBy: 'engineer',
  createdAt: '2025-01-06T12:00:00.000Z',
  updatedAt: '2025-01-06T12:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Partial<RolloutDetail> = {}): RolloutDetail => ({
  ...rollout(7),
  failedUnits: [
    {
      serialNumber: 'AX1AS0001',
      phase: 1,
      reason: 'the update failed on the unit',
      lastState: 'INSTALLATION_FAILED',
      updatedAt: '2025-01-06T14:00:00.000Z',
    },
    {
      serialNumber: 'AX1AS0002',
      phase: 1,
      reason: 'timed out',
      lastState: 'DOWNLOADING',
      updatedAt: '2025-01-06T14:10:00.000Z',
    },
  ],
  skippedReasons: [],
  ...overrides,
});

function openList(role: Role = 'engineer') {
  const rows = [
    rollout(2, { state: 'paused', pauseReason: 'Phase 2: 3 of 18 units failed' }),
    rollout(1, { state: 'finished' }),
  ];
  return openScreen('/Rollouts', <RolloutsPage />, role, {
    '/read/rollouts/v1/': pagedRoute(
      () => rows,
      () => true,
    ),
    '/read/saved_views/v1': [],
  });
}

describe('Rollouts', () => {
  it('when an engineer opens /Rollouts, then the rollouts show with their state and a bar per phase, and New rollout', async () => {
    openList('engineer');
    const row = (await screen.findByRole('link', { name: 'Rollout 2' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('paused')).toHaveAttribute('data-colour', 'gold');
    expect(within(row).getAllByRole('progressbar')).toHaveLength(4);
    expect(within(row).getByRole('progressbar', { name: 'Phase 2 progress' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /New rollout/ })).toBeInTheDocument();
  });

  it('when support_lvl2 opens it, then the list shows without New rollout; support is told it has no access', async () => {
    openList('support_lvl2');
    await screen.findByRole('link', { name: 'Rollout 2' });
    expect(screen.queryByRole('button', { name: /New rollout/ })).not.toBeInTheDocument();
  });

  it('when support opens it, then no access', async () => {
    const { stub } = openList('support');
    expect(await screen.findByText('You do not have access to Rollouts.')).toBeInTheDocument();
    expect(stub.callsTo('/read/rollouts/v1/')).toHaveLength(0);
  });

  it('when a rollout is opened, then its phases with counts, its failed units with their last state, and Pause and Abort show', async () => {
    openScreen('/Rollouts/7', <RolloutsPage />, 'engineer', { '/read/rollout/v1': detail() });
    expect(await screen.findByRole('region', { name: 'Rollouts: Rollout 7' })).toBeInTheDocument();
    const second = screen.getByRole('cell', { name: 'Phase 2 (10%)' }).closest('tr') as HTMLElement;
    expect(
      within(second)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 8),
    ).toEqual(['Phase 2 (10%)', '18', '0', '0', '5', '10', '3', '0']);
    const failed = screen.getByRole('link', { name: 'AX1AS0002' });
    expect(failed).toHaveAttribute('href', '/Aligners?serial=AX1AS0002');
    expect(failed.closest('tr')).toHaveTextContent('timed out');
    expect(failed.closest('tr')).toHaveTextContent('Downloading');
    expect(screen.getByText(/Saved view "US aligners"/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Abort' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume' })).not.toBeInTheDocument();
  });

  it('when a paused rollout is resumed after confirming, then the call names it and the screen reads it again', async () => {
    let paused = true;
    const { user, stub } = openScreen('/Rollouts/7', <RolloutsPage />, 'admin', {
      '/read/rollout/v1': () =>
        detail(
          paused
            ? { state: 'paused', pauseReason: 'Phase 2: 3 of 18 units failed or timed out (16.7%)' }
            : {},
        ),
      'POST /update/rollout_resumed/v1': () => {
        paused = false;
        return rollout(7);
      },
    });
    expect(await screen.findByText(/Phase 2: 3 of 18 units failed/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resume rollout' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(stub.callsTo('/update/rollout_resumed/v1')).toHaveLength(1));
    expect(await stub.callsTo('/update/rollout_resumed/v1')[0]?.json()).toEqual({ id: 7 });
    expect(await screen.findByRole('button', { name: 'Pause' })).toBeInTheDocument();
  });

  it('when a transition is refused, then the server sentence shows in the dialog', async () => {
    const { user } = openScreen('/Rollouts/7', <RolloutsPage />, 'engineer', {
      '/read/rollout/v1': detail(),
      'POST /update/rollout_paused/v1': json(409, {
        error: 'Rollout 7 is finished: it cannot be paused.',
        code: 'rollout_state',
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Pause rollout' })).getByRole('button', {
        name: 'Yes',
      }),
    );
    expect(await screen.findByText('Rollout 7 is finished: it cannot be paused.')).toBeInTheDocument();
  });

  it('when support_lvl2 opens a rollout, then no buttons', async () => {
    openScreen('/Rollouts/7', <RolloutsPage />, 'support_lvl2', { '/read/rollout/v1': detail() });
    await screen.findByRole('link', { name: 'AX1AS0001' });
    expect(screen.queryByRole('button', { name: 'Pause' })).not.toBeInTheDocument();
  });

  it('when ROLLOUT_UPDATED arrives, then the open rollout is read again (no polling)', async () => {
    let failed = 3;
    const { live, stub } = openScreen('/Rollouts/7', <RolloutsPage />, 'engineer', {
      '/read/rollout/v1': () =>
        detail({ phases: [phase(1, { done: 2 }), phase(10, { done: 10, failed, installing: 8 - failed })] }),
    });
    await screen.findByRole('cell', { name: 'Phase 2 (10%)' });
    const before = stub.callsTo('/read/rollout/v1').length;
    failed = 5;
    await act(async () => {
      live.last().serverConnects();
      live.last().serverEmits('ROLLOUT_UPDATED', { ...rollout(7), state: 'paused' });
    });
    await waitFor(() => expect(stub.callsTo('/read/rollout/v1').length).toBeGreaterThan(before));
    await waitFor(() =>
      expect(screen.getByRole('cell', { name: 'Phase 2 (10%)' }).closest('tr')).toHaveTextContent(
        /^Phase 2 \(10%\)18003105/,
      ),
    );
  });

  it('when failed units are exported, then the CSV lists serial, phase, reason and last state', () => {
    expect(failedUnitsCsv(detail().failedUnits).split('\n').slice(0, 2)).toEqual([
      'serialNumber,phase,reason,lastState,updatedAt',
      'AX1AS0001,2,the update failed on the unit,INSTALLATION_FAILED,2025-01-06T14:00:00.000Z',
    ]);
  });

  it('when phases are typed, then they are read as numbers', () => {
    expect(parsePhases('1, 10,50 ,100')).toEqual([1, 10, 50, 100]);
    expect(parsePhases('1, x')).toBeNull();
  });

  it('when an engineer creates a rollout from a saved view, then the call carries it and the new rollout opens', async () => {
    const { user, stub } = openScreen('/Rollouts', <RolloutsPage />, 'engineer', {
      '/read/rollouts/v1/': { docs: [], totalDocs: 0 },
      '/read/saved_views/v1': [exampleSavedView],
      '/read/rollout_versions/v1': [{ semantic: '5.3.0', meta: '', path: '/updates/aligner/5.3.0' }],
      'POST /create/rollout/v1': () => json(201, rollout(9)),
      '/read/rollout/v1': detail({ id: 9, name: 'Rollout 9' }),
    });
    await user.click(await screen.findByRole('button', { name: /New rollout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });
    await user.type(within(dialog).getByLabelText('Name'), 'US wave');
    await user.click(within(dialog).getByRole('combobox', { name: 'Saved view' }));
    await user.click(await screen.findByTitle('US aligners'));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/rollout/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/rollout/v1')[0]?.json()).toEqual({
      name: 'US wave',
      family: 'aligner',
      version: '5.3.0',
      target: { kind: 'view', viewId: 3 },
      phases: [1, 10, 50, 100],
      failureThreshold: 0.05,
      successThreshold: 0.95,
      window: null,
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/Rollouts/9'));
  });
  it("when New rollout opens, then the version is a choice of the family's published updates, newest first, the latest chosen, and the chosen one is sent", async () => {
    const versions: Record<string, { semantic: string; meta: string; path: string }[]> = {
      aligner: [
        { semantic: '5.4.2', meta: 'build 2410', path: '/updates/aligner/5.4.2' },
        { semantic: '5.3.0', meta: '', path: '/updates/aligner/5.3.0' },
        { semantic: '4.2.0', meta: '', path: '/updates/aligner/4.2.0' },
      ],
      gtps: [{ semantic: '1.1.0', meta: '', path: '/updates/gtps/1.1.0' }],
    };
    const { user, stub } = openScreen('/Rollouts', <RolloutsPage />, 'admin', {
      '/read/rollouts/v1/': { docs: [], totalDocs: 0 },
      '/read/saved_views/v1': [],
      '/read/rollout_versions/v1': (request) =>
        versions[new URL(request.url).searchParams.get('family') ?? ''] ?? [],
      'POST /create/rollout/v1': () => json(201, rollout(9)),
      '/read/rollout/v1': detail({ id: 9, name: 'Rollout 9' }),
    });
    await user.click(await screen.findByRole('button', { name: /New rollout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });
    const version = within(dialog).getByRole('combobox', { name: 'Version' });
    await waitFor(() => expect(version.closest('.ant-select')).toHaveTextContent('5.4.2 - build 2410'));
    await user.click(version);
    await screen.findByRole('listbox');
    const offered = [
      ...document.querySelectorAll(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].map((o) => o.textContent);
    expect(offered).toEqual(['5.4.2 - build 2410', '5.3.0', '4.2.0']);
    await user.click(await screen.findByTitle('5.3.0'));
    await user.type(within(dialog).getByLabelText('Name'), 'older');
    await user.click(within(dialog).getByRole('radio', { name: 'Equipment list filters' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(stub.callsTo('/create/rollout/v1')).toHaveLength(1));
    expect(await stub.callsTo('/create/rollout/v1')[0]?.json()).toMatchObject({
      family: 'aligner',
      version: '5.3.0',
    });
    expect(
      stub.callsTo('/read/rollout_versions/v1').map((r) => new URL(r.url).searchParams.get('family')),
    ).toEqual(['aligner']);
  });

  it('when the family is changed in New rollout, then its own versions are read and its latest chosen', async () => {
    const { user, stub } = openScreen('/Rollouts', <RolloutsPage />, 'engineer', {
      '/read/rollouts/v1/': { docs: [], totalDocs: 0 },
      '/read/saved_views/v1': [],
      '/read/rollout_versions/v1': (request) =>
        new URL(request.url).searchParams.get('family') === 'gtps'
          ? [{ semantic: '1.1.0', meta: '', path: '/updates/gtps/1.1.0' }]
          : [{ semantic: '5.4.2', meta: '', path: '/updates/aligner/5.4.2' }],
    });
    await user.click(await screen.findByRole('button', { name: /New rollout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New rollout' });
    const version = () => within(dialog).getByRole('combobox', { name: 'Version' }).closest('.ant-select');
    await waitFor(() => expect(version()).toHaveTextContent('5.4.2'));
    await user.click(within(dialog).getByRole('combobox', { name: 'Family' }));
    await user.click(await screen.findByTitle('gtps'));
    await waitFor(() => expect(version()).toHaveTextContent('1.1.0'));
    expect(
      stub.callsTo('/read/rollout_versions/v1').map((r) => new URL(r.url).searchParams.get('family')),
    ).toEqual(['aligner', 'gtps']);
  });
  it("when a failed unit's serial is followed, then the equipment list opens that unit's detail, whose History tab tells why", async () => {
    const { user, stub } = openApp('/Rollouts/7', 'engineer', {
      '/read/rollout/v1': detail(),
      '/read/aligners/v1/': { docs: [], totalDocs: 0 },
      '/read/aligner/v1/': aligner('AX1AS0002'),
      '/read/saved_views/v1': [],
      '/read/aligner_history/v1': { docs: [], totalDocs: 0 },
    });
    await user.click(await screen.findByRole('link', { name: 'AX1AS0002' }));
    const heading = await screen.findByRole('heading', { name: 'AX1AS0002', level: 4 });
    const dialog = heading.closest<HTMLElement>('[role="dialog"]') as HTMLElement;
    expect(screen.getByTestId('location')).toHaveTextContent('/Aligners?serial=AX1AS0002');
    // The heading shows before the unit's detail has loaded; its tabs come with the detail.
    await user.click(await within(dialog).findByRole('tab', { name: 'History' }));
    await waitFor(() => expect(stub.callsTo('/read/aligner_history/v1')).toHaveLength(1));
    expect(
      new URL(stub.callsTo('/read/aligner_history/v1')[0]?.url ?? '').searchParams.get('serialNumber'),
    ).toBe('AX1AS0002');
  });
});
