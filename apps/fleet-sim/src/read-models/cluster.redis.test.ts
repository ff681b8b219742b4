import { getPriority } from 'node:os';
import { Client } from 'pg';
import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { connectLive } from '../test/live-socket';
import { dropSchema } from '../test/test-store';
import * as spawned from '../test/spawn-server';
import type { ServerProcess } from '../test/spawn-server';

/**
 * The product as several processes (FLEET_ROLE): two API processes and two simulators on one PostgreSQL
 * and one Redis. Any API process answers any call alike within a second; live events reach consoles of
 * every API process; a killed simulator's units are taken over; a killed API process loses nothing it
 * acknowledged.
 */
describe('a cluster: two API processes and two simulators', () => {
  const { schema, env } = spawned.sharedStoreEnv('400');
  const shared = { ...env, FLEET_SEED: 'cluster', SIM_SPEED: '10' };
  let a: ServerProcess;
  let b: ServerProcess;
  let sims: ServerProcess[] = [];
  const tokens = new Map<ServerProcess, string>();
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const started = await spawned.startTwoApisTwoSims(shared, 400);
    ({ a, b, sims } = started);
    started.tokens.forEach((token, p) => tokens.set(p, token));
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a, b, ...sims].map((p) => p?.stop()));
    await dropSchema(env['DATABASE_URL'] ?? '', schema);
  });

  const health = spawned.healthOf;
  const { get, post } = spawned.callsTo((p) => tokens.get(p));
  const detail = async (p: ServerProcess, serial: string) =>
    (await get(p, '/read/aligner/v1/', { serialNumber: serial, username: 'admin' })).body;

  /** Aligners on 5.x below the latest, nothing staged, connected. */
  async function candidates(count: number): Promise<string[]> {
    const latest = (await get(a, '/read/latest_software_version/v1')).body.semantic as string;
    const found: string[] = [];
    for (let page = 1; found.length < count && page < 40; page++) {
      const docs = (
        await get(a, '/read/updatescheduler_aligners/v1/', {
          page: String(page),
          filterSoftwareVersion: '5.',
          onlyConnected: 'true',
        })
      ).body.docs;
      for (const d of docs)
        if (!d.staging.isStaged && d.version.semantic !== latest && found.length < count)
          found.push(d.serialNumber);
    }
    return found;
  }

  it('when a simulator is asked for its health, then it says its role and holds half the fleet; it serves nothing else', async () => {
    const [one, two] = await Promise.all(sims.map(health));
    expect(one).toMatchObject({ role: 'sim' });
    expect((one?.units ?? 0) + (two?.units ?? 0)).toBe(400);
    expect((await request(sims[0]?.url ?? '').get('/read/aligners/v1/')).status).toBe(404);
  });

  it('when simulators share the machine with API processes, then they run at a lower CPU priority (SIM_NICE, 10)', () => {
    const own = getPriority();
    expect(sims.map((p) => getPriority(p.process.pid))).toEqual([Math.max(own, 10), Math.max(own, 10)]);
    expect([a, b].map((p) => getPriority(p.process.pid))).toEqual([own, own]);
  });

  it('when a unit is staged through one API process, then the other shows it within a second, and the figures agree', async () => {
    const [serial] = await candidates(1);
    const latest = (await get(a, '/read/latest_software_version/v1')).body;
    const res = await post(a, '/create/immediate_stage_of_software_update/v1', {
      serialNumber: serial,
      version: { semantic: latest.semantic, meta: latest.meta },
      path: latest.path,
    });
    expect(res.status).toBe(200);
    await spawned.within(
      1000,
      () => detail(b, serial as string),
      (d) => d.pendingSoftwareDownload === latest.semantic,
    );
    for (const path of [
      '/read/staged_update_totals/v1',
      '/read/aligner_software_versions/v1',
      '/read/top_aligners_by_alignment_count/v1',
    ]) {
      // The fleet keeps changing: the two processes are read together, and agree once both follow the same change.
      await spawned.within(
        5000,
        async () => (await Promise.all([get(a, path), get(b, path)])).map((r) => r.body),
        ([x, y]) => JSON.stringify(x) === JSON.stringify(y),
      );
    }
    const { value: listed } = await spawned.within(
      1000,
      async () =>
        (
          await get(b, '/read/updatescheduler_aligners/v1/', {
            onlyStaged: 'true',
            filterSerialNumber: serial as string,
          })
        ).body,
      (l) => l.totalDocs === 1,
    );
    expect(listed.docs[0].serialNumber).toBe(serial);
  });

  it('when a scenario is applied through an API process, then the simulators change their units and the call counts them all', async () => {
    const admin = tokens.get(b);
    const res = await request(b.url)
      .post('/sim/scenario/apply')
      .set('Authorization', `Bearer ${admin}`)
      .send({ name: 'hung-downloads' });
    expect(res.status).toBe(200);
    expect(res.body.unitsChanged).toBeGreaterThan(0);
    const hung = (
      await get(a, '/read/updatescheduler_aligners/v1/', { filterState: 'DOWNLOADING', page: '1' })
    ).body;
    expect(hung.totalDocs).toBeGreaterThan(0);
    const unit = await detail(a, hung.docs[0].serialNumber);
    expect(unit.updateState).toMatchObject({ state: 'DOWNLOADING' });
  });

  const sqlOf = async (text: string, params: unknown[]) => {
    const client = new Client({ connectionString: env['DATABASE_URL'] });
    await client.connect();
    try {
      return (await client.query<{ n: number }>(text, params)).rows;
    } finally {
      await client.end();
    }
  };

  it("when a scenario's later step is cancelled on the timeline, then no simulator of the cluster plays it; one not cancelled plays", async () => {
    const released = async (version: string) =>
      (
        await sqlOf(`SELECT count(*)::int AS n FROM "${schema}".software_updates WHERE semantic = $1`, [
          version,
        ])
      )[0]?.n ?? 0;
    const applyRelease = async (version: string) => {
      const res = await post(a, '/sim/scenario/apply', {
        scenario: {
          name: `release ${version} later`,
          steps: [{ at: '10m', publish: [{ family: 'aligner', version }] }],
        },
      });
      expect(res.status).toBe(200);
      const runs = await get(a, '/sim/scenario_runs/v1/', { page: '1' });
      return (runs.body.docs as { id: number; name: string }[]).find(
        (r) => r.name === `release ${version} later`,
      )?.id;
    };
    const cancelledRun = await applyRelease('9.9.7');
    await applyRelease('9.9.8');
    const cancel = await post(b, '/sim/scenario_run_cancelled/v1', { id: cancelledRun });
    expect(cancel.status).toBe(200);
    expect((await post(b, '/sim/clock', { step: '15m' })).status).toBe(200);
    await spawned.within(
      15_000,
      () => released('9.9.8'),
      (n) => n === 1,
    );
    // The simulators had the cancelled step's directive in hand before the cancel: they look again when it is due.
    await new Promise((r) => setTimeout(r, 2000));
    expect(await released('9.9.7')).toBe(0);
  });

  it('when a ticket is opened through one API process, then a console on the other hears of it', async () => {
    const socket = await connectLive(b.url, tokens.get(b) ?? '');
    sockets.push(socket);
    const heard = new Promise<{ serialNumber: string }>((r) =>
      socket.once('REPORT_SUPPORT_TICKET_CREATED', r),
    );
    const [serial] = await candidates(1);
    const unit = await detail(a, serial as string);
    const res = await post(a, '/create/ticket/v1', spawned.adminTicketFor(unit, 'Heard across processes'));
    expect(res.status).toBe(200);
    await expect(heard).resolves.toMatchObject({ serialNumber: serial });
  });

  it('when a simulator is killed, then its units answer commands again within 30 s', async () => {
    const [victim, survivor] = sims as [ServerProcess, ServerProcess];
    const held = new Set((await health(victim)).shards);
    // A connected unit of the victim's shards: the survivor does not hold it yet.
    const before = new Set((await health(survivor)).shards);
    victim.process.kill('SIGKILL');
    const killedAt = Date.now();
    await spawned.within(
      30_000,
      () => health(survivor),
      (h) => h.shards.length === 64,
    );
    const takenOver = Date.now() - killedAt;
    expect(takenOver).toBeLessThan(15_000);
    expect([...held].every((s) => !before.has(s))).toBe(true);
    const serials = await candidates(20);
    let answered = false;
    for (const serial of serials) {
      const res = await post(b, '/cmd/aligner_get_usb_status/v1', { serialNumber: serial });
      if (res.status === 200 && res.body.status === 'completed') {
        answered = true;
        break;
      }
    }
    expect(answered).toBe(true);
    expect(Date.now() - killedAt).toBeLessThan(30_000);
    sims = [survivor];
  }, 60_000);

  it('when an API process is killed right after acknowledged writes, then they are all there through the other', async () => {
    const serials = await candidates(3);
    const latest = (await get(a, '/read/latest_software_version/v1')).body;
    for (const serial of serials) {
      expect(
        (
          await post(a, '/create/immediate_stage_of_software_update/v1', {
            serialNumber: serial,
            version: { semantic: latest.semantic, meta: latest.meta },
            path: latest.path,
          })
        ).status,
      ).toBe(200);
    }
    const fav = await post(a, '/create/favorite/v1/', { username: 'admin', serialNumber: serials[0] });
    expect(fav.status).toBe(200);
    a.process.kill('SIGKILL');
    for (const serial of serials)
      expect((await detail(b, serial)).pendingSoftwareDownload).toBe(latest.semantic);
    const radar = (await get(b, '/read/favorites/v1/', { username: 'admin' })).body as {
      serialNumber: string;
    }[];
    expect(radar.map((r) => r.serialNumber)).toContain(serials[0]);
  });
});
