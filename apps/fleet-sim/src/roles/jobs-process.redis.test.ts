import { Client } from 'pg';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { dropSchema } from '../test/test-store';
import { connectLive } from '../test/live-socket';
import * as spawned from '../test/spawn-server';
import type { ServerProcess } from '../test/spawn-server';

/** Every lease a jobs process takes (the OIDC recheck's only with an identity provider, which this store has not). */
const JOB_LEASES = [
  'alert-evaluator',
  'alert-notifier',
  'schedule-player',
  'rollout-driver',
  'history-trimmer',
  'fleet-rollups',
];

/**
 * A cluster whose background jobs run in processes of their own (FLEET_ROLE=jobs), beside an API process told to run
 * none (FLEET_JOBS=none) and a simulator, on one PostgreSQL and one Redis: the jobs process holds every job lease and
 * evaluates alerts, whose events reach the API process's consoles through Redis; a frozen jobs process loses its
 * leases to the other one and writes nothing once woken; a killed one's are taken over within the lease's time; a
 * stopped one gives them up and exits 0.
 */
describe('a jobs process beside an API process that runs no jobs', () => {
  const { schema, env } = spawned.sharedStoreEnv('400');
  // The simulated clock runs at real speed: the pending period passes only when the test steps the clock.
  const shared = { ...env, FLEET_SEED: 'jobs-process', SIM_SPEED: '1', SHUTDOWN_DEADLINE_SECONDS: '10' };
  const processes: ServerProcess[] = [];
  const db = new Client({ connectionString: env['DATABASE_URL'] });
  let api: ServerProcess;
  let first: ServerProcess;
  let second: ServerProcess;
  let token = '';
  let live: Socket;
  const firingHeard: number[] = [];
  let ruleId = 0;
  let dropped: string[] = [];

  const { get, post } = spawned.callsTo(() => token);
  const rows = async <T>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[];
  const scenario = (body: object) =>
    post(api, '/sim/scenario/apply', { scenario: { name: 'jobs-process', ...body } });
  const inState = async (state: string) =>
    (await get(api, '/read/alerts/v1/', { ruleId: String(ruleId), state })).body.totalDocs as number;

  /** The leases a process's /metrics says it holds now. */
  async function leasesOf(p: ServerProcess): Promise<string[]> {
    const text = (await request(p.url).get('/metrics')).text;
    return [...text.matchAll(/^fleet_job_leases_held\{lease="([^"]+)"[^}]*\} 1$/gm)].map((m) => m[1] ?? '');
  }
  const holdsAll = (held: string[]) => JOB_LEASES.every((lease) => held.includes(lease));

  /** Connected units of the store, not among `except`. */
  async function connectedUnits(n: number, except: string[] = []): Promise<string[]> {
    const found = await rows<{ serial_number: string }>(
      'SELECT serial_number FROM units WHERE connected AND NOT (serial_number = ANY($1)) ORDER BY serial_number LIMIT $2',
      [except, n],
    );
    return found.map((r) => r.serial_number);
  }

  /** One alert row per unit of the rule, each a chain of state changes from nothing, never two opens at once. */
  async function oneAlertPerUnit(): Promise<void> {
    const alerts = await rows<{ subject_key: string; open: number; n: number }>(
      `SELECT subject_key, count(*)::int AS n, count(*) FILTER (WHERE state <> 'resolved')::int AS open
       FROM alerts WHERE rule_id = $1 GROUP BY subject_key`,
      [ruleId],
    );
    expect(alerts.every((a) => a.open <= 1)).toBe(true);
    const events = await rows<{ alert_id: number; from_state: string | null; to_state: string }>(
      `SELECT e.alert_id, e.from_state, e.to_state FROM alert_events e JOIN alerts a ON a.id = e.alert_id
       WHERE a.rule_id = $1 ORDER BY e.alert_id, e.id`,
      [ruleId],
    );
    const byAlert = new Map<number, typeof events>();
    for (const e of events) byAlert.set(e.alert_id, [...(byAlert.get(e.alert_id) ?? []), e]);
    for (const chain of byAlert.values())
      expect(chain.map((e) => e.from_state)).toEqual([null, ...chain.slice(0, -1).map((e) => e.to_state)]);
  }

  beforeAll(async () => {
    spawned.requireBuild();
    // The API process seeds the store; the simulator and the first jobs process then join it.
    api = await spawned.startServerProcess({ ...shared, FLEET_ROLE: 'api', FLEET_JOBS: 'none' });
    processes.push(api);
    const [sim, jobs] = await Promise.all([
      spawned.startServerProcess({ ...shared, FLEET_ROLE: 'sim' }),
      spawned.startServerProcess({ ...shared, FLEET_ROLE: 'jobs' }),
    ]);
    first = jobs as ServerProcess;
    processes.push(sim as ServerProcess, first);
    await spawned.within(
      30_000,
      async () => (await request((sim as ServerProcess).url).get('/healthz')).body as { units: number },
      (h) => h.units === 400,
    );
    token = await spawned.tokenAt(api.url, 'admin');
    live = await connectLive(api.url, token);
    live.on('ALERT_COUNTS', (c: { firing: number }) => firingHeard.push(c.firing));
    await db.connect();
    await db.query(`SET search_path TO "${schema}"`);
    expect((await scenario({ churn: 0 })).status).toBe(200);
  }, 120_000);

  afterAll(async () => {
    live?.close();
    await db.end().catch(() => undefined);
    await Promise.all(processes.map((p) => p.stop()));
    await dropSchema(env['DATABASE_URL'] ?? '', schema);
  });

  it('when a rule watches the fleet and units drop, then the jobs process evaluates and holds every job lease, the API process holds none, and its console hears the alerts fire', async () => {
    const rule = await post(api, '/create/alert_rule/v1', {
      name: 'Fleet offline',
      kind: 'unitOffline',
      severity: 'major',
      scope: { kind: 'fleet' },
      forMinutes: 5,
    });
    expect(rule.status).toBe(201);
    ruleId = rule.body.id;
    dropped = await connectedUnits(5);
    const drop = await scenario({ units: [{ select: { serials: dropped }, set: { connected: false } }] });
    expect(drop.body.unitsChanged).toBe(5);
    await spawned.within(
      30_000,
      () => inState('pending'),
      (n) => n === 5,
    );
    expect((await post(api, '/sim/clock', { step: '10m' })).status).toBe(200);
    await spawned.within(
      30_000,
      () => inState('firing'),
      (n) => n === 5,
    );
    // The evaluator's events go through Redis to the API process's consoles.
    await spawned.within(
      5_000,
      async () => firingHeard.at(-1),
      (n) => n === 5,
    );

    await spawned.within(30_000, () => leasesOf(first), holdsAll);
    expect(await leasesOf(api)).toEqual([]);
    const health = (await request(first.url).get('/healthz')).body;
    expect(health).toMatchObject({ status: 'ok', role: 'jobs', units: 400, alerts: { holder: true } });
    expect(health.alerts.alertsCreated).toBeGreaterThanOrEqual(5);
    expect((await request(first.url).get('/readyz')).status).toBe(200);
    const other = await request(first.url).get('/read/aligners/v1/');
    expect(other.status).toBe(404);
    expect(other.body.error).toBe('A jobs process serves only GET /healthz, /readyz and /metrics.');
    await oneAlertPerUnit();
  }, 90_000);

  it('when the jobs process freezes past its lease, then a second one takes every lease over and evaluates, and the frozen one writes nothing once woken', async () => {
    second = await spawned.startServerProcess({ ...shared, FLEET_ROLE: 'jobs' });
    processes.push(second);
    // A standby: everything is held by the first.
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await leasesOf(second)).toEqual([]);

    first.process.kill('SIGSTOP');
    try {
      const { after } = await spawned.within(
        30_000,
        () => leasesOf(second),
        (held) => held.includes('alert-evaluator'),
      );
      // The first's lease ran out (15 s without renewal) and the second took it at its next look.
      expect(after).toBeLessThan(25_000);
      const more = await connectedUnits(3, dropped);
      dropped.push(...more);
      expect(
        (await scenario({ units: [{ select: { serials: more }, set: { connected: false } }] })).status,
      ).toBe(200);
      await spawned.within(
        30_000,
        () => inState('pending'),
        (n) => n === 3,
      );
      expect((await post(api, '/sim/clock', { step: '10m' })).status).toBe(200);
      await spawned.within(
        30_000,
        () => inState('firing'),
        (n) => n === 8,
      );
      await spawned.within(30_000, () => leasesOf(second), holdsAll);
    } finally {
      first.process.kill('SIGCONT');
    }
    // Woken, the first finds its leases taken: it holds none, and nothing it held in memory is written twice.
    await spawned.within(
      30_000,
      () => leasesOf(first),
      (held) => !held.includes('alert-evaluator'),
    );
    await new Promise((r) => setTimeout(r, 3_000));
    expect(await inState('firing')).toBe(8);
    expect(await leasesOf(api)).toEqual([]);
    await oneAlertPerUnit();
  }, 120_000);

  it('when the jobs process holding the leases is killed, then the other takes them over within the lease and resolves what came back', async () => {
    const killedAt = Date.now();
    second.process.kill('SIGKILL');
    await spawned.within(
      30_000,
      () => leasesOf(first),
      (held) => held.includes('alert-evaluator'),
    );
    expect(Date.now() - killedAt).toBeLessThan(25_000);
    const back = await scenario({ units: [{ select: { serials: dropped }, set: { connected: true } }] });
    expect(back.body.unitsChanged).toBe(8);
    await spawned.within(
      30_000,
      () => inState('resolved'),
      (n) => n === 8,
    );
    expect(await inState('firing')).toBe(0);
    expect((await post(api, '/sim/clock', { step: '1m' })).status).toBe(200);
    await spawned.within(30_000, () => leasesOf(first), holdsAll);
    expect(await leasesOf(api)).toEqual([]);
    await oneAlertPerUnit();
  }, 90_000);

  it('when a jobs process is stopped, then it exits 0 within its deadline and gives every lease up', async () => {
    const exited = new Promise<number | null>((resolve) =>
      first.process.once('exit', (code) => resolve(code)),
    );
    const stoppedAt = Date.now();
    first.process.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
    const held = await rows<{ name: string }>(
      'SELECT name FROM job_leases WHERE holder IS NOT NULL AND name = ANY($1)',
      [JOB_LEASES],
    );
    expect(held).toEqual([]);
  }, 30_000);
});
