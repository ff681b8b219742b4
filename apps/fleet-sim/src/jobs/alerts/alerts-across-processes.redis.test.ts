import { Client } from 'pg';
import request from 'supertest';
import { io as connect, type Socket } from 'socket.io-client';
import { dropSchema } from '../../test/test-store';
import { WebhookReceiver } from '../../test/webhook-receiver';
import * as spawned from '../../test/spawn-server';
import type { ServerProcess } from '../../test/spawn-server';

interface Counts {
  firing: number;
  unacknowledged: number;
  bySeverity: Record<string, number>;
}

/** A console's live channel: the ALERT_COUNTS it heard, the last one first to read. */
interface Console {
  socket: Socket;
  counts: Counts[];
}

/**
 * Alerts with two API processes (FLEET_ROLE=api) and a simulator on one PostgreSQL and one Redis: whichever process
 * evaluates (the holder of the evaluator's lease) and whichever takes an acknowledge, each alert is one row, each
 * change of state one event and one notification, each message one delivery id that the receiver sees once, and the
 * bell's figures (the call and the live event) agree on both processes within a second.
 */
describe('alerts on two API processes', () => {
  const { schema, env } = spawned.sharedStoreEnv('400');
  // The simulated clock runs at real speed: the pending period passes only when the test steps the clock.
  const shared = { ...env, FLEET_SEED: 'alerts-two-processes', SIM_SPEED: '1' };
  const processes: ServerProcess[] = [];
  const tokens = new Map<ServerProcess, string>();
  const consoles = new Map<ServerProcess, Console>();
  const receiver = new WebhookReceiver();
  const db = new Client({ connectionString: env['DATABASE_URL'] });
  let a: ServerProcess;
  let b: ServerProcess;
  let ruleId = 0;
  let webhookId = 0;
  let serials: string[] = [];
  let acknowledged: number[] = [];
  /** The API process that holds the evaluator's lease, and the other one. */
  let evaluator: ServerProcess;
  let other: ServerProcess;

  const { get, post } = spawned.callsTo((p) => tokens.get(p));
  const counts = async (p: ServerProcess) => (await get(p, '/read/alert_counts/v1')).body as Counts;
  /** How many alerts of the test's rule a process lists in a state. */
  const inState = async (p: ServerProcess, state: string) =>
    (await get(p, '/read/alerts/v1/', { ruleId: String(ruleId), state })).body.totalDocs as number;
  const heard = (p: ServerProcess) => consoles.get(p)?.counts.at(-1) ?? null;
  const rows = async <T>(text: string, values: unknown[]) => (await db.query(text, values)).rows as T[];
  const scenario = (p: ServerProcess, body: object) =>
    post(p, '/sim/scenario/apply', { scenario: { name: 'alerts-two-processes', ...body } });

  /** The API process whose /metrics says it holds the lease now. */
  async function holderOf(lease: string): Promise<ServerProcess | null> {
    for (const p of [a, b]) {
      const text = (await request(p.url).get('/metrics')).text;
      if (new RegExp(`^fleet_job_leases_held\\{lease="${lease}"[^}]*\\} 1$`, 'm').test(text)) return p;
    }
    return null;
  }

  async function openConsole(p: ServerProcess): Promise<void> {
    const socket = connect(`${p.url}/dashboard`, {
      transports: ['polling'],
      auth: { token: tokens.get(p) },
      reconnection: false,
      forceNew: true,
    });
    const live: Console = { socket, counts: [] };
    socket.on('ALERT_COUNTS', (c: Counts) => live.counts.push(c));
    await new Promise<void>((ok, fail) => {
      socket.once('connect', () => ok());
      socket.once('connect_error', fail);
    });
    consoles.set(p, live);
  }

  /**
   * Waits (up to `ms`) until the call to process `p` answers the figures `expected` says, then checks that within a
   * second both processes' calls and both consoles' last ALERT_COUNTS are the same figures.
   */
  async function bellsAgree(
    p: ServerProcess,
    expected: (c: Counts) => boolean,
    ms = 30_000,
  ): Promise<{ counts: Counts; after: number }> {
    const first = await spawned.within(ms, () => counts(p), expected);
    const { value, after } = await spawned.within(
      1000,
      async () => [await counts(a), await counts(b), heard(a), heard(b)],
      (all) => all.every((c) => JSON.stringify(c) === JSON.stringify(first.value)),
    );
    expect(value).toEqual([first.value, first.value, first.value, first.value]);
    return { counts: first.value, after };
  }

  beforeAll(async () => {
    spawned.requireBuild();
    await receiver.listen();
    // The first process seeds the store; the second and the simulator then join it.
    a = await spawned.startServerProcess({ ...shared, FLEET_ROLE: 'api' });
    processes.push(a);
    const [second, sim] = await Promise.all([
      spawned.startServerProcess({ ...shared, FLEET_ROLE: 'api' }),
      spawned.startServerProcess({ ...shared, FLEET_ROLE: 'sim' }),
    ]);
    b = second as ServerProcess;
    processes.push(b, sim as ServerProcess);
    await spawned.within(
      30_000,
      async () => (await request((sim as ServerProcess).url).get('/healthz')).body as { units: number },
      (h) => h.units === 400,
    );
    tokens.set(a, await spawned.tokenAt(a.url, 'admin'));
    tokens.set(b, await spawned.tokenAt(b.url, 'admin'));
    await Promise.all([openConsole(a), openConsole(b)]);
    const { value: holder } = await spawned.within(
      30_000,
      () => holderOf('alert-evaluator'),
      (p) => p !== null,
    );
    evaluator = holder as ServerProcess;
    other = evaluator === a ? b : a;
    await db.connect();
    await db.query(`SET search_path TO "${schema}"`);
  }, 120_000);

  afterAll(async () => {
    consoles.forEach((c) => c.socket.close());
    await db.end().catch(() => undefined);
    await Promise.all(processes.map((p) => p.stop()));
    await receiver.close();
    await dropSchema(env['DATABASE_URL'] ?? '', schema);
  });

  it('when a rule watches the fleet and 12 units drop, then each unit has one alert, and both bells count them, by call and live event, within a second of each other', async () => {
    // The field holds still: only the units the test takes down go offline.
    expect((await scenario(a, { churn: 0 })).status).toBe(200);
    const hook = await post(a, '/create/webhook/v1', { name: 'receiver', url: receiver.url });
    expect(hook.status).toBe(201);
    webhookId = hook.body.id;
    // Written through the process that does not evaluate: the evaluator learns of it from the store.
    const rule = await post(other, '/create/alert_rule/v1', {
      name: 'Fleet offline',
      kind: 'unitOffline',
      severity: 'major',
      scope: { kind: 'fleet' },
      forMinutes: 5,
      channels: { webhookIds: [webhookId] },
    });
    expect(rule.status).toBe(201);
    ruleId = rule.body.id;

    const connected = (
      await get(a, '/read/updatescheduler_aligners/v1/', { onlyConnected: 'true', page: '1' })
    ).body.docs as { serialNumber: string }[];
    const more = (await get(a, '/read/updatescheduler_aligners/v1/', { onlyConnected: 'true', page: '2' }))
      .body.docs as { serialNumber: string }[];
    serials = [...connected, ...more].slice(0, 12).map((d) => d.serialNumber);
    expect(serials).toHaveLength(12);
    const dropped = await scenario(b, { units: [{ select: { serials }, set: { connected: false } }] });
    expect(dropped.body.unitsChanged).toBe(12);
    // Past the pending period on the simulated clock.
    await spawned.within(
      30_000,
      () => inState(a, 'pending'),
      (n) => n === 12,
    );
    expect((await post(a, '/sim/clock', { step: '10m' })).status).toBe(200);

    const { counts: bell } = await bellsAgree(other, (c) => c.firing === 12);
    expect(bell).toMatchObject({ firing: 12, unacknowledged: 12, bySeverity: { major: 12 } });
    const alerts = await rows<{ subject_key: string; n: number }>(
      'SELECT subject_key, count(*)::int AS n FROM alerts WHERE rule_id = $1 GROUP BY subject_key ORDER BY subject_key',
      [ruleId],
    );
    expect(alerts).toEqual(
      serials
        .map((s) => ({ subject_key: `unit:${s}`, n: 1 }))
        .sort((x, y) => x.subject_key.localeCompare(y.subject_key)),
    );
  }, 90_000);

  it('when alerts are acknowledged through the process that does not evaluate, then the bell of the evaluating one shows it within a second, by call and live event', async () => {
    const firing = (await get(other, '/read/alerts/v1/', { ruleId: String(ruleId), state: 'firing' })).body
      .docs as { id: number }[];
    acknowledged = firing.slice(0, 5).map((x) => x.id);
    const sentAt = Date.now();
    const res = await post(other, '/update/alert_acknowledged/v1', { ids: acknowledged, comment: 'On it' });
    expect(res.status).toBe(200);
    const { counts: bell } = await bellsAgree(evaluator, (c) => c.unacknowledged === 7, 1000);
    expect(bell).toMatchObject({ firing: 12, unacknowledged: 7 });
    expect(Date.now() - sentAt).toBeLessThan(2000);
  });

  it('when the units return, then each alert resolves once: one event per change of state and one notification per change told', async () => {
    const back = await scenario(a, { units: [{ select: { serials }, set: { connected: true } }] });
    expect(back.body.unitsChanged).toBe(12);
    await bellsAgree(other, (c) => c.firing === 0);
    await spawned.within(
      30_000,
      () => inState(b, 'resolved'),
      (n) => n === 12,
    );

    const alerts = await rows<{ id: number; subject_key: string; state: string }>(
      'SELECT id, subject_key, state FROM alerts WHERE rule_id = $1 ORDER BY id',
      [ruleId],
    );
    expect(alerts).toHaveLength(12);
    expect(new Set(alerts.map((x) => x.subject_key)).size).toBe(12);
    const events = await rows<{ alert_id: number; from_state: string | null; to_state: string }>(
      'SELECT alert_id, from_state, to_state FROM alert_events WHERE alert_id = ANY($1) ORDER BY alert_id, id',
      [alerts.map((x) => x.id)],
    );
    const notifications = await rows<{ alert_id: number; event: string; message_id: string | null }>(
      'SELECT alert_id, event, message_id FROM alert_notifications WHERE rule_id = $1',
      [ruleId],
    );
    for (const alert of alerts) {
      const mine = events.filter((e) => e.alert_id === alert.id);
      // A chain: from nothing, each change from the state the last one left, never the same state twice in a row.
      expect(mine.map((e) => e.from_state)).toEqual([null, ...mine.slice(0, -1).map((e) => e.to_state)]);
      const to = mine.map((e) => e.to_state);
      const wasAcknowledged = acknowledged.includes(alert.id);
      expect(to.filter((s) => s === 'firing')).toHaveLength(1);
      expect(to.filter((s) => s === 'acknowledged')).toHaveLength(wasAcknowledged ? 1 : 0);
      expect(to.at(-1)).toBe('resolved');
      expect(to.filter((s) => s === 'resolved')).toHaveLength(1);
      const told = notifications
        .filter((n) => n.alert_id === alert.id)
        .map((n) => n.event)
        .sort();
      expect(told).toEqual(wasAcknowledged ? ['acknowledged', 'firing', 'resolved'] : ['firing', 'resolved']);
    }
  }, 60_000);

  it('when the messages went out, then each delivery id reached the receiver exactly once, and each alert is in one message per change', async () => {
    const deliveries = await spawned.within(
      60_000,
      () =>
        rows<{ id: string; event: string; state: string; attempts: number }>(
          'SELECT id, event, state, attempts FROM alert_deliveries WHERE webhook_id = $1 ORDER BY created_at',
          [webhookId],
        ),
      (list) =>
        ['alert.firing', 'alert.acknowledged', 'alert.resolved'].every((e) =>
          list.some((d) => d.event === e),
        ) && list.every((d) => d.state === 'delivered'),
    );
    // Both processes keep passing: a second send of a delivery would arrive now.
    await new Promise((r) => setTimeout(r, 3000));
    const ids = receiver.got.map((g) => g.delivery);
    expect(ids.sort()).toEqual(deliveries.value.map((d) => d.id).sort());
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(new Set(ids).size).toBe(ids.length);
    expect(deliveries.value.every((d) => d.attempts === 1)).toBe(true);
    const alertsIn = (event: string) =>
      receiver.got
        .filter((g) => g.event === event)
        .flatMap((g) =>
          (JSON.parse(g.body.toString('utf8')) as { alerts: { id: number }[] }).alerts.map((x) => x.id),
        )
        .sort((x, y) => x - y);
    const all = (
      await rows<{ id: number }>('SELECT id FROM alerts WHERE rule_id = $1 ORDER BY id', [ruleId])
    ).map((x) => x.id);
    expect(alertsIn('alert.firing')).toEqual(all);
    expect(alertsIn('alert.acknowledged')).toEqual([...acknowledged].sort((x, y) => x - y));
    expect(alertsIn('alert.resolved')).toEqual(all);
    const untold = await rows<{ n: number }>(
      'SELECT count(*)::int AS n FROM alert_notifications WHERE rule_id = $1 AND message_id IS NULL',
      [ruleId],
    );
    expect(untold[0]?.n).toBe(0);
  }, 90_000);
});
