import { sql } from 'drizzle-orm';
import { rowsOf } from '../store/repos/feed-repo';
import { engineOf, settle, stepClock, unitWhere, until } from '../test/fleet-helpers';
import { useTestServer } from '../test/test-server';

interface SilenceRow {
  matcher: Record<string, unknown>;
  reason: string;
  created_by: string;
  starts_at: Date;
  ends_at: Date;
}

describe('alert scenarios and planned outages', () => {
  const t = useTestServer({ users: ['admin', 'engineer'] });
  const apply = (name: string) => t.as('admin').post('/sim/scenario/apply').send({ name });
  const systemSilences = async (): Promise<SilenceRow[]> =>
    rowsOf<SilenceRow>(
      await t.server.deps.db.execute(
        sql`SELECT matcher, reason, created_by, starts_at, ends_at FROM silences WHERE created_by = 'system' ORDER BY id`,
      ),
    );

  it('when regional-outage is applied, then nine in ten connected US units drop within two minutes, stay down for hours and come back after three', async () => {
    const us = () => [...engineOf(t).state.units.values()].filter((u) => u.countryCode === 'US');
    const connectedBefore = us().filter((u) => u.connected).length;
    expect(connectedBefore).toBeGreaterThan(20);
    const res = await apply('regional-outage');
    expect(res.status).toBe(200);
    expect(res.body.unitsChanged).toBe(Math.round(connectedBefore * 0.6));
    await stepClock(t, 2 * 60_000);
    await settle(t);
    const down = connectedBefore - us().filter((u) => u.connected).length;
    expect(down / connectedBefore).toBeCloseTo(0.9, 1);
    // Hours later the region is still down (the field holds still while it lasts).
    await stepClock(t, 2 * 3_600_000);
    await settle(t);
    expect(connectedBefore - us().filter((u) => u.connected).length).toBe(down);
    await stepClock(t, 3_600_000);
    await settle(t);
    // The field's rhythm resumes with the region: a unit may have dropped again in the step's last second.
    expect(us().filter((u) => u.connected).length).toBeGreaterThanOrEqual(Math.floor(us().length * 0.95));
    // Nothing planned: the outage is not silenced.
    expect(await systemSilences()).toHaveLength(0);
  });

  it('when alert-storm is applied, then a service is down, ten aligners flap and installs fail', async () => {
    const res = await apply('alert-storm');
    expect(res.status).toBe(200);
    expect(t.server.deps.world.services.isUp('pushNotifications', t.server.deps.clock.now())).toBe(false);
    expect(engineOf(t).state.flapping.size).toBe(10);
    await stepClock(t, 20 * 60_000);
    const failed = [...engineOf(t).state.units.values()].filter((u) => u.idleState === 'INSTALLATION_FAILED');
    expect(failed.length).toBeGreaterThan(0);
    await stepClock(t, 61 * 60_000);
    expect(t.server.deps.world.services.isUp('pushNotifications', t.server.deps.clock.now())).toBe(true);
    expect(engineOf(t).state.flapping.size).toBe(0);
  });

  it('when a planned gateway restart is applied, then a silence by the system covers everything it causes until its end and a quarter of an hour', async () => {
    const now = Date.parse((await t.as('admin').get('/sim/clock')).body.now);
    expect((await apply('planned-gateway-restart')).status).toBe(200);
    const [silence] = (await systemSilences()).slice(-1);
    expect(silence).toMatchObject({
      matcher: {},
      reason: 'Planned: scenario planned-gateway-restart',
      created_by: 'system',
    });
    const lasts = new Date(silence?.ends_at ?? 0).getTime() - new Date(silence?.starts_at ?? 0).getTime();
    expect(lasts).toBe(30 * 60_000);
    expect(new Date(silence?.starts_at ?? 0).getTime()).toBeGreaterThanOrEqual(now);
    // Past its end: the silence is over before the next tests.
    await stepClock(t, 31 * 60_000);
  });

  it('when a service is restarted from the dashboard or a unit told to install now, then their outages are declared planned', async () => {
    const restart = await t.as('admin').post('/api/v1/reset_service/').query({ serviceName: 'silvio' });
    expect(restart.status).toBe(200);
    const readyBefore = new Set(
      [...engineOf(t).state.inFlow]
        .filter((u) => u.flow?.phase === 'readyToInstall')
        .map((u) => u.serialNumber),
    );
    const ready = await t
      .as('admin')
      .post('/sim/scenario/apply')
      .send({
        scenario: {
          name: 'ready-to-install',
          units: [
            {
              select: { family: 'aligner', belowLatest: true, updatable: true, staged: false, count: 1 },
              set: { update: { phase: 'readyToInstall' } },
            },
          ],
        },
      });
    expect(ready.body.unitsChanged).toBe(1);
    // The unit this scenario made ready (an earlier one may have been left ready, offline or failing).
    const unit = [...engineOf(t).state.inFlow].find(
      (u) => u.flow?.phase === 'readyToInstall' && !readyBefore.has(u.serialNumber),
    );
    if (!unit) throw new Error('no aligner ready to install');
    const sent = await t
      .as('engineer')
      .post('/cmd/aligner_install_now/v1')
      .send({ serialNumber: unit.serialNumber });
    expect({ status: sent.status, body: sent.body as unknown }).toMatchObject({ status: expect.any(Number) });
    expect(sent.status).toBeLessThan(300);
    const silences = await systemSilences();
    expect(silences).toContainEqual(
      expect.objectContaining({
        matcher: { services: ['silvio'] },
        reason: 'Planned: restart of silvio from the dashboard by admin',
      }),
    );
    expect(silences).toContainEqual(
      expect.objectContaining({
        matcher: { serials: [unit.serialNumber] },
        reason: `Planned: aligner_install_now sent to ${unit.serialNumber} by engineer`,
      }),
    );
  });

  it('when a unit is told to reset its serial, then its planned outage covers the old serial and the new one for 15 simulated minutes', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'gtps', { connected: true });
    const old = unit.serialNumber;
    const next = `${old.slice(0, 5)}8888`;
    const res = await t
      .as('admin')
      .post('/cmd/reset_serial_number/v1')
      .send({ currentSerialNumber: old, newSerialNumber: next });
    expect(res.status).toBe(200);
    const silence = (await systemSilences()).find(
      (s) => s.reason === `Planned: reset_serial_number sent to ${old} by admin`,
    );
    expect(silence?.matcher).toEqual({ serials: [old, next] });
    expect(new Date(silence?.ends_at ?? 0).getTime() - new Date(silence?.starts_at ?? 0).getTime()).toBe(
      15 * 60_000,
    );
  });

  it('when units go offline under a planned outage, then their alerts are silenced with it as their cause and page nobody', async () => {
    const rule = await t
      .as('admin')
      .post('/create/alert_rule/v1')
      // The US only: the fleet keeps running, and units elsewhere that drop meanwhile fire as they should.
      .send({
        name: 'US offline',
        kind: 'unitOffline',
        severity: 'critical',
        forMinutes: 1,
        scope: { kind: 'filters', filters: { filterCountryCode: 'US' } },
      });
    expect(rule.status).toBe(201);
    const ruleId = (rule.body as { id: number }).id;
    await t
      .as('admin')
      .post('/sim/scenario/apply')
      .send({
        scenario: {
          name: 'planned-maintenance',
          planned: true,
          plannedFor: '1h',
          units: [{ select: { country: 'US', connected: true }, set: { connected: false } }],
        },
      });
    await stepClock(t, 5 * 60_000);
    const silenced = await until(
      async () =>
        (await t.as('admin').get(`/read/alerts/v1/?ruleId=${ruleId}&state=silenced`)).body as {
          totalDocs: number;
          docs: { cause: string | null; subject: { serialNumber?: string } }[];
        },
      (page) => page.docs.some((a) => a.cause === 'Planned: scenario planned-maintenance'),
      20_000,
    );
    // Each says why; a unit an earlier test told to restart may carry that outage instead.
    expect(silenced.docs.every((a) => a.cause?.startsWith('Planned: '))).toBe(true);
    expect(silenced.docs.map((a) => a.cause)).toContain('Planned: scenario planned-maintenance');
    const firing = (await t.as('admin').get(`/read/alerts/v1/?ruleId=${ruleId}&state=firing`)).body as {
      totalDocs: number;
    };
    expect(firing.totalDocs).toBe(0);
    const outbox = rowsOf<{ n: number }>(
      await t.server.deps.db.execute(
        sql`SELECT count(*)::int AS n FROM alert_notifications WHERE rule_id = ${ruleId} AND event = 'firing'`,
      ),
    );
    expect(outbox[0]?.n).toBe(0);
  });
});
