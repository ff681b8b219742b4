import { silenceSchema, type Silence } from '@equipment-dashboard/contract';
import { alerts } from '../../store/schema';
import { expectNewestActions, stepClock } from '../../test/fleet-helpers';
import { saveView } from '../../test/saved-view-helpers';
import { useTestServer } from '../../test/test-server';

const LIST = '/read/silences/v1/';
const CREATE = '/create/silence/v1';
const EXPIRE = '/delete/silence/v1';
const PREVIEW = '/read/silence_preview/v1';

const MINUTE = 60_000;

describe('silences and maintenance windows', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support_lvl2', 'support', 'tech', 'guest'] });

  const simNow = () => t.server.deps.clock.now();
  const iso = (ms: number) => new Date(ms).toISOString();
  const create = async (fields: Record<string, unknown>, as = 'support_lvl2'): Promise<Silence> => {
    const res = await t
      .as(as)
      .post(CREATE)
      .send({ reason: 'Gateway maintenance', endsAt: iso(simNow() + 60 * MINUTE), ...fields });
    expect(res.status).toBe(201);
    return silenceSchema.parse(res.body);
  };
  const problemPaths = (res: { body: { details?: { path: string }[] } }) =>
    (res.body.details ?? []).map((d) => d.path);
  let ruleId = 0;
  beforeAll(async () => {
    const rule = await t
      .as('engineer')
      .post('/create/alert_rule/v1')
      .send({ name: 'Services down', kind: 'serviceDown', severity: 'critical' });
    expect(rule.status).toBe(201);
    ruleId = rule.body.id;
  });

  it('when support_lvl2 silences a rule from now on, then 201: active, starting at the simulated now, with the rule named and the author kept', async () => {
    const before = simNow();
    const silence = await create({ matcher: { ruleId, services: ['charon'] } });
    expect(silence).toMatchObject({
      id: expect.any(Number),
      matcher: { ruleId, ruleName: 'Services down', services: ['charon'] },
      reason: 'Gateway maintenance',
      recurring: null,
      createdBy: 'support_lvl2',
      status: 'active',
    });
    expect(Date.parse(silence.startsAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(silence.startsAt)).toBeLessThanOrEqual(simNow());
    expect(silence.createdAt).toBe(silence.startsAt);
  });

  it('when a silence names serials or a saved view, then serials are kept upper case and the view by its name', async () => {
    const viewId = await saveView(t, 'support_lvl2', {
      screen: 'equipment',
      name: 'German units',
      query: { filterCountryCode: 'DE' },
    });
    const silence = await create({
      matcher: { viewId, serials: ['abc123', 'ABC123'], families: ['gtps'], countries: ['DE'] },
    });
    expect(silence.matcher).toEqual({
      viewId,
      viewName: 'German units',
      serials: ['ABC123'],
      families: ['gtps'],
      countries: ['DE'],
    });
    const own = await saveView(t, 'admin', { screen: 'equipment', name: 'private', query: {} });
    const hidden = await t
      .as('support_lvl2')
      .post(CREATE)
      .send({ matcher: { viewId: own }, reason: 'x', endsAt: iso(simNow() + MINUTE) });
    expect(hidden.status).toBe(400);
    expect(problemPaths(hidden)).toEqual(['matcher.viewId']);
  });

  it('when a silence starts later or has a recurring window, then it is scheduled until it starts or its window opens', async () => {
    const later = await create({
      matcher: { ruleId },
      startsAt: iso(simNow() + 30 * MINUTE),
      endsAt: iso(simNow() + 90 * MINUTE),
    });
    expect(later.status).toBe('scheduled');
    const hour = new Date(simNow()).getUTCHours();
    const window = await create({
      matcher: { families: ['aligner'] },
      endsAt: iso(simNow() + 7 * 24 * 60 * MINUTE),
      recurring: {
        days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
        startHour: (hour + 2) % 24,
        endHour: (hour + 3) % 24,
        timeZone: 'UTC',
      },
    });
    expect(window).toMatchObject({
      status: 'scheduled',
      recurring: { startHour: (hour + 2) % 24, endHour: (hour + 3) % 24, timeZone: 'UTC' },
    });
    const open = await create({
      matcher: { families: ['gtps'] },
      endsAt: iso(simNow() + 7 * 24 * 60 * MINUTE),
      recurring: {
        days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
        startHour: hour,
        endHour: hour,
        timeZone: 'UTC',
      },
    });
    expect(open.status).toBe('active');

    const scheduled = await t.as('support').get(LIST).query({ status: 'scheduled' });
    expect(scheduled.status).toBe(200);
    expect((scheduled.body.docs as Silence[]).map((s) => s.id)).toEqual(
      expect.arrayContaining([later.id, window.id]),
    );
    expect((scheduled.body.docs as Silence[]).every((s) => s.status === 'scheduled')).toBe(true);
    const active = await t.as('support').get(LIST).query({ status: 'active' });
    expect((active.body.docs as Silence[]).map((s) => s.id)).toContain(open.id);
    expect((active.body.docs as Silence[]).every((s) => s.status === 'active')).toBe(true);
  });

  it('when silences are listed, then newest first, a page at a time, with the status at the simulated now, for every role that sees alerts', async () => {
    const first = await create({ matcher: { serials: ['LISTED1'] } });
    const second = await create({ matcher: { serials: ['LISTED2'] } });
    const list = await t.as('tech').get(LIST).query({ page: 1 });
    expect(list.status).toBe(200);
    expect((list.body.docs as Silence[]).slice(0, 2).map((s) => s.id)).toEqual([second.id, first.id]);
    expect(list.body.docs.length).toBeLessThanOrEqual(10);
    expect(list.body.totalDocs).toBeGreaterThanOrEqual(2);

    const short = await create({ matcher: { serials: ['SHORT1'] }, endsAt: iso(simNow() + MINUTE) });
    await stepClock(t, 2 * MINUTE);
    const expired = await t.as('support').get(LIST).query({ status: 'expired' });
    expect((expired.body.docs as Silence[]).find((s) => s.id === short.id)).toMatchObject({
      status: 'expired',
    });
    expect((expired.body.docs as Silence[]).every((s) => s.status === 'expired')).toBe(true);
    expect((await t.as('guest').get(LIST)).status).toBe(403);
    expect((await t.http.get(LIST)).status).toBe(401);
    expect((await t.as('support').get(LIST).query({ status: 'asleep' })).status).toBe(400);
  });

  it('when one silence is asked by its id (an alert history names it), then the page holds it alone; an unknown id none', async () => {
    const named = await create({ matcher: { serials: ['NAMED1'] }, reason: 'Workshop move' });
    await create({ matcher: { serials: ['NAMED2'] } });
    const one = await t.as('support').get(LIST).query({ id: named.id });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ docs: [{ id: named.id, reason: 'Workshop move' }], totalDocs: 1 });
    expect((await t.as('support').get(LIST).query({ id: 999_999 })).body).toEqual({ docs: [], totalDocs: 0 });
    expect((await t.as('support').get(LIST).query({ id: 'x' })).status).toBe(400);
  });

  it('when the silence form asks for a preview, then it counts the open alerts the matcher holds now, by rule, with the first subjects', async () => {
    const now = new Date(simNow());
    const row = (id: number, serial: string | null, state: string, service?: string) => ({
      // Rules no evaluator knows, so that nothing resolves these rows meanwhile.
      ruleId: ruleId + 1000 + id,
      ruleName: id === 1 ? 'Services down' : 'Offline units',
      kind: service ? 'serviceDown' : 'unitOffline',
      severity: 'major',
      subjectKey: service ? `service:${service}` : `unit:${serial}`,
      subject: service ? { service } : { serialNumber: serial },
      serialNumber: serial,
      family: service ? null : 'aligner',
      countryCode: service ? null : 'DE',
      region: service ? null : 'Bavaria',
      state,
      summary: 'x',
      startedAt: now,
      updatedAt: now,
    });
    await t.server.deps.db
      .insert(alerts)
      .values([
        row(1, null, 'firing', 'charon'),
        row(2, 'PREV00001', 'firing'),
        row(2, 'PREV00002', 'acknowledged'),
        row(2, 'PREV00003', 'resolved'),
      ]);
    const preview = async (matcher: Record<string, unknown>, as = 'support_lvl2') =>
      t.as(as).post(PREVIEW).send({ matcher });

    const bySerials = await preview({ serials: ['prev00001', 'PREV00002', 'PREV00003'] });
    expect(bySerials.status).toBe(200);
    expect(bySerials.body).toEqual({
      openAlerts: 2,
      rules: [{ ruleId: ruleId + 1002, ruleName: 'Offline units', count: 2 }],
      subjects: ['PREV00001', 'PREV00002'],
    });
    expect((await preview({ ruleId: ruleId + 1001, services: ['charon'] })).body).toMatchObject({
      openAlerts: 1,
      subjects: ['charon'],
    });
    expect(
      (await preview({ countries: ['DE'], regions: ['bavaria'], families: ['aligner'] })).body.openAlerts,
    ).toBe(2);
    expect((await preview({ services: ['charon'], families: ['aligner'] })).body.openAlerts).toBe(0);
    expect((await preview({ serials: ['PREV00001'] }, 'support')).status).toBe(403);
  });

  it('when a silence is expired, then it ends at the simulated now; expiring it again is 409; an unknown one 404', async () => {
    const silence = await create({ matcher: { ruleId } }, 'engineer');
    const res = await t.as('admin').post(EXPIRE).send({ id: silence.id });
    expect(res.status).toBe(200);
    const expired = silenceSchema.parse(res.body);
    expect(expired).toMatchObject({ id: silence.id, status: 'expired' });
    expect(Date.parse(expired.endsAt)).toBeLessThanOrEqual(simNow());
    expect(Date.parse(expired.endsAt)).toBeGreaterThanOrEqual(Date.parse(silence.startsAt));
    const again = await t.as('admin').post(EXPIRE).send({ id: silence.id });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'silence_expired', error: expect.any(String) });
    expect((await t.as('admin').post(EXPIRE).send({ id: 999_999 })).status).toBe(404);
    expect((await t.as('admin').post(EXPIRE).send({})).status).toBe(400);

    const scheduled = await create({
      matcher: { ruleId },
      startsAt: iso(simNow() + 60 * MINUTE),
      endsAt: iso(simNow() + 120 * MINUTE),
    });
    const ended = silenceSchema.parse(
      (await t.as('support_lvl2').post(EXPIRE).send({ id: scheduled.id })).body,
    );
    expect(ended.status).toBe('expired');
    expect(Date.parse(ended.startsAt)).toBeLessThanOrEqual(Date.parse(ended.endsAt));
  });

  it('when a silence is wrong, then 400 with every problem, each naming its field', async () => {
    const bad = async (fields: Record<string, unknown>) => {
      const res = await t
        .as('support_lvl2')
        .post(CREATE)
        .send({ matcher: { ruleId }, reason: 'x', endsAt: iso(simNow() + MINUTE), ...fields });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String) });
      return problemPaths(res);
    };
    expect(await bad({ matcher: { ruleId: 999_999 } })).toEqual(['matcher.ruleId']);
    expect(await bad({ matcher: {} })).toEqual(['matcher']);
    expect(await bad({ matcher: { serials: [] } })).toEqual(['matcher']);
    expect(await bad({ startsAt: iso(simNow() + 2 * MINUTE), endsAt: iso(simNow() + MINUTE) })).toEqual([
      'endsAt',
    ]);
    expect(await bad({ endsAt: iso(simNow() - MINUTE) })).toEqual(['endsAt']);
    expect(
      await bad({ matcher: { ruleId: 999_999, viewId: 999_999 }, endsAt: iso(simNow() - MINUTE) }),
    ).toEqual(['endsAt', 'matcher.ruleId', 'matcher.viewId']);
    expect(await bad({ reason: '  ' })).toEqual(['reason']);
    expect(await bad({ endsAt: 'tomorrow' })).toEqual(['endsAt']);
    expect(await bad({ matcher: { services: ['toaster'] } })).toEqual(['matcher.services.0']);
    expect(await bad({ recurring: { days: ['mon'], startHour: 25, endHour: 3, timeZone: 'UTC' } })).toEqual([
      'recurring.startHour',
    ]);
    expect(
      await bad({ recurring: { days: ['mon'], startHour: 1, endHour: 3, timeZone: 'Mars/Olympus' } }),
    ).toEqual(['recurring.timeZone']);
  });

  it('when a role may not manage silences, then creating and expiring are refused (403); without a token 401', async () => {
    const silence = await create({ matcher: { ruleId } }, 'admin');
    const body = { matcher: { ruleId }, reason: 'x', endsAt: iso(simNow() + MINUTE) };
    for (const user of ['support', 'tech', 'guest']) {
      expect((await t.as(user).post(CREATE).send(body)).status).toBe(403);
      expect((await t.as(user).post(EXPIRE).send({ id: silence.id })).status).toBe(403);
    }
    expect((await t.http.post(CREATE).send(body)).status).toBe(401);
  });

  it('when silences are made and expired, then both are in the audit trail with their author', async () => {
    const silence = await create({ matcher: { serials: ['AUDITED1'] }, reason: 'Audited silence' });
    await t.as('engineer').post(EXPIRE).send({ id: silence.id });
    await expectNewestActions(
      t,
      {
        command: 'silence.expire',
        username: 'engineer',
        args: { silenceId: silence.id, reason: 'Audited silence' },
      },
      {
        command: 'silence.create',
        username: 'support_lvl2',
        serialNumber: 'AUDITED1',
        args: { silenceId: silence.id },
      },
    );
  });
});
