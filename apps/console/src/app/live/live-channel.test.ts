import { waitFor } from '@testing-library/react';
import { dashboardApi, equipmentApi, notificationsApi, storeToken } from '@equipment-dashboard/api-client';
import { selectTrendSamples } from '../../features/dashboard/trend-slice';
import { liveCountersApi } from '../../shared/api/live-counters.api';
import { fakeSockets } from '../../test/fake-socket';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import {
  aligner,
  allServicesUp,
  dashboardRoutes,
  latestAligner,
  stagedTotals,
  ticketStatistics,
  tokenFor,
} from '../../test/fixtures';
import { makeStore } from '../store';
import { startLiveChannel } from './live-channel';

/** The 13 reads of console-core §4's first-connect load. */
const LOAD_PATHS = [
  '/read/favorites/v1/',
  '/read/latest_software_version/v1',
  '/api/v1/check_services',
  '/read/latest_gtps_software_version/v1',
  '/read/latest_oasis_software_version/v1',
  '/read/staged_update_totals/v1',
  '/read/staged_gtps_update_totals/v1',
  '/read/staged_oasis_update_totals/v1',
  '/read/aligner_software_versions/v1',
  '/read/ticket_statistics/v1',
  '/read/gtps_software_versions/v1',
  '/read/oasis_software_versions/v1',
  '/read/spec_versions/v1',
];

function start(routes: Record<string, StubHandler> = dashboardRoutes()) {
  const token = tokenFor('support');
  storeToken(token);
  const stub = stubFetch(routes);
  const store = makeStore();
  const live = fakeSockets();
  const onUnauthorized = jest.fn();
  const channel = startLiveChannel({
    dispatch: store.dispatch,
    getState: store.getState,
    user: token.user,
    openSocket: live.open,
    onUnauthorized,
    reconnectDelayMs: 10,
  });
  return { store, stub, socket: live.last(), channel, onUnauthorized, token };
}

const loadsOf = (stub: ReturnType<typeof stubFetch>) =>
  LOAD_PATHS.map((path) => stub.callsTo(path).length).reduce((sum, n) => sum + n, 0);

describe('live channel: connecting', () => {
  it('when it connects, then it announces the identity and loads every read in parallel with the busy overlay on', async () => {
    // Every read waits for a gate, so the test sees whether they were all asked before any answered.
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const routes = dashboardRoutes();
    const gated = Object.fromEntries(
      Object.entries(routes).map(([path, answer]) => [
        path,
        async () => (await gate, answer as object | null),
      ]),
    );
    const { store, stub, socket, channel } = start(gated);

    socket.serverConnects();
    expect(socket.emitted).toEqual([
      {
        event: 'dashboard/identity',
        payload: { username: 'support', email: 'support@example.com', role: 'support' },
      },
    ]);
    expect(store.getState().ui.busy).toBe(1);
    await waitFor(() => expect(loadsOf(stub)).toBe(LOAD_PATHS.length));
    expect(store.getState().ui.busy).toBe(1);

    open();
    await waitFor(() => expect(store.getState().ui.busy).toBe(0));
    expect(dashboardApi.endpoints.checkServices.select()(store.getState()).data).toEqual(allServicesUp);
    expect(new URL(stub.callsTo('/read/favorites/v1/')[0]?.url ?? '').searchParams.get('username')).toBe(
      'support',
    );
    channel.stop();
  });

  it('when it reconnects, then it refetches what it may have missed without the busy overlay', async () => {
    const { store, stub, socket, channel } = start();
    socket.serverConnects();
    await waitFor(() => expect(store.getState().ui.busy).toBe(0));
    const firstLoads = loadsOf(stub);

    socket.serverDisconnects('transport close');
    socket.serverConnects();
    expect(store.getState().ui.busy).toBe(0);
    await waitFor(() => expect(loadsOf(stub)).toBe(firstLoads * 2));
    expect(socket.emitted.filter((e) => e.event === 'dashboard/identity')).toHaveLength(2);
    channel.stop();
  });

  it("when it reconnects, then every read in the cache is fetched again, not only the dashboard's", async () => {
    const { store, stub, socket, channel } = start({
      ...dashboardRoutes(),
      '/read/notifications/v1/': { docs: [], totalDocs: 0 },
    });
    socket.serverConnects();
    const screen = store.dispatch(notificationsApi.endpoints.readNotifications.initiate({ page: 1 }));
    await waitFor(() => expect(stub.callsTo('/read/notifications/v1/')).toHaveLength(1));

    socket.serverDisconnects('transport close');
    socket.serverConnects();
    await waitFor(() => expect(stub.callsTo('/read/notifications/v1/')).toHaveLength(2));
    screen.unsubscribe();
    channel.stop();
  });

  it('when the server cannot check the token just now, then the channel tries again and the session goes on', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { socket, onUnauthorized, channel } = start();
    const before = socket.connectCalls;
    socket.serverRefuses('unavailable: the server cannot check the token just now; try again');
    await waitFor(() => expect(socket.connectCalls).toBe(before + 1));
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    channel.stop();
  });

  it('when the server refuses the token, then the session ends', () => {
    const { socket, onUnauthorized, channel } = start();
    socket.serverRefuses('unauthorized: a valid access token is required');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    channel.stop();
  });

  it('when the connection fails for another reason, then it is only logged', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { socket, onUnauthorized, channel } = start();
    socket.serverRefuses('xhr poll error');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalled();
    channel.stop();
  });

  it('when the token is renewed, then the channel reconnects with the new one', async () => {
    const { socket, channel } = start();
    socket.serverConnects();
    storeToken(tokenFor('support', 'renewed'));
    channel.renewToken();
    expect(socket.disconnectCalls).toBe(1);
    expect(socket.connectCalls).toBe(1);
    socket.serverConnects();
    expect(socket.handshakes).toEqual(['token-support', 'renewed']);
    channel.stop();
  });

  it('when the server closes the socket itself, then it tries again shortly', async () => {
    const { socket, channel } = start();
    socket.serverConnects();
    socket.serverDisconnects('io server disconnect');
    await waitFor(() => expect(socket.connectCalls).toBe(1));
    channel.stop();
  });

  it('when it stops during the first load, then the busy overlay is lifted', () => {
    const { store, socket, channel } = start();
    socket.serverConnects();
    expect(store.getState().ui.busy).toBe(1);
    channel.stop();
    expect(store.getState().ui.busy).toBe(0);
    expect(socket.disconnectCalls).toBe(1);
  });
});

describe('live channel: events', () => {
  async function connected(routes?: Record<string, StubHandler>) {
    const started = start(routes);
    started.socket.serverConnects();
    await waitFor(() => expect(started.store.getState().ui.busy).toBe(0));
    return started;
  }

  it('when CONNECTION_COUNTERS arrives, then the counters are replaced and the trend gains a sample', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('CONNECTION_COUNTERS', {
      connectedAligners: 40,
      totalAligners: 300,
      connectedUsers: 2,
    });
    socket.serverEmits('CONNECTION_COUNTERS', {
      connectedAligners: 42,
      totalAligners: 300,
      connectedUsers: 3,
    });
    expect(liveCountersApi.endpoints.liveConnectionCounters.select()(store.getState()).data).toEqual({
      connectedAligners: 42,
      totalAligners: 300,
      connectedUsers: 3,
    });
    expect(selectTrendSamples(store.getState())).toEqual([40, 42]);
    channel.stop();
  });

  it('when more than 60 counters arrive, then the trend keeps the last 60', async () => {
    const { store, socket, channel } = await connected();
    for (let n = 1; n <= 65; n += 1) {
      socket.serverEmits('CONNECTION_COUNTERS', {
        connectedAligners: n,
        totalAligners: 300,
        connectedUsers: 1,
      });
    }
    const samples = selectTrendSamples(store.getState());
    expect(samples).toHaveLength(60);
    expect(samples[0]).toBe(6);
    expect(samples.at(-1)).toBe(65);
    channel.stop();
  });

  it('when SERVICE_STATUS arrives, then the service panel data is replaced', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('SERVICE_STATUS', { ...allServicesUp, dalton: false });
    expect(dashboardApi.endpoints.checkServices.select()(store.getState()).data?.dalton).toBe(false);
    channel.stop();
  });

  it('when SUPPORT_TICKET_STATISTICS arrives, then the ticket counts are replaced', async () => {
    const { store, socket, channel } = await connected();
    const next = { ...ticketStatistics, openTicketCount: 8, totalTickets: 20 };
    socket.serverEmits('SUPPORT_TICKET_STATISTICS', next);
    expect(dashboardApi.endpoints.readTicketStatistics.select()(store.getState()).data).toEqual(next);
    channel.stop();
  });

  it.each([
    [
      'REPORT_SUPPORT_TICKET_CREATED' as const,
      { id: 17, serialNumber: 'ABCLK0001', openedBy: 'support' },
      'New ticket 17 for aligner ABCLK0001 created by support.',
    ],
    [
      'REPORT_SUPPORT_TICKET_CLOSED' as const,
      { id: 17, serialNumber: 'ABCLK0001', closedBy: 'engineer' },
      'Support ticket 17 for aligner ABCLK0001 closed by engineer.',
    ],
    [
      'REPORT_SUPPORT_TICKET_COMMENT_CREATED' as const,
      { id: 17, serialNumber: 'ABCLK0001', author: 'admin', comment: 'Checked the cameras.' },
      'Comment on ticket 17 for aligner ABCLK0001 created by admin.',
    ],
  ])('when %s arrives, then the alert says exactly the spec text', async (event, payload, text) => {
    const { store, socket, channel } = await connected();
    socket.serverEmits(event, payload as never);
    expect(store.getState().ui.alerts.map((alert) => alert.text)).toEqual([text]);
    channel.stop();
  });

  it('when a newer software update is published, then the alert shows and the latest version is replaced', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('NEW_SOFTWARE_UPDATE_CREATED', {
      family: 'aligner',
      version: { semantic: '5.10.0', meta: 'fall' },
      path: '/updates/5.10.0',
    });
    expect(store.getState().ui.alerts.map((alert) => alert.text)).toEqual([
      'The latest software available is now version 5.10.0.',
    ]);
    expect(dashboardApi.endpoints.readLatestSoftwareVersion.select()(store.getState()).data).toEqual({
      semantic: '5.10.0',
      meta: 'fall',
      path: '/updates/5.10.0',
    });
    channel.stop();
  });

  it('when an update not newer than the latest is published, then nothing changes', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('NEW_SOFTWARE_UPDATE_CREATED', {
      family: 'aligner',
      version: { semantic: '5.2.0', meta: '' },
      path: '/updates/5.2.0',
    });
    expect(store.getState().ui.alerts).toEqual([]);
    expect(dashboardApi.endpoints.readLatestSoftwareVersion.select()(store.getState()).data).toEqual(
      latestAligner,
    );
    channel.stop();
  });

  it('when the first oasis update is published, then it becomes the latest', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('NEW_SOFTWARE_UPDATE_CREATED', {
      family: 'aligner-oasis',
      version: { semantic: '1.0.0', meta: '' },
      path: '/updates/oasis-1.0.0',
    });
    expect(store.getState().ui.alerts.map((a) => a.text)).toEqual([
      'The latest software available is now version 1.0.0.',
    ]);
    expect(
      dashboardApi.endpoints.readLatestOasisSoftwareVersion.select()(store.getState()).data?.semantic,
    ).toBe('1.0.0');
    channel.stop();
  });

  it('when SOFTWARE_UPDATES_STAGED arrives, then that family’s staged totals reload', async () => {
    const { stub, socket, channel } = await connected();
    expect(stub.callsTo('/read/staged_gtps_update_totals/v1')).toHaveLength(1);
    socket.serverEmits('SOFTWARE_UPDATES_STAGED', { family: 'gtps' });
    await waitFor(() => expect(stub.callsTo('/read/staged_gtps_update_totals/v1')).toHaveLength(2));
    expect(stub.callsTo('/read/staged_update_totals/v1')).toHaveLength(1);
    channel.stop();
  });

  it('when NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED arrives, then nothing visible happens', async () => {
    const { store, socket, channel } = await connected();
    socket.serverEmits('NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED', {
      date: '2024-06-01',
      count: 3,
      version: { semantic: '5.3.0', meta: '' },
    });
    expect(store.getState().ui.alerts).toEqual([]);
    channel.stop();
  });

  it('when radar events arrive, then the favourites are added, updated and removed in place', async () => {
    const { store, socket, channel } = await connected(
      dashboardRoutes({ '/read/favorites/v1/': [aligner('ABCLK0001')] }),
    );
    const favorites = () =>
      equipmentApi.endpoints.readFavorites
        .select({ username: 'support' })(store.getState())
        .data?.map((a) => [a.serialNumber, a.connected]);
    socket.serverEmits('RADAR_ADD_FAVORITE', aligner('ABCLK0002'));
    expect(favorites()).toEqual([
      ['ABCLK0001', true],
      ['ABCLK0002', true],
    ]);
    socket.serverEmits('RADAR_UPDATE_FAVORITE', aligner('ABCLK0001', { connected: false }));
    expect(favorites()).toEqual([
      ['ABCLK0001', false],
      ['ABCLK0002', true],
    ]);
    socket.serverEmits('RADAR_REMOVE_FAVORITE', { serialNumber: 'ABCLK0002' });
    expect(favorites()).toEqual([['ABCLK0001', false]]);
    channel.stop();
  });

  it('when an event does not match the contract, then it is dropped', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { store, socket, channel } = await connected();
    socket.serverEmits('CONNECTION_COUNTERS', { connectedAligners: -1 } as never);
    expect(selectTrendSamples(store.getState())).toEqual([]);
    expect(warn).toHaveBeenCalled();
    channel.stop();
  });

  it('when staged totals are read, then the cache holds them for the dashboard', async () => {
    const { store, channel } = await connected();
    expect(dashboardApi.endpoints.readStagedUpdateTotals.select()(store.getState()).data).toEqual(
      stagedTotals,
    );
    channel.stop();
  });
});
