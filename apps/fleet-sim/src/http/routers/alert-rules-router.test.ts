import {
  alertRuleSchema,
  LIVE_EVENT_SCHEMAS,
  type AlertRule,
  type AlertUpdatedPayload,
  type AuditEntry,
} from '@equipment-dashboard/contract';
import { exampleAlertRule } from '@equipment-dashboard/contract/testing';
import { and, eq, ne } from 'drizzle-orm';
import { alerts } from '../../store/schema';
import { alertEventsOf } from '../../test/alert-helpers';
import { auditTrail, sendCommand, unitWhere } from '../../test/fleet-helpers';
import { saveView } from '../../test/saved-view-helpers';
import { useTestServer } from '../../test/test-server';

const LIST = '/read/alert_rules/v1/';
const CREATE = '/create/alert_rule/v1';
const UPDATE = '/update/alert_rule/v1';
const DELETE = '/delete/alert_rule/v1';

describe('alert rules', () => {
  const t = useTestServer({
    users: ['admin', 'engineer', 'support_lvl2', 'support', 'tech', 'guest'],
    liveAs: 'support',
  });

  const body = (fields: Record<string, unknown> = {}) => ({
    name: 'US aligners offline',
    kind: 'unitOffline',
    severity: 'major',
    scope: { kind: 'filters', filters: { filterCountryCode: 'US', filterFamily: 'aligner' } },
    forMinutes: 5,
    ...fields,
  });
  const create = async (fields: Record<string, unknown> = {}, as = 'engineer'): Promise<AlertRule> => {
    const res = await t.as(as).post(CREATE).send(body(fields));
    expect(res.status).toBe(201);
    return alertRuleSchema.parse(res.body);
  };
  const problemPaths = (res: { body: { details?: { path: string }[] } }) =>
    (res.body.details ?? []).map((d) => d.path);

  /** An open alert of a rule about an offline unit (the evaluator may have raised it already: then that one). */
  const openAlertOf = async (rule: AlertRule, serialNumber: string): Promise<number> => {
    const db = t.server.deps.db;
    const now = t.server.deps.clock.nowDate();
    await db
      .insert(alerts)
      .values({
        ruleId: rule.id,
        ruleName: rule.name,
        kind: rule.kind,
        severity: rule.severity,
        subjectKey: `unit:${serialNumber}`,
        subject: { serialNumber },
        serialNumber,
        state: 'firing',
        summary: `Unit ${serialNumber} offline`,
        startedAt: now,
        firedAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing();
    const [open] = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.ruleId, rule.id),
          eq(alerts.subjectKey, `unit:${serialNumber}`),
          ne(alerts.state, 'resolved'),
        ),
      );
    if (!open) throw new Error('no open alert');
    return open.id;
  };
  /** A rule watching one offline unit of the family, with an open alert about it. */
  const ruleWithOpenAlert = async (name: string, family: string) => {
    const unit = await unitWhere(t, (u) => u.family === family, { connected: false });
    const rule = await create({
      name,
      scope: { kind: 'serials', serials: [unit.serialNumber] },
      includeAlreadyOffline: true,
    });
    return { unit, rule, alertId: await openAlertOf(rule, unit.serialNumber) };
  };
  const heardResolved = (id: number) =>
    new Promise<AlertUpdatedPayload>((resolve) => {
      const listener = (payload: AlertUpdatedPayload) => {
        if (!payload.alerts.some((a) => a.id === id && a.state === 'resolved')) return;
        t.socket.off('ALERT_UPDATED', listener);
        resolve(payload);
      };
      t.socket.on('ALERT_UPDATED', listener);
    });

  it('when an engineer creates a rule, then 201 with its id, the defaults and its creation on the simulated clock', async () => {
    const before = t.server.deps.clock.now();
    const rule = await create({ name: 'Created rule' });
    const after = t.server.deps.clock.now();
    // The contract's example rule is a rule with the defaults, as the server answers it.
    const { id: _id, createdAt: _createdAt, updatedAt: _updatedAt, ...defaults } = exampleAlertRule(0);
    expect(rule).toMatchObject({
      ...defaults,
      id: expect.any(Number),
      name: 'Created rule',
      scope: { kind: 'filters', filters: { filterCountryCode: 'US', filterFamily: 'aligner' } },
    });
    // The simulated clock runs fifty times real time in tests: far from the wall clock's now.
    expect(Date.parse(rule.createdAt)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(rule.createdAt)).toBeLessThanOrEqual(after);
    const share = await create(
      { name: 'Connected share', kind: 'connectedShare', threshold: 80, severity: 'critical' },
      'admin',
    );
    expect(share).toMatchObject({ kind: 'connectedShare', threshold: 80, createdBy: 'admin' });
  });

  it('when rules are listed, then by name, a page at a time, filtered by name, for every role that sees alerts', async () => {
    await create({ name: 'zz last rule' });
    await create({ name: 'aa first rule' });
    const list = await t.as('support').get(LIST).query({ page: 1 });
    expect(list.status).toBe(200);
    const names = (list.body.docs as AlertRule[]).map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names[0]).toBe('aa first rule');
    expect(list.body.totalDocs).toBeGreaterThanOrEqual(2);
    const filtered = await t.as('tech').get(LIST).query({ filterName: 'LAST r' });
    expect(filtered.body).toMatchObject({ totalDocs: 1, docs: [{ name: 'zz last rule' }] });
    expect((await t.as('guest').get(LIST)).status).toBe(403);
    expect((await t.http.get(LIST)).status).toBe(401);
    expect((await t.as('support').get(LIST).query({ page: 0 })).status).toBe(400);
  });

  it('when the scope is a saved view, then it must be an equipment list view the user may apply, and its name is kept', async () => {
    const viewId = await saveView(t, 'engineer', {
      screen: 'equipment',
      name: 'US aligners',
      query: { filterCountryCode: 'US', filterFamily: 'aligner' },
    });
    const rule = await create({ name: 'From a view', scope: { kind: 'view', viewId } });
    expect(rule.scope).toEqual({
      kind: 'view',
      viewId,
      viewName: 'US aligners',
      filters: { filterCountryCode: 'US', filterFamily: 'aligner' },
    });

    const own = await saveView(t, 'admin', {
      screen: 'equipment',
      name: "admin's own",
      query: { filterCountryCode: 'DE' },
    });
    const hidden = await t
      .as('engineer')
      .post(CREATE)
      .send(body({ scope: { kind: 'view', viewId: own } }));
    expect(hidden.status).toBe(400);
    expect(problemPaths(hidden)).toEqual(['scope.viewId']);
    const scheduler = await saveView(t, 'engineer', {
      screen: 'scheduler-aligner',
      name: 'schedules',
      query: {},
    });
    const other = await t
      .as('engineer')
      .post(CREATE)
      .send(body({ scope: { kind: 'view', viewId: scheduler } }));
    expect(other.status).toBe(400);
    expect(other.body.details[0]).toMatchObject({
      path: 'scope.viewId',
      message: expect.stringContaining('another list'),
    });
    expect(
      problemPaths(
        await t
          .as('engineer')
          .post(CREATE)
          .send(body({ scope: { kind: 'view', viewId: 999_999 } })),
      ),
    ).toEqual(['scope.viewId']);
  });

  it('when a rule is wrong, then 400 with every problem, each naming its field', async () => {
    const bad = async (fields: Record<string, unknown>) => {
      const res = await t.as('engineer').post(CREATE).send(body(fields));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: expect.any(String), details: expect.any(Array) });
      return problemPaths(res);
    };
    expect(await bad({ kind: 'connectedShare', threshold: undefined })).toEqual(['threshold']);
    expect(await bad({ scope: { kind: 'view' } })).toEqual(['scope.viewId']);
    expect(
      await bad({
        kind: 'connectedShare',
        scope: { kind: 'serials', serials: [] },
        includeAlreadyOffline: true,
      }),
    ).toEqual(expect.arrayContaining(['threshold', 'scope.serials', 'includeAlreadyOffline']));
    expect(await bad({ kind: 'serviceDown', scope: { kind: 'serials', serials: ['A1'] } })).toEqual([
      'scope.kind',
    ]);
    expect(await bad({ channels: { webhookIds: [999_999] } })).toEqual(['channels.webhookIds']);
    expect(
      await bad({
        escalateAfterMinutes: 30,
        escalateTo: { webhookIds: [999_998] },
        channels: { webhookIds: [999_997] },
      }),
    ).toEqual(['channels.webhookIds', 'escalateTo.webhookIds']);
    expect(await bad({ escalateAfterMinutes: 30 })).toEqual(['escalateTo']);
    expect(await bad({ name: '  ' })).toEqual(['name']);
    expect(await bad({ severity: 'catastrophic' })).toEqual(['severity']);
    expect(await bad({ forMinutes: -1 })).toEqual(['forMinutes']);
    expect(await bad({ channels: { email: ['not an address'] } })).toEqual(['channels.email.0']);
    expect(await bad({ colour: 'red' })).toEqual(['(root)']);
  });

  it('when a rule is updated, then the given fields are merged into it and the result is checked as a new rule; 404 for an unknown id', async () => {
    const rule = await create({ name: 'To change', remindEveryMinutes: 30 });
    const renamed = await t
      .as('admin')
      .post(UPDATE)
      .send({ id: rule.id, name: 'Changed', severity: 'critical' });
    expect(renamed.status).toBe(200);
    expect(alertRuleSchema.parse(renamed.body)).toEqual({
      ...rule,
      name: 'Changed',
      severity: 'critical',
      updatedAt: expect.any(String),
    });
    const kind = await t.as('engineer').post(UPDATE).send({ id: rule.id, kind: 'connectedShare' });
    expect(kind.status).toBe(400);
    expect(problemPaths(kind)).toEqual(['threshold']);
    const share = await t
      .as('engineer')
      .post(UPDATE)
      .send({ id: rule.id, kind: 'connectedShare', threshold: 75 });
    expect(share.body).toMatchObject({
      kind: 'connectedShare',
      threshold: 75,
      name: 'Changed',
      remindEveryMinutes: 30,
    });
    expect(
      problemPaths(
        await t
          .as('engineer')
          .post(UPDATE)
          .send({ id: rule.id, channels: { webhookIds: [999_999] } }),
      ),
    ).toEqual(['channels.webhookIds']);
    expect(
      problemPaths(await t.as('engineer').post(UPDATE).send({ id: rule.id, remindEveryMinutes: 0 })),
    ).toEqual(['remindEveryMinutes']);
    expect((await t.as('engineer').post(UPDATE).send({ id: 999_999, name: 'x' })).status).toBe(404);
    expect((await t.as('engineer').post(UPDATE).send({ name: 'x' })).status).toBe(400);
    const stored = await t.as('support').get(LIST).query({ filterName: 'Changed' });
    expect(stored.body.docs[0]).toMatchObject({ id: rule.id, kind: 'connectedShare', threshold: 75 });
  });

  it('when a rule is disabled, then its open alerts are resolved by the user, each with its history, and consoles hear it', async () => {
    const { rule, alertId } = await ruleWithOpenAlert('To disable', 'aligner');
    const heard = heardResolved(alertId);
    const res = await t.as('engineer').post(UPDATE).send({ id: rule.id, enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ enabled: false });
    const [alert] = await t.server.deps.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(alert).toMatchObject({ state: 'resolved', resolvedBy: 'engineer', resolvedAt: expect.any(Date) });
    const history = await alertEventsOf(t, alertId);
    expect(history.at(-1)).toMatchObject({
      toState: 'resolved',
      by: 'engineer',
      comment: 'Rule To disable disabled.',
    });
    const event = await heard;
    expect(LIVE_EVENT_SCHEMAS.ALERT_UPDATED.parse(event).alerts.find((a) => a.id === alertId)).toMatchObject({
      state: 'resolved',
      resolvedBy: 'engineer',
    });
  });

  it("when a rule is deleted, then it is gone and its open alerts are resolved by the user, on their units' timelines too; 404 for an unknown or deleted rule", async () => {
    const { unit, rule, alertId } = await ruleWithOpenAlert('To delete', 'gtps');
    const heard = heardResolved(alertId);
    const res = await t.as('admin').post(DELETE).send({ id: rule.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    const [alert] = await t.server.deps.db.select().from(alerts).where(eq(alerts.id, alertId));
    expect(alert).toMatchObject({ state: 'resolved', resolvedBy: 'admin', ruleName: 'To delete' });
    const history = await alertEventsOf(t, alertId);
    expect(history.at(-1)).toMatchObject({
      fromState: expect.any(String),
      toState: 'resolved',
      by: 'admin',
      comment: 'Rule To delete deleted.',
    });
    await heard;
    const timeline = await t
      .as('support')
      .get('/read/aligner_history/v1')
      .query({ serialNumber: unit.serialNumber, page: 1 });
    expect(timeline.body.docs).toContainEqual(
      expect.objectContaining({
        kind: 'alert',
        summary: expect.stringContaining('Alert To delete resolved'),
        detail: expect.objectContaining({ alertId, state: 'resolved' }),
      }),
    );
    expect((await t.as('support').get(LIST).query({ filterName: 'To delete' })).body.totalDocs).toBe(0);
    expect((await t.as('admin').post(DELETE).send({ id: rule.id })).status).toBe(404);
    expect((await t.as('admin').post(DELETE).send({ id: 'one' })).status).toBe(400);
    expect((await t.as('admin').post(UPDATE).send({ id: rule.id, enabled: true })).status).toBe(404);
  });

  it('when a role may not manage rules, then creating, changing and deleting are refused (403); without a token 401', async () => {
    const rule = await create({ name: 'Roles' });
    for (const user of ['support_lvl2', 'support', 'tech', 'guest']) {
      expect((await t.as(user).post(CREATE).send(body())).status).toBe(403);
      expect((await t.as(user).post(UPDATE).send({ id: rule.id, enabled: false })).status).toBe(403);
      expect((await t.as(user).post(DELETE).send({ id: rule.id })).status).toBe(403);
    }
    expect((await t.http.post(CREATE).send(body())).status).toBe(401);
    expect((await t.as('support').get(LIST).query({ filterName: 'Roles' })).body.docs[0]).toMatchObject({
      enabled: true,
    });
  });

  it('when rules change, then each change is in the audit trail, newest first, merged with the remote commands', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps', { connected: false });
    const command = await sendCommand(t, 'aligner_get_voltages', { serialNumber: unit.serialNumber });
    expect(command.status).toBe(202);
    const rule = await create({ name: 'Audited rule' });
    await t.as('admin').post(UPDATE).send({ id: rule.id, severity: 'minor' });
    const trail = await t.as('admin').get('/read/audits/v1/').query({ page: 1 });
    expect(trail.status).toBe(200);
    const docs = trail.body.docs as AuditEntry[];
    expect(docs[0]).toMatchObject({
      kind: 'action',
      command: 'alertRule.update',
      username: 'admin',
      serialNumber: '',
      status: 'completed',
      args: { ruleId: rule.id, name: 'Audited rule', changed: ['severity'] },
    });
    expect(docs[1]).toMatchObject({
      kind: 'action',
      command: 'alertRule.create',
      username: 'engineer',
      args: { ruleId: rule.id, kind: 'unitOffline' },
    });
    const times = docs.map((d) => Date.parse(d.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const queued = docs.findIndex((d) => d.kind === 'command' && d.id === command.body.commandId);
    expect(queued).toBeGreaterThan(1);
    expect(trail.body.totalDocs).toBeGreaterThanOrEqual(docs.length);

    const byEngineer = await auditTrail(t, { filterUsername: 'engineer' });
    expect(byEngineer.every((d) => d.username === 'engineer')).toBe(true);
    expect(byEngineer.some((d) => d.command === 'alertRule.create' && d.args['ruleId'] === rule.id)).toBe(
      true,
    );
    const bySerial = await auditTrail(t, { filterSerialNumber: unit.serialNumber });
    expect(bySerial.map((d) => d.kind)).not.toContain('action');
  });
});
