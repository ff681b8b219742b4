import { alertGroupSchema, alertSchema, type Alert, type AlertGroup } from '@equipment-dashboard/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { connect, disconnect } from '../../fleet/simulation';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { AlertNotifier } from '../../jobs/notifications/alert-notifier';
import { forgetPlaceIndex } from '../../services/places-service';
import { rowsOf } from '../../store/repos/feed-repo';
import { alertDeliveries, auditLog, silences, units as unitsTable } from '../../store/schema';
import { alertsOfRule, createRule, evaluate, notifierOf } from '../../test/alert-helpers';
import { engineOf, settle, setSpeed, stepClock } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';
import { WebhookReceiver } from '../../test/webhook-receiver';

const GROUPS = '/read/alert_groups/v1/';
const LIST = '/read/alerts/v1/';
const ACK = '/update/alert_group_acknowledged/v1';
const RESOLVE = '/update/alert_group_resolved/v1';
const MINUTE = 60_000;
const REGION = 'Atlantis';
const REGIONAL = /went offline within 1 minute: a regional cause is likely$/;

describe('alert groups: open alerts by rule and place, their sentence, and acting on a whole group', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support', 'support_lvl2', 'sito', 'guest'] });
  let us: UnitRuntime[] = [];
  /** US units moved to a made-up region of their own. */
  let atlantis: UnitRuntime[] = [];
  let usUnits = 0;

  const hooks = new WebhookReceiver();
  beforeAll(() => hooks.listen());
  afterAll(() => hooks.close());

  beforeAll(async () => {
    await setSpeed(t, 0);
    const engine = engineOf(t);
    // Every US unit connected, so that a drop of all of them is most of the country.
    us = [...engine.state.units.values()].filter((u) => u.countryCode === 'US');
    for (const unit of us)
      if (!unit.connected) engine.change(unit, (u) => connect(u, engine.rng, engine.clock.now()));
    await settle(t);
    atlantis = us.slice(0, 25);
    await t.server.deps.db
      .update(unitsTable)
      .set({
        geolocation: sql`jsonb_set(${unitsTable.geolocation}, '{region}', ${JSON.stringify(REGION)}::jsonb)`,
      })
      .where(
        inArray(
          unitsTable.serialNumber,
          atlantis.map((u) => u.serialNumber),
        ),
      );
    // The places were read at start: read again with the new region.
    forgetPlaceIndex(t.server.deps);
    usUnits = us.length;
  });

  const drop = async (list: readonly UnitRuntime[]) => {
    const engine = engineOf(t);
    for (const unit of list) engine.change(unit, (u) => disconnect(u, engine.clock.now()));
    await settle(t);
  };
  const back = async (list: readonly UnitRuntime[]) => {
    const engine = engineOf(t);
    for (const unit of list) engine.change(unit, (u) => connect(u, engine.rng, engine.clock.now()));
    await settle(t);
  };
  const groupsOf = async (query: Record<string, unknown>, user = 'sito'): Promise<AlertGroup[]> => {
    const res = await t.as(user).get(GROUPS).query(query);
    expect(res.status).toBe(200);
    return (res.body.docs as unknown[]).map((g) => alertGroupSchema.parse(g));
  };
  const listOf = async (query: Record<string, unknown>): Promise<Alert[]> => {
    const res = await t.as('support').get(LIST).query(query);
    expect(res.status).toBe(200);
    return (res.body.docs as unknown[]).map((a) => alertSchema.parse(a));
  };
  const stateOf = async (ruleId: number) => {
    const byState = new Map<string, number>();
    for (const a of await alertsOfRule(t, ruleId)) byState.set(a.state, (byState.get(a.state) ?? 0) + 1);
    return Object.fromEntries(byState);
  };

  describe('a region that stands out from its country', () => {
    let ruleId = 0;
    const others = () => us.slice(25, 45);

    beforeAll(async () => {
      const rule = await createRule(t, {
        name: 'US stores offline',
        forMinutes: 1,
        scope: { kind: 'serials', serials: [...atlantis, ...others()].map((u) => u.serialNumber) },
      });
      ruleId = rule.id;
      await stepClock(t, 1_000);
      await drop([...atlantis, ...others().slice(0, 2)]);
      await evaluate(t);
      await stepClock(t, 2 * MINUTE);
      await evaluate(t);
    });

    it('when alerts open about units, then each keeps its unit’s country and region', async () => {
      const alerts = await alertsOfRule(t, ruleId);
      expect(alerts).toHaveLength(27);
      expect(alerts.every((a) => a.countryCode === 'US')).toBe(true);
      expect(alerts.filter((a) => a.region === REGION)).toHaveLength(25);
      const listed = await listOf({ ruleId, countryCode: 'us', region: REGION.toLowerCase() });
      expect(listed).toHaveLength(10);
      expect(listed.every((a) => a.region === REGION)).toBe(true);
    });

    it('when one region of a country is down and the rest holds, then the region is a group of its own with its sentence, and the rest of the country another', async () => {
      const groups = await groupsOf({ state: 'firing', ruleId });
      expect(groups).toHaveLength(2);
      const [region, rest] = groups;
      expect(region).toMatchObject({
        ruleId,
        ruleName: 'US stores offline',
        countryCode: 'US',
        region: REGION,
        placeName: `${REGION}, United States`,
        count: 25,
        share: 1,
        summary: `25 of 25 units in ${REGION}, United States went offline within 1 minute: a regional cause is likely`,
      });
      expect(rest).toMatchObject({
        countryCode: 'US',
        region: null,
        placeName: 'the rest of the United States',
        count: 2,
        summary: null,
      });
      expect(rest?.share).toBeCloseTo(2 / (usUnits - 25), 3);
      // The sentence is the Why of the region's alerts, not of the others.
      const causes = (await listOf({ ruleId, state: 'firing', countryCode: 'US' })).map((a) => a.cause);
      expect(causes.filter((c) => c === region?.summary).length).toBeGreaterThan(0);
      expect(
        (await listOf({ ruleId, state: 'firing', region: REGION })).every((a) => a.cause === region?.summary),
      ).toBe(true);
    });

    it('when a region’s group is acknowledged with one comment, then every alert of it changes, the others do not, and one audit entry says so', async () => {
      const res = await t
        .as('support')
        .post(ACK)
        .send({ ruleId, countryCode: 'US', region: REGION, comment: 'Storm over Atlantis' });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ruleId, countryCode: 'US', region: REGION, changed: 25 });
      const alerts = await alertsOfRule(t, ruleId);
      const inRegion = alerts.filter((a) => a.region === REGION);
      expect(inRegion.every((a) => a.state === 'acknowledged' && a.acknowledgedBy === 'support')).toBe(true);
      expect(inRegion.every((a) => a.comment === 'Storm over Atlantis')).toBe(true);
      expect(alerts.filter((a) => a.region !== REGION).map((a) => a.state)).toEqual(['firing', 'firing']);
      const audits = await t.server.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'alert.group_acknowledge'));
      expect(audits).toHaveLength(1);
      expect(audits[0]).toMatchObject({
        username: 'support',
        detail: { ruleId, countryCode: 'US', region: REGION, alerts: 25, comment: 'Storm over Atlantis' },
      });
      // Acknowledged, they leave the firing groups; asked again, nothing of the group may be acknowledged.
      expect((await groupsOf({ state: 'firing', ruleId })).map((g) => g.region)).toEqual([null]);
      const again = await t
        .as('support')
        .post(ACK)
        .send({ ruleId, countryCode: 'US', region: REGION, comment: 'again' });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('alert_state');
    });

    it('when the rest of the country’s group is resolved with one comment, then its alerts resolve and the region’s stay acknowledged', async () => {
      const res = await t
        .as('engineer')
        .post(RESOLVE)
        .send({ ruleId, countryCode: 'US', region: null, comment: 'Checked by phone' });
      expect(res.status).toBe(200);
      expect(res.body.changed).toBe(2);
      expect(await stateOf(ruleId)).toEqual({ acknowledged: 25, resolved: 2 });
      const audits = await t.server.deps.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'alert.group_resolve'));
      expect(audits).toHaveLength(1);
    });

    it('when a body is wrong, a role may not, or a group has no open alert, then 400, 403 or 404', async () => {
      const bad = await t.as('support').post(ACK).send({ ruleId, countryCode: 'USA', region: null });
      expect(bad.status).toBe(400);
      expect(new Set(bad.body.details.map((d: { path: string }) => d.path))).toEqual(
        new Set(['comment', 'countryCode']),
      );
      expect(
        (await t.as('support').post(ACK).send({ ruleId, countryCode: 'US', comment: '  ' })).status,
      ).toBe(400);
      expect(
        (await t.as('support').post(ACK).send({ ruleId, countryCode: 'US', comment: 'x', extra: 1 })).status,
      ).toBe(400);
      expect((await t.as('sito').post(ACK).send({ ruleId, countryCode: 'US', comment: 'x' })).status).toBe(
        403,
      );
      expect(
        (await t.as('guest').post(RESOLVE).send({ ruleId, countryCode: 'US', comment: 'x' })).status,
      ).toBe(403);
      expect((await t.as('guest').get(GROUPS)).status).toBe(403);
      expect((await t.as('support').get(GROUPS).query({ state: 'resolved' })).status).toBe(400);
      expect((await t.as('support').get(GROUPS).query({ countryCode: 'U1' })).status).toBe(400);
      const none = await t.as('support').post(ACK).send({ ruleId, countryCode: 'DE', comment: 'x' });
      expect(none.status).toBe(404);
      expect(
        (await t.as('support').post(RESOLVE).send({ ruleId: 999_999, countryCode: null, comment: 'x' }))
          .status,
      ).toBe(404);
    });

    afterAll(async () => {
      await back([...atlantis, ...others()]);
      await evaluate(t);
    });
  });

  describe('a country-wide drop', () => {
    let ruleId = 0;
    let webhookId = 0;
    const germany = () =>
      [...engineOf(t).state.units.values()].filter((u) => u.countryCode === 'DE').slice(0, 2);

    beforeAll(async () => {
      const hook = await t.as('admin').post('/create/webhook/v1').send({ name: 'noc', url: hooks.url });
      webhookId = hook.body.id;
      const rule = await createRule(t, {
        name: 'Fleet offline',
        forMinutes: 1,
        scope: { kind: 'fleet' },
        channels: { webhookIds: [webhookId] },
      });
      ruleId = rule.id;
      await back(germany());
      await stepClock(t, 1_000);
      await drop([...us, ...germany()]);
      await evaluate(t);
      await stepClock(t, 2 * MINUTE);
      await evaluate(t);
    });

    it('when most of a country’s units drop within a minute, then it is one group whose sentence says so, with its share; a small group says nothing', async () => {
      const groups = await groupsOf({ state: 'firing', ruleId });
      const usGroup = groups.find((g) => g.countryCode === 'US');
      expect(groups.filter((g) => g.countryCode === 'US')).toHaveLength(1);
      expect(usGroup).toMatchObject({
        region: null,
        placeName: 'the United States',
        count: usUnits,
        share: 1,
        summary: `${usUnits} of ${usUnits} units in the United States went offline within 1 minute: a regional cause is likely`,
      });
      expect(
        Date.parse(usGroup?.lastStartedAt ?? '') - Date.parse(usGroup?.firstStartedAt ?? ''),
      ).toBeLessThan(MINUTE);
      const de = groups.find((g) => g.countryCode === 'DE');
      expect(de).toMatchObject({ count: 2, summary: null, placeName: 'Germany' });
      expect(de?.share).toBeGreaterThan(0);
      // Largest first; the filters count the alerts they keep.
      expect(groups[0]?.countryCode).toBe('US');
      expect(await groupsOf({ state: 'firing', ruleId, countryCode: 'DE' })).toHaveLength(1);
      expect(await groupsOf({ state: 'firing', ruleId, family: 'nope-family' })).toEqual([]);
      expect(await groupsOf({ state: 'acknowledged', ruleId })).toEqual([]);
    });

    it('when the alerts are listed or read, then the sentence is their Why (the small group’s alerts have none)', async () => {
      const [first] = await listOf({ ruleId, countryCode: 'US' });
      expect(first?.cause).toMatch(REGIONAL);
      const detail = await t.as('support').get('/read/alert/v1').query({ id: first?.id });
      expect(detail.body.cause).toMatch(REGIONAL);
      expect((await listOf({ ruleId, countryCode: 'DE' })).map((a) => a.cause)).toEqual([null, null]);
    });

    it('when the rule’s firing alerts are grouped into a webhook message, then it carries the sentence', async () => {
      await notifierOf(t).stop();
      const notifier = new AlertNotifier(t.server.deps, { groupDelayMs: 0, groupWindowMs: 0 });
      try {
        await notifier.pass();
      } finally {
        await notifier.stop();
      }
      const rows = await t.server.deps.db
        .select()
        .from(alertDeliveries)
        .where(and(eq(alertDeliveries.webhookId, webhookId), eq(alertDeliveries.event, 'alert.firing')));
      expect(rows).toHaveLength(1);
      const body = JSON.parse(rows[0]?.payload ?? '{}') as { summary: string; alerts: Alert[] };
      expect(body.summary).toMatch(REGIONAL);
      expect(body.alerts.some((a) => a.cause === body.summary)).toBe(true);
    });

    it('when the country’s group is acknowledged, then all its alerts change and the other country’s do not', async () => {
      const res = await t
        .as('support_lvl2')
        .post(ACK)
        .send({ ruleId, countryCode: 'US', region: null, comment: 'Carrier outage' });
      expect(res.status).toBe(200);
      expect(res.body.changed).toBe(usUnits);
      const alerts = await alertsOfRule(t, ruleId);
      expect(alerts.filter((a) => a.countryCode === 'US').every((a) => a.state === 'acknowledged')).toBe(
        true,
      );
      expect(alerts.filter((a) => a.countryCode === 'DE').map((a) => a.state)).toEqual(['firing', 'firing']);
      // The acknowledged group still says what happened.
      const [acked] = await groupsOf({ state: 'acknowledged', ruleId });
      expect(acked?.summary).toMatch(REGIONAL);
    });

    it('when a group is silenced by its rule and place, then its firing alerts are silenced with the comment as their Why', async () => {
      const at = await t.as('admin').get('/sim/clock');
      const created = await t
        .as('engineer')
        .post('/create/silence/v1')
        .send({
          matcher: { ruleId, countries: ['DE'] },
          endsAt: new Date(Date.parse(at.body.now) + 3_600_000).toISOString(),
          reason: 'German carrier maintenance',
        });
      expect(created.status).toBe(201);
      await evaluate(t);
      const alerts = await alertsOfRule(t, ruleId);
      expect(alerts.filter((a) => a.countryCode === 'DE').map((a) => [a.state, a.cause])).toEqual([
        ['silenced', 'German carrier maintenance'],
        ['silenced', 'German carrier maintenance'],
      ]);
      const [de] = await groupsOf({ state: 'silenced', ruleId });
      expect(de).toMatchObject({ countryCode: 'DE', summary: 'German carrier maintenance' });
      // A region needs its one country.
      const regionAlone = await t
        .as('engineer')
        .post('/create/silence/v1')
        .send({
          matcher: { ruleId, regions: [REGION] },
          endsAt: new Date(Date.parse(at.body.now) + 3_600_000).toISOString(),
          reason: 'x',
        });
      expect(regionAlone.status).toBe(400);
    });

    afterAll(async () => {
      await back([...us, ...germany()]);
      await evaluate(t);
    });
  });

  describe('a region’s silence', () => {
    it('when a group of a region is silenced by its rule and place, then the region’s alerts are silenced with the reason and the country’s others fire', async () => {
      const others = us.slice(25, 30);
      const rule = await createRule(t, {
        name: 'Atlantis watch',
        forMinutes: 1,
        scope: { kind: 'serials', serials: [...atlantis, ...others].map((u) => u.serialNumber) },
      });
      const at = await t.as('admin').get('/sim/clock');
      const created = await t
        .as('support_lvl2')
        .post('/create/silence/v1')
        .send({
          matcher: { ruleId: rule.id, countries: ['US'], regions: [REGION] },
          endsAt: new Date(Date.parse(at.body.now) + 3_600_000).toISOString(),
          reason: 'Atlantis flooded: the stores are closed',
        });
      expect(created.status).toBe(201);
      expect(created.body.matcher).toMatchObject({ ruleId: rule.id, countries: ['US'], regions: [REGION] });
      await stepClock(t, 1_000);
      await drop([...atlantis, ...others]);
      await evaluate(t);
      await stepClock(t, 2 * MINUTE);
      await evaluate(t);
      const alerts = await alertsOfRule(t, rule.id);
      expect(alerts.filter((a) => a.region === REGION).map((a) => [a.state, a.cause])).toEqual(
        atlantis.map(() => ['silenced', 'Atlantis flooded: the stores are closed']),
      );
      expect(alerts.filter((a) => a.region !== REGION).map((a) => a.state)).toEqual(
        others.map(() => 'firing'),
      );
      await back([...atlantis, ...others]);
      await evaluate(t);
    });
  });

  describe('a planned outage', () => {
    it('when a planned outage covers a country’s drop, then its alerts and their group keep the planned reason rather than the sentence', async () => {
      const rule = await createRule(t, { name: 'Planned check', forMinutes: 1, scope: { kind: 'fleet' } });
      const at = await t.as('admin').get('/sim/clock');
      const now = new Date(at.body.now);
      await t.server.deps.db.insert(silences).values({
        matcher: { countries: ['US'] },
        startsAt: now,
        endsAt: new Date(now.getTime() + 3_600_000),
        reason: 'Planned: regional outage scenario',
        createdBy: 'system',
        createdAt: now,
      });
      await stepClock(t, 1_000);
      await drop(us);
      await evaluate(t);
      await stepClock(t, 2 * MINUTE);
      await evaluate(t);
      const groups = await groupsOf({ ruleId: rule.id, countryCode: 'US' });
      expect(groups).toHaveLength(1);
      expect(groups[0]).toMatchObject({ count: usUnits, summary: 'Planned: regional outage scenario' });
      const listed = await listOf({ ruleId: rule.id });
      expect(
        listed.every((a) => a.state === 'silenced' && a.cause === 'Planned: regional outage scenario'),
      ).toBe(true);
      const rows = rowsOf<{ n: number }>(
        await t.server.deps.db.execute(
          sql`SELECT count(*)::int AS n FROM alerts WHERE rule_id = ${rule.id} AND country_code = 'US'`,
        ),
      );
      expect(Number(rows[0]?.n)).toBe(usUnits);
    });
  });
});
