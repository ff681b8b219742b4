import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { unitHistory } from '../store/schema';
import { engineOf, settle, simOf, stepClock, storeCount, until } from '../test/fleet-helpers';
import { connectLive } from '../test/live-socket';
import { useTestServer } from '../test/test-server';
import { listScenarios, SCENARIOS_DIR } from './library';
import { parseScenarioText, ScenarioError } from './scenario-file';

describe('scenarios and the clock (docs/simulator.md)', () => {
  const t = useTestServer({ env: { FAVORITES_LIMIT: '12' }, users: ['admin', 'support'] });

  const apply = (name: string) => t.as('admin').post('/sim/scenario/apply').send({ name });
  const engine = () => engineOf(t);

  it('when the library is listed, then every file parses and has a description', async () => {
    const res = await t.as('admin').get('/sim/scenarios');
    expect(res.body.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining([
        'rollout-in-progress',
        'hung-downloads',
        'gateway-outage',
        'voltages-out-of-range',
        'favourites-full',
        'fresh-release-available',
      ]),
    );
    for (const s of listScenarios()) expect(s.description.length).toBeGreaterThan(20);
  });

  it('when a non-admin applies a scenario or moves the clock, then 403', async () => {
    expect((await t.as('support').post('/sim/scenario/apply').send({ name: 'gateway-outage' })).status).toBe(
      403,
    );
    expect((await t.as('support').post('/sim/clock').send({ step: '1m' })).status).toBe(403);
  });

  it('when the clock is stepped, then simulated time moves by that much', async () => {
    const before = Date.parse((await t.as('admin').get('/sim/clock')).body.now);
    const res = await t.as('admin').post('/sim/clock').send({ step: '1h30m' });
    expect(Date.parse(res.body.now) - before).toBeGreaterThanOrEqual(90 * 60_000);
    expect((await t.as('admin').post('/sim/clock').send({ step: 'soon' })).status).toBe(400);
  });

  it('when hung-downloads is applied, then those units stay downloading at 45% as time passes', async () => {
    const res = await apply('hung-downloads');
    expect(res.status).toBe(200);
    expect(res.body.unitsChanged).toBeGreaterThan(0);
    const hung = [...engine().state.inFlow].filter((u) => u.flow?.hung);
    expect(hung.length).toBe(res.body.unitsChanged);
    const unit = hung[0];
    if (!unit) throw new Error('no hung unit');
    await stepClock(t, 60 * 60_000);
    const read = await t
      .as('admin')
      .get('/read/aligner/v1/')
      .query({ serialNumber: unit.serialNumber, username: 'admin' });
    expect(read.body.updateState.state).toBe('DOWNLOADING');
    const progress = read.body.updateState.downloadProgress.software.fileProgress;
    expect(progress).toMatchObject({ progress: 45, transferRate: 0 });
  });

  it('when rollout-in-progress is applied, then staged totals rise and downloads move on the clock', async () => {
    const before = (await t.as('admin').get('/read/staged_update_totals/v1')).body.total;
    const res = await apply('rollout-in-progress');
    expect(res.body.clock.speed).toBe(20);
    const after = (await t.as('admin').get('/read/staged_update_totals/v1')).body.total;
    expect(after).toBeGreaterThan(before);
    // A unit the scenario staged: its timeline says so, and this process's lists' index shows it at once.
    const [entry] = await t.server.deps.db
      .select()
      .from(unitHistory)
      .where(and(eq(unitHistory.kind, 'staged'), eq(unitHistory.actor, 'scenario')))
      .limit(1);
    if (!entry) throw new Error('no staging by the scenario on any timeline');
    expect(entry.summary).toMatch(/^Update \S+ staged by scenario$/);
    const unit = (
      await t
        .as('admin')
        .get('/read/aligner/v1/')
        .query({ serialNumber: entry.serialNumber, username: 'admin' })
    ).body;
    expect(unit.pendingSoftwareDownload).toBe(entry.detail['version']);
    expect(t.server.deps.readModels.index.unitFacts(entry.serialNumber)?.state).toBe(unit.updateState?.state);
    const moving = [...engine().state.inFlow].find(
      (u) => u.flow?.phase === 'downloading' && !u.flow.hung && u.connected,
    );
    if (!moving?.flow) throw new Error('no unit downloading');
    const bytes = moving.flow.software.bytesTransferred;
    await stepClock(t, 60_000);
    expect(moving.flow.software.bytesTransferred).toBeGreaterThan(bytes);
    await t.as('admin').post('/sim/clock').send({ speed: 50 });
  });

  it('when voltages-out-of-range is applied, then the chosen units report readings outside Min-Max', async () => {
    await apply('voltages-out-of-range');
    const serial = [...simOf(t).voltageTrouble][0];
    if (!serial) throw new Error('no unit with voltage trouble');
    const report = await t
      .as('admin')
      .get('/api/v1/get_latest_voltages_for_aligner')
      .query({ serialNumber: serial });
    const params = report.body.boards.flatMap(
      (b: { Parameters: { Actual: number; Min: number; Max: number }[] }) => b.Parameters,
    );
    expect(
      params.some((p: { Actual: number; Min: number; Max: number }) => p.Actual < p.Min || p.Actual > p.Max),
    ).toBe(true);
  });

  it("when favourites-full is applied, then support's radar is at the limit and one more is refused", async () => {
    await apply('favourites-full');
    const radar = await t.as('support').get('/read/favorites/v1/').query({ username: 'support' });
    expect(radar.body).toHaveLength(12);
    const outside = [...engine().state.units.keys()].find(
      (s) => !radar.body.some((a: { serialNumber: string }) => a.serialNumber === s),
    );
    const res = await t
      .as('support')
      .post('/create/favorite/v1/')
      .send({ username: 'support', serialNumber: outside });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('favorite_limit_exceeded');
  });

  it('when fresh-release-available is applied, then the latest version changes and consoles hear of it', async () => {
    const socket = await connectLive(t.url, t.token('support'));
    const heard = new Promise((r) => socket.once('NEW_SOFTWARE_UPDATE_CREATED', r));
    await apply('fresh-release-available');
    await expect(heard).resolves.toMatchObject({
      family: expect.any(String),
      version: { semantic: expect.any(String) },
    });
    socket.close();
    const latest = await t.as('admin').get('/read/latest_software_version/v1');
    expect(latest.body).toMatchObject({ semantic: '5.5.0', meta: 'build 2500' });
    expect((await apply('fresh-release-available')).status).toBe(409);
  });

  it('when gateway-outage is applied, then units drop and commands fail until the gateway is back, and they reconnect within minutes', async () => {
    await settle(t);
    const connectedBefore = await storeCount(t, 'connected');
    expect(connectedBefore).toBeGreaterThan(0);
    await apply('gateway-outage');
    engine().tick();
    await settle(t);
    expect((await t.as('admin').get('/api/v1/check_services')).body.charon).toBe(false);
    expect(await storeCount(t, 'connected')).toBe(0);
    expect(t.server.deps.readModels.figures.counters().connectedAligners).toBe(0);
    const unit = [...engine().state.units.values()][0];
    const cmd = await t
      .as('admin')
      .post('/cmd/aligner_activate/v1')
      .send({ serialNumber: unit?.serialNumber });
    expect(cmd.status).toBe(503);
    await stepClock(t, 16 * 60_000);
    await until(
      async () => (await t.as('admin').get('/api/v1/check_services')).body.charon,
      (up) => up === true,
    );
    // The cut-off units retry (about a minute each), not the field's hours-long offline rhythm.
    for (let step = 0; step < 30; step++) await stepClock(t, 20_000);
    expect(await storeCount(t, 'connected')).toBeGreaterThanOrEqual(Math.floor(connectedBefore * 0.9));
    expect(engine().state.cutOffByOutage.size).toBeLessThan(10);
  });

  it('when flapping-units is applied, then those units connect and drop again and again', async () => {
    await apply('flapping-units');
    const flapping = [...engine().state.flapping];
    expect(flapping).toHaveLength(10);
    const before = flapping.map((u) => u.connectCount);
    await stepClock(t, 30 * 60_000);
    const after = flapping.map((u) => u.connectCount);
    expect(after.filter((n, i) => n > (before[i] ?? 0)).length).toBeGreaterThan(5);
    await t.as('admin').post('/sim/clock').send({ speed: 50 });
  });

  it('when a scenario text has a wrong field, then 400 names its line and field', async () => {
    const text = [
      'name: broken',
      'units:',
      '  - select: { family: toaster }',
      '    set: { connected: maybe }',
    ].join('\n');
    const res = await t.as('admin').post('/sim/scenario/apply').send({ text });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ line: 3, field: 'units[0].select.family' }),
        expect.objectContaining({ line: 4, field: 'units[0].set.connected' }),
      ]),
    );
  });
});

describe('scenario files', () => {
  it('when every library file is read, then it parses', () => {
    for (const s of listScenarios()) expect(s.name).toMatch(/^[a-z0-9-]+$/);
    expect(() =>
      parseScenarioText(readFileSync(join(SCENARIOS_DIR, 'gateway-outage.yaml'), 'utf8')),
    ).not.toThrow();
  });

  it('when a key is unknown or YAML is broken, then the error names the line', () => {
    try {
      parseScenarioText('name: x\nservices:\n  charon: down\n  toaster: up\n', 'x.yaml');
      throw new Error('should have failed');
    } catch (error) {
      expect(error).toBeInstanceOf(ScenarioError);
      expect((error as ScenarioError).message).toContain('line');
    }
    expect(() => parseScenarioText('name: [unclosed', 'y.yaml')).toThrow(/line 1/);
  });
});
