import {
  alertCountsSchema,
  alertDetailSchema,
  alertRulePreviewSchema,
  alertSchema,
  LIVE_EVENT_SCHEMAS,
  type Alert,
  type AlertCounts,
  type AlertRule,
} from '@equipment-dashboard/contract';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { disconnect } from '../../fleet/simulation';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { auditLog, unitHistory } from '../../store/schema';
import { alertsOfRule, createRule, evaluate, outboxOf } from '../../test/alert-helpers';
import { changeUnit, engineOf, setSpeed, stepClock, unitWhere } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const LIST = '/read/alerts/v1/';
const READ = '/read/alert/v1';
const ACK = '/update/alert_acknowledged/v1';
const RESOLVE = '/update/alert_resolved/v1';
const COUNTS = '/read/alert_counts/v1';
const PREVIEW = '/read/alert_rule_preview/v1';
const EXPORT = '/read/alerts/v1/export.csv';
const MINUTE = 60_000;

describe('alerts: list, read, acknowledge, resolve, counts, preview', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support_lvl2', 'support', 'sito', 'guest'] });
  let socket: Socket;
  let rule: AlertRule;
  let units: UnitRuntime[];
  /** Alerts firing for `units`, by serial. */
  const firing = new Map<string, Alert>();

  beforeAll(async () => {
    await setSpeed(t, 0);
    socket = await t.live('support');
    const engine = engineOf(t);
    units = [...engine.state.units.values()].filter((u) => u.family === 'aligner' && u.connected).slice(0, 4);
    rule = await createRule(t, {
      name: 'router aligners',
      severity: 'critical',
      forMinutes: 5,
      scope: { kind: 'serials', serials: units.map((u) => u.serialNumber) },
    });
    await stepClock(t, 1_000);
    for (const unit of units) await changeUnit(t, unit, (u) => disconnect(u, engine.clock.now()));
    await evaluate(t);
    await stepClock(t, 6 * MINUTE);
    await evaluate(t);
    for (const alert of await alertsOfRule(t, rule.id)) firing.set(alert.subject.serialNumber ?? '', alert);
  });

  const heard = <T>(event: 'ALERT_UPDATED' | 'ALERT_COUNTS', passes: (payload: T) => boolean) =>
    new Promise<T>((resolve) => {
      const listener = (payload: T) => {
        if (!passes(payload)) return;
        socket.off(event, listener);
        resolve(payload);
      };
      socket.on(event, listener);
    });
  const alertOf = (unit: UnitRuntime): Alert => {
    const found = firing.get(unit.serialNumber);
    if (!found) throw new Error(`no alert for ${unit.serialNumber}`);
    return found;
  };

  it('when units of a rule stay offline past the pending period, then the list shows their firing alerts, most recently changed first, filtered', async () => {
    expect(firing.size).toBe(4);
    const res = await t.as('sito').get(LIST).query({ ruleId: rule.id });
    expect(res.status).toBe(200);
    expect(res.body.totalDocs).toBe(4);
    const docs = (res.body.docs as unknown[]).map((d) => alertSchema.parse(d));
    expect(
      docs.every(
        (a) =>
          a.state === 'firing' &&
          a.kind === 'unitOffline' &&
          a.severity === 'critical' &&
          a.ruleName === 'router aligners',
      ),
    ).toBe(true);
    const changedAt = docs.map((a) => Date.parse(a.updatedAt));
    expect([...changedAt].sort((a, b) => b - a)).toEqual(changedAt);

    const serial = units[0]?.serialNumber ?? '';
    const bySerial = await t
      .as('support')
      .get(LIST)
      .query({ serialNumber: serial.slice(0, serial.length - 1).toLowerCase(), ruleId: rule.id });
    expect(bySerial.body.docs.map((a: Alert) => a.subject.serialNumber)).toContain(serial);
    expect(
      (await t.as('support').get(LIST).query({ serialNumber: serial, ruleId: rule.id })).body.totalDocs,
    ).toBe(1);
    expect(
      (await t.as('support').get(LIST).query({ state: 'resolved', ruleId: rule.id })).body.totalDocs,
    ).toBe(0);
    expect(
      (await t.as('support').get(LIST).query({ severity: 'minor', ruleId: rule.id })).body.totalDocs,
    ).toBe(0);
    expect(
      (
        await t
          .as('support')
          .get(LIST)
          .query({ family: 'aligner', state: 'firing', severity: 'critical', ruleId: rule.id })
      ).body.totalDocs,
    ).toBe(4);
    expect((await t.as('support').get(LIST).query({ family: 'gtps', ruleId: rule.id })).body.totalDocs).toBe(
      0,
    );
  });

  it('when the list is asked wrongly or by a guest, then 400 or 403', async () => {
    expect((await t.as('support').get(LIST).query({ state: 'burning' })).status).toBe(400);
    expect((await t.as('support').get(LIST).query({ page: 0 })).status).toBe(400);
    expect((await t.as('guest').get(LIST)).status).toBe(403);
    expect((await t.http.get(LIST)).status).toBe(401);
  });

  it('when one alert is read, then it comes with its state history; an unknown id is 404, a bad one 400', async () => {
    const alert = alertOf(units[0] as UnitRuntime);
    const res = await t.as('sito').get(READ).query({ id: alert.id });
    expect(res.status).toBe(200);
    const detail = alertDetailSchema.parse(res.body);
    expect(detail.history.map((h) => [h.from, h.to, h.by])).toEqual([
      [null, 'pending', 'condition holds'],
      ['pending', 'firing', 'pending period over'],
    ]);
    expect(detail.summary).toContain(`Unit ${units[0]?.serialNumber} offline since`);
    expect((await t.as('support').get(READ).query({ id: 999_999 })).status).toBe(404);
    expect((await t.as('support').get(READ).query({ id: 'x' })).status).toBe(400);
    expect((await t.as('guest').get(READ).query({ id: alert.id })).status).toBe(403);
  });

  it('when the bell asks, then it gets the firing, unacknowledged and by severity figures', async () => {
    const res = await t.as('sito').get(COUNTS);
    expect(res.status).toBe(200);
    const counts = alertCountsSchema.parse(res.body);
    expect(counts.firing).toBeGreaterThanOrEqual(4);
    expect(counts.unacknowledged).toBeLessThanOrEqual(counts.firing);
    expect(counts.bySeverity.critical).toBeGreaterThanOrEqual(4);
    expect(Object.values(counts.bySeverity).reduce((a, b) => a + b, 0)).toBe(counts.firing);
    expect((await t.as('guest').get(COUNTS)).status).toBe(403);
  });

  it('when support acknowledges two alerts with a comment, then both change in one step, consoles hear of it and the bell counts drop', async () => {
    const before = alertCountsSchema.parse((await t.as('support').get(COUNTS)).body);
    const [a, b] = [alertOf(units[0] as UnitRuntime), alertOf(units[1] as UnitRuntime)];
    const updated = heard<{ alerts: Alert[] }>('ALERT_UPDATED', (p) =>
      p.alerts.some((x) => x.id === a.id && x.state === 'acknowledged'),
    );
    const counted = heard<AlertCounts>('ALERT_COUNTS', (c) => c.unacknowledged === before.unacknowledged - 2);
    const res = await t
      .as('support')
      .post(ACK)
      .send({ ids: [a.id, b.id], comment: 'On it: the site lost power' });
    expect(res.status).toBe(200);
    expect(res.body.alerts).toHaveLength(2);
    for (const alert of res.body.alerts as Alert[]) {
      expect(alert).toMatchObject({
        state: 'acknowledged',
        acknowledgedBy: 'support',
        comment: 'On it: the site lost power',
        acknowledgedAt: expect.any(String),
      });
    }
    const event = LIVE_EVENT_SCHEMAS.ALERT_UPDATED.parse(await updated);
    expect(
      event.alerts.filter((x) => x.id === a.id || x.id === b.id).every((x) => x.state === 'acknowledged'),
    ).toBe(true);
    expect(LIVE_EVENT_SCHEMAS.ALERT_COUNTS.parse(await counted)).toMatchObject({
      firing: before.firing,
      unacknowledged: before.unacknowledged - 2,
    });

    // Recorded: the state history with who, the outbox row, the unit's timeline and the audit log, all committed.
    const detail = alertDetailSchema.parse((await t.as('support').get(READ).query({ id: a.id })).body);
    expect(detail.history.at(-1)).toMatchObject({
      from: 'firing',
      to: 'acknowledged',
      by: 'support',
      comment: 'On it: the site lost power',
    });
    expect(await outboxOf(t, a.id)).toEqual(['firing', 'acknowledged']);
    const timeline = await t.server.deps.db
      .select()
      .from(unitHistory)
      .where(eq(unitHistory.serialNumber, units[0]?.serialNumber ?? ''));
    expect(timeline.filter((e) => e.kind === 'alert').map((e) => e.summary)).toEqual(
      expect.arrayContaining([
        'Alert router aligners firing',
        'Alert router aligners acknowledged by support (On it: the site lost power)',
      ]),
    );
    const audits = await t.server.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'alert.acknowledge'));
    expect(audits.filter((r) => r.detail['alertId'] === a.id || r.detail['alertId'] === b.id)).toHaveLength(
      2,
    );
    expect(audits.find((r) => r.detail['alertId'] === a.id)).toMatchObject({
      username: 'support',
      serialNumber: units[0]?.serialNumber,
    });
  });

  it('when one of the alerts cannot be acknowledged, then 409 and none changes; an unknown id is 404', async () => {
    const acked = alertOf(units[0] as UnitRuntime);
    const fresh = alertOf(units[2] as UnitRuntime);
    const res = await t
      .as('engineer')
      .post(ACK)
      .send({ ids: [fresh.id, acked.id], comment: 'again' });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'alert_state', error: expect.stringContaining(String(acked.id)) });
    const still = alertDetailSchema.parse((await t.as('support').get(READ).query({ id: fresh.id })).body);
    expect(still.state).toBe('firing');
    const missing = await t
      .as('engineer')
      .post(ACK)
      .send({ ids: [fresh.id, 999_999], comment: '' });
    expect(missing.status).toBe(404);
    expect(
      alertDetailSchema.parse((await t.as('support').get(READ).query({ id: fresh.id })).body).state,
    ).toBe('firing');
  });

  it('when the acknowledge body is wrong or the role may not, then 400 or 403', async () => {
    const fresh = alertOf(units[2] as UnitRuntime);
    expect((await t.as('support').post(ACK).send({ ids: [] })).status).toBe(400);
    expect(
      (
        await t
          .as('support')
          .post(ACK)
          .send({ ids: ['a'] })
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .as('support')
          .post(ACK)
          .send({ ids: [fresh.id], extra: 1 })
      ).status,
    ).toBe(400);
    expect(
      (
        await t
          .as('sito')
          .post(ACK)
          .send({ ids: [fresh.id], comment: '' })
      ).status,
    ).toBe(403);
    expect(
      (
        await t
          .as('guest')
          .post(RESOLVE)
          .send({ ids: [fresh.id] })
      ).status,
    ).toBe(403);
    for (const user of ['admin', 'engineer', 'support_lvl2']) {
      // Each role that may acknowledge reaches the rule's check (409 on an acknowledged alert, not 403).
      expect(
        (
          await t
            .as(user)
            .post(ACK)
            .send({ ids: [alertOf(units[0] as UnitRuntime).id], comment: '' })
        ).status,
      ).toBe(409);
    }
  });

  it('when an engineer resolves an alert by hand, then it is resolved by them, receivers hear of it, and resolving it again is 409', async () => {
    const alert = alertOf(units[2] as UnitRuntime);
    const updated = heard<{ alerts: Alert[] }>('ALERT_UPDATED', (p) =>
      p.alerts.some((x) => x.id === alert.id && x.state === 'resolved'),
    );
    const res = await t
      .as('support_lvl2')
      .post(RESOLVE)
      .send({ ids: [alert.id], comment: 'Known outage' });
    expect(res.status).toBe(200);
    expect(res.body.alerts[0]).toMatchObject({
      state: 'resolved',
      resolvedBy: 'support_lvl2',
      resolvedAt: expect.any(String),
    });
    await updated;
    expect(await outboxOf(t, alert.id)).toEqual(['firing', 'resolved']);
    const again = await t
      .as('admin')
      .post(RESOLVE)
      .send({ ids: [alert.id] });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('alert_state');
    expect(
      (
        await t
          .as('support')
          .post(ACK)
          .send({ ids: [alert.id], comment: '' })
      ).status,
    ).toBe(409);
    const audits = await t.server.deps.db.select().from(auditLog).where(eq(auditLog.action, 'alert.resolve'));
    expect(audits.some((r) => r.detail['alertId'] === alert.id && r.username === 'support_lvl2')).toBe(true);

    // Resolved by hand while the unit stays offline: the evaluator opens no second alert for the same outage.
    await stepClock(t, MINUTE);
    await evaluate(t);
    const ofUnit = (await alertsOfRule(t, rule.id)).filter(
      (a) => a.subject.serialNumber === units[2]?.serialNumber,
    );
    expect(ofUnit.map((a) => a.state)).toEqual(['resolved']);
  });

  it('when a pending alert is acknowledged, then 409 (it does not fire yet)', async () => {
    const engine = engineOf(t);
    const unit = await unitWhere(t, (u) => u.family === 'gtps' && u.connected, { connected: true });
    const pendingRule = await createRule(t, {
      name: 'router pending',
      forMinutes: 30,
      scope: { kind: 'serials', serials: [unit.serialNumber] },
    });
    await stepClock(t, 1_000);
    await changeUnit(t, unit, (u) => disconnect(u, engine.clock.now()));
    await evaluate(t);
    const [pending] = await alertsOfRule(t, pendingRule.id);
    expect(pending?.state).toBe('pending');
    expect(
      (
        await t
          .as('support')
          .post(ACK)
          .send({ ids: [pending?.id], comment: '' })
      ).status,
    ).toBe(409);
    // A pending alert may be resolved by hand; it never notified anyone, so no outbox row.
    expect(
      (
        await t
          .as('support')
          .post(RESOLVE)
          .send({ ids: [pending?.id] })
      ).status,
    ).toBe(200);
    expect(await outboxOf(t, pending?.id ?? 0)).toEqual([]);
  });

  it('when the list is exported, then every matching alert is a CSV row', async () => {
    const res = await t.as('support').get(EXPORT).query({ ruleId: rule.id });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    const lines = res.text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(1 + 4);
    for (const unit of units) expect(res.text).toContain(unit.serialNumber);
    expect((await t.as('guest').get(EXPORT)).status).toBe(403);
  });

  it('when a rule is previewed, then it says how many would fire now and how many are already offline, storing nothing', async () => {
    const index = t.server.deps.readModels.index;
    const offline = units.filter((u) => !index.unitFacts(u.serialNumber)?.connected).length;
    const body = {
      name: 'preview',
      kind: 'unitOffline',
      severity: 'minor',
      scope: { kind: 'serials', serials: units.map((u) => u.serialNumber) },
    };
    const without = alertRulePreviewSchema.parse((await t.as('sito').post(PREVIEW).send(body)).body);
    expect(without).toEqual({ wouldFire: 0, alreadyOffline: offline, inScope: 4, subjects: [] });
    const withOld = alertRulePreviewSchema.parse(
      (
        await t
          .as('sito')
          .post(PREVIEW)
          .send({ ...body, includeAlreadyOffline: true })
      ).body,
    );
    expect(withOld.wouldFire).toBe(offline);
    expect(withOld.subjects.sort()).toEqual(
      units
        .filter((u) => !index.unitFacts(u.serialNumber)?.connected)
        .map((u) => u.serialNumber)
        .sort(),
    );

    const fleet = alertRulePreviewSchema.parse(
      (
        await t
          .as('engineer')
          .post(PREVIEW)
          .send({ ...body, scope: { kind: 'fleet' } })
      ).body,
    );
    expect(fleet.inScope).toBe(index.size);
    const share = alertRulePreviewSchema.parse(
      (
        await t
          .as('engineer')
          .post(PREVIEW)
          .send({ ...body, kind: 'connectedShare', threshold: 100, scope: { kind: 'fleet' } })
      ).body,
    );
    expect(share).toMatchObject({ wouldFire: 1, inScope: index.size });
    expect(
      (
        await t
          .as('engineer')
          .post(PREVIEW)
          .send({ ...body, kind: 'nope' })
      ).status,
    ).toBe(400);
    const noView = await t
      .as('engineer')
      .post(PREVIEW)
      .send({ ...body, scope: { kind: 'view', viewId: 999_999 } });
    expect(noView.status).toBe(400);
    expect(noView.body.details).toEqual([expect.objectContaining({ path: 'scope.viewId' })]);
    const view = await t
      .as('engineer')
      .post('/create/saved_view/v1')
      .send({
        screen: 'equipment',
        name: 'US aligners',
        query: { filterCountryCode: 'US', filterFamily: 'aligner' },
      });
    const byView = alertRulePreviewSchema.parse(
      (
        await t
          .as('engineer')
          .post(PREVIEW)
          .send({
            ...body,
            kind: 'connectedShare',
            threshold: 100,
            scope: { kind: 'view', viewId: view.body.id },
          })
      ).body,
    );
    const us = index.equipmentCounts({ filterCountryCode: 'US', filterFamily: 'aligner' });
    expect(byView).toMatchObject({ inScope: us.total, wouldFire: us.connected < us.total ? 1 : 0 });
    expect((await t.as('guest').post(PREVIEW).send(body)).status).toBe(403);
    expect((await t.as('support').get(LIST).query({ ruleId: 0 })).status).toBe(400);
  });

  it("when an alert fires just after the bell's figures were read, then the next read counts it (no figures kept from before)", async () => {
    const engine = engineOf(t);
    const unit = await unitWhere(t, (u) => u.family === 'gtps' && u.connected, { connected: true });
    const nowRule = await createRule(t, {
      name: 'router counts at once',
      forMinutes: 0,
      scope: { kind: 'serials', serials: [unit.serialNumber] },
    });
    // Figures just read (and kept by this process for a moment) ...
    const before = alertCountsSchema.parse((await t.as('support').get(COUNTS)).body);
    // ... then an alert fires: the next read counts it, though the figures kept are still fresh.
    await changeUnit(t, unit, (u) => disconnect(u, engine.clock.now()));
    await evaluate(t);
    expect((await alertsOfRule(t, nowRule.id)).map((a) => a.state)).toEqual(['firing']);
    const counts = alertCountsSchema.parse((await t.as('support').get(COUNTS)).body);
    expect(counts.firing).toBe(before.firing + 1);
  });
});
