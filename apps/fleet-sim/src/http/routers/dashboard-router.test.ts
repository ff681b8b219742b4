import { SERVICE_NAMES } from '@equipment-dashboard/domain';
import { connect as connectUnit } from '../../fleet/simulation';
import {
  changeUnit,
  engineOf,
  setSpeed,
  settle,
  stepClock,
  storeCount,
  until,
} from '../../test/fleet-helpers';
import { openLive } from '../../test/live-socket';
import { useTestServer } from '../../test/test-server';

describe('home dashboard data (console-core §7 "Dashboard data")', () => {
  const t = useTestServer({ users: ['admin', 'support'], liveAs: 'support' });
  const get = (path: string) => t.as('support').get(path);

  it('when every dashboard read is called, then each answers within its contract', async () => {
    for (const path of [
      '/api/v1/check_services',
      '/read/latest_software_version/v1',
      '/read/latest_gtps_software_version/v1',
      '/read/latest_oasis_software_version/v1',
      '/read/staged_update_totals/v1',
      '/read/staged_gtps_update_totals/v1',
      '/read/staged_oasis_update_totals/v1',
      '/read/aligner_software_versions/v1',
      '/read/gtps_software_versions/v1',
      '/read/oasis_software_versions/v1',
      '/read/spec_versions/v1',
      '/read/ticket_statistics/v1',
      '/read/top_aligners_by_alignment_count/v1',
    ]) {
      const res = await get(path);
      expect({ path, status: res.status }).toEqual({ path, status: 200 });
    }
  });

  it('when installed versions are read, then they add up to the family totals the store holds', async () => {
    await settle(t);
    const versions = (await get('/read/aligner_software_versions/v1')).body as { total: number }[];
    expect(versions.reduce((sum, v) => sum + v.total, 0)).toBe(await storeCount(t, "family = 'aligner'"));
  });

  it('when the top 10 is read, then it is ordered by alignment count', async () => {
    const top = (await get('/read/top_aligners_by_alignment_count/v1')).body as { count: number }[];
    expect(top).toHaveLength(10);
    for (let i = 1; i < top.length; i++)
      expect((top[i - 1] as { count: number }).count).toBeGreaterThanOrEqual(
        (top[i] as { count: number }).count,
      );
  });

  it('when ticket statistics are read, then open plus closed is the total', async () => {
    const stats = (await get('/read/ticket_statistics/v1')).body;
    expect(stats.openTicketCount + stats.closedTicketCount).toBe(stats.totalTickets);
    expect(stats.openTicketsByIssuer.length).toBeGreaterThan(0);
  });

  it('when support restarts a service, then 403; when admin does, then it goes down and comes back up', async () => {
    expect(
      (await t.as('support').post('/api/v1/reset_service/').query({ serviceName: 'radar' })).status,
    ).toBe(403);
    const events: boolean[] = [];
    t.socket.on('SERVICE_STATUS', (status) => events.push(status.radar));
    // The clock stands still, so the 5 simulated seconds of downtime last until the test moves it.
    const speed = t.server.deps.clock.speed;
    await setSpeed(t, 0);
    const res = await t.as('admin').post('/api/v1/reset_service/').query({ serviceName: 'radar' });
    expect(res.body).toEqual({ serviceName: 'radar', status: 'restarting' });
    expect((await get('/api/v1/check_services')).body.radar).toBe(false);
    await stepClock(t, 10_000);
    expect((await get('/api/v1/check_services')).body.radar).toBe(true);
    await setSpeed(t, speed);
    await until(
      async () => events,
      (heard) => heard.length >= 2,
    );
    expect(events).toEqual([false, true]);
    const unknown = await t.as('admin').post('/api/v1/reset_service/').query({ serviceName: 'toaster' });
    expect(unknown.status).toBe(400);
    expect(SERVICE_NAMES).toContain('radar');
  });

  it('when units connect, then CONNECTION_COUNTERS reaches the console with the count the store holds', async () => {
    const engine = engineOf(t);
    const before = await storeCount(t, 'connected');
    const heard = new Promise<{ connectedAligners: number; totalAligners: number; connectedUsers: number }>(
      (r) => t.socket.on('CONNECTION_COUNTERS', (c) => c.connectedAligners === before + 1 && r(c)),
    );
    const offline = [...engine.state.units.values()].find((u) => !u.connected);
    if (!offline) throw new Error('every unit is connected');
    await changeUnit(t, offline, (u) => connectUnit(u, engine.rng, engine.clock.now()));
    const counters = await heard;
    expect(counters.connectedAligners).toBe(await storeCount(t, 'connected'));
    expect(counters.connectedUsers).toBeGreaterThanOrEqual(1);
  });

  it('when a console connects, then it hears the counters at once, before any unit changes', async () => {
    const speed = t.server.deps.clock.speed;
    await setSpeed(t, 0);
    await settle(t);
    const late = openLive(t.url, t.token('admin'));
    try {
      const counters = await new Promise<{
        connectedAligners: number;
        totalAligners: number;
        connectedUsers: number;
      }>((r) => late.once('CONNECTION_COUNTERS', r));
      expect(counters).toMatchObject({
        connectedAligners: await storeCount(t, 'connected'),
        totalAligners: await storeCount(t, 'true'),
      });
      expect(counters.connectedUsers).toBe(2);
    } finally {
      late.close();
      await setSpeed(t, speed);
    }
  });

  it('when the trend image is asked, then a PNG is drawn', async () => {
    const res = await get('/graph').buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect((res.body as Buffer).subarray(1, 4).toString()).toBe('PNG');
  });
});
