import { dropSchema } from '../../test/test-store';
import * as spawned from '../../test/spawn-server';
import type { ServerProcess } from '../../test/spawn-server';

/**
 * A restore in a cluster (two API processes, two simulators, one PostgreSQL and one Redis): the restore through one
 * API process answers the snapshot's digest; the simulators, fenced out, take their shards again from the store and
 * write nothing of the world before; both API processes' lists show the restored units.
 */
describe('snapshots in a cluster', () => {
  const { schema, env } = spawned.sharedStoreEnv('400');
  const shared = { ...env, FLEET_SEED: 'snapshots-cluster', SIM_SPEED: '0' };
  let a: ServerProcess;
  let b: ServerProcess;
  let sims: ServerProcess[] = [];
  const tokens = new Map<ServerProcess, string>();

  const { get, post } = spawned.callsTo((p) => tokens.get(p));
  const digest = async (p: ServerProcess) => (await get(p, '/sim/world_digest/v1')).body.digest as string;
  const page = async (p: ServerProcess) =>
    ((await get(p, '/read/aligners/v1/', { page: '1' })).body.docs as Record<string, unknown>[]).map((d) => [
      d['serialNumber'],
      d['connected'],
      JSON.stringify(d['updateState']),
    ]);
  const quiet = () => new Promise((r) => setTimeout(r, 2500));

  beforeAll(async () => {
    const started = await spawned.startTwoApisTwoSims(shared, 400);
    ({ a, b, sims } = started);
    started.tokens.forEach((token, p) => tokens.set(p, token));
    // No random connects and drops: the world changes only by what the test does.
    expect((await post(a, '/sim/scenario/apply', { scenario: { name: 'quiet', churn: 0 } })).status).toBe(
      200,
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a, b, ...sims].map((p) => p?.stop()));
    await dropSchema(env['DATABASE_URL'] ?? '', schema);
  });

  it('when a snapshot is restored through one API process, then every process serves the restored world and the simulators write nothing of the world before', async () => {
    await quiet();
    const before = await page(a);
    const saved = await post(a, '/create/sim_snapshot/v1', { name: 'cluster before' });
    expect(saved.status).toBe(201);
    expect(await digest(b)).toBe(saved.body.digest);

    expect((await post(b, '/sim/scenario/apply', { name: 'hung-downloads' })).status).toBe(200);
    expect((await post(a, '/sim/clock', { step: '1h' })).status).toBe(200);
    await quiet();
    expect(await digest(a)).not.toBe(saved.body.digest);

    const restored = await post(b, '/sim/snapshot_restored/v1', { id: saved.body.id });
    expect(restored.status).toBe(200);
    expect(restored.body.digest).toBe(saved.body.digest);

    // The simulators take their shards again, with the units as the store holds them now.
    await spawned.within(
      30_000,
      () => Promise.all(sims.map(spawned.healthOf)),
      (hs) =>
        hs.reduce((n, h) => n + h.shards.length, 0) === 64 && hs.reduce((n, h) => n + h.units, 0) === 400,
    );
    await quiet();
    expect(await digest(a)).toBe(saved.body.digest);
    await spawned.within(
      5000,
      () => Promise.all([page(a), page(b)]),
      ([x, y]) =>
        JSON.stringify(x) === JSON.stringify(before) && JSON.stringify(y) === JSON.stringify(before),
    );
  }, 120_000);
});
