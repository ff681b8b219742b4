import { playDueSchedules } from '../../services/scheduling-service';
import { isPending } from '../../fleet/desired-state';
import {
  alignerScheduleBody,
  bearer,
  engineOf,
  latestOf,
  settle,
  stepClock,
  unitDetail,
} from '../../test/fleet-helpers';
import { connectLive, eventsUntilMarker } from '../../test/live-socket';
import { useTestServer } from '../../test/test-server';

describe('update scheduling (back-office §2.2 schedule dialog, §7.3)', () => {
  const t = useTestServer({ users: ['engineer', 'tech'] });

  const day = (offsetDays: number) =>
    new Date(t.server.deps.clock.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

  it('when a pattern is searched, then aligner serials matching it come back; * is a wildcard', async () => {
    const engine = engineOf(t);
    const some = [...engine.state.units.values()].find((u) => u.family === 'aligner');
    const prefix = some?.serialNumber.slice(0, 3) ?? 'AX';
    const res = await t
      .as('engineer')
      .get('/read/aligner_serial_numbers/v1')
      .query({ filterSerialNumber: prefix.toLowerCase() });
    expect(res.body.length).toBeGreaterThan(0);
    expect(res.body.every((s: string) => s.startsWith(prefix) && engine.get(s)?.family === 'aligner')).toBe(
      true,
    );
    const wild = await t
      .as('engineer')
      .get('/read/aligner_serial_numbers/v1')
      .query({ filterSerialNumber: `*${some?.serialNumber.slice(-3)}` });
    expect(wild.body).toContain(some?.serialNumber);
  });

  it('when updates are scheduled for a day, then the day counts them, consoles hear of it, and on that day the units are staged', async () => {
    const engine = engineOf(t);
    const latest = latestOf(t, 'aligner');
    const targets = [...engine.state.units.values()]
      .filter(
        (u) =>
          u.family === 'aligner' &&
          !isPending(u.desired, u.stagedRevDone) &&
          u.versionSemantic.startsWith('5.') &&
          u.versionSemantic !== latest,
      )
      .slice(0, 3)
      .map((u) => u.serialNumber);
    const socket = await connectLive(t.url, t.token('engineer'));
    const heard = new Promise((r) => socket.once('NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED', r));
    const tomorrow = day(1);
    const res = await t
      .as('engineer')
      .post('/create/schedule_serial_numbers/v1')
      .send(alignerScheduleBody(targets, latest, tomorrow));
    expect(res.status).toBe(200);
    await expect(heard).resolves.toMatchObject({ date: tomorrow, count: targets.length });
    socket.close();
    const byDay = await t.as('engineer').get('/read/schedule_by_day/v1/');
    const [y, m, d] = tomorrow.split('-').map(Number);
    expect(byDay.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ _id: { year: y, month: m, day: d } })]),
    );
    const pending = async (serial: string) =>
      (await unitDetail(t, serial, 'engineer')).body.pendingSoftwareDownload;
    expect(await pending(targets[0] ?? '')).toBe('');
    await stepClock(t, 86_400_000);
    await playDueSchedules(t.server.deps);
    await settle(t);
    for (const serial of targets) {
      expect(await pending(serial)).toBe(latest);
      expect(engine.get(serial)?.desired).toMatchObject({ semantic: latest, autoStaged: true });
    }
  });

  it('when updates are scheduled, then a console whose role may not read the Update Scheduler does not hear of it', async () => {
    const latest = latestOf(t, 'aligner');
    const target = [...engineOf(t).state.units.values()].find(
      (u) => u.family === 'aligner' && u.versionSemantic !== latest,
    );
    const tech = await t.live('tech');
    const recorded = eventsUntilMarker(tech, (event, payload) => t.server.deps.live.emit(event, payload));
    const res = await t
      .as('engineer')
      .post('/create/schedule_serial_numbers/v1')
      .send(alignerScheduleBody([target?.serialNumber], latest, day(2)));
    expect(res.status).toBe(200);
    expect(await recorded.untilMarker()).not.toContain('NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED');
  });

  it('when support schedules, or the day has passed, then it is refused', async () => {
    const support = await t.tokenFor('support');
    const body = { serialNumbers: ['X'], version: { semantic: '1.0.0', meta: '' }, path: '/x', date: day(1) };
    expect(
      (await t.http.post('/create/schedule_serial_numbers/v1').set(bearer(support)).send(body)).status,
    ).toBe(403);
    const past = await t
      .as('engineer')
      .post('/create/schedule_serial_numbers/v1')
      .send({ ...body, date: '2020-01-01' });
    expect(past.status).toBe(400);
  });

  it('when the day is sent as an ISO timestamp, then the updates are scheduled on its UTC day', async () => {
    const engine = engineOf(t);
    const latest = latestOf(t, 'aligner');
    const [first, second] = [...engine.state.units.values()]
      .filter(
        (u) =>
          u.family === 'aligner' && !isPending(u.desired, u.stagedRevDone) && u.versionSemantic !== latest,
      )
      .slice(-2)
      .map((u) => u.serialNumber);
    const schedule = (serialNumber: string | undefined, date: string) =>
      t
        .as('engineer')
        .post('/create/schedule_serial_numbers/v1')
        .send(alignerScheduleBody([serialNumber], latest, date));
    const utc = await schedule(first, `${day(2)}T09:30:00.000Z`);
    expect(utc.status).toBe(200);
    expect(utc.body.date).toBe(day(2));
    // 23:30 two hours west of Greenwich is 01:30 UTC of the next day.
    const west = await schedule(second, `${day(2)}T23:30:00-02:00`);
    expect(west.status).toBe(200);
    expect(west.body.date).toBe(day(3));
  });

  it('when the day is neither a day nor an ISO timestamp, then 400 says which forms it takes', async () => {
    for (const date of ['tomorrow', '2026-05-01T09:30', '01/05/2026']) {
      const res = await t
        .as('engineer')
        .post('/create/schedule_serial_numbers/v1')
        .send({ serialNumbers: ['X'], version: { semantic: '1.0.0', meta: '' }, path: '/x', date });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([
        {
          path: 'date',
          message:
            'Expected a day (YYYY-MM-DD) or an ISO 8601 timestamp with an offset, such as 2026-05-01T09:30:00Z (its UTC day is taken).',
        },
      ]);
    }
  });
});
