import {
  clockSchema,
  scenarioPreviewSchema,
  scenarioRunSchema,
  type ScenarioRun,
  type AuditEntry,
  type SimulatorChangedPayload,
} from '@equipment-dashboard/contract';
import { Rng } from '../../core/random';
import type { Selection } from '../../scenarios/scenario-schema';
import { selectUnits } from '../../scenarios/unit-changes';
import { useTestServer } from '../../test/test-server';

const PREVIEW = '/sim/scenario_preview/v1';
const VALIDATE = '/sim/scenario_validated/v1';
const CLOCK = '/sim/clock';
const APPLY = '/sim/scenario/apply';
const RUNS = '/sim/scenario_runs/v1/';
const CANCEL = '/sim/scenario_run_cancelled/v1';

describe('the Simulator screen calls', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support'], liveAs: 'admin' });

  const simulatorActions = async (): Promise<AuditEntry[]> => {
    const trail = await t.as('admin').get('/read/audits/v1/').query({ page: 1 });
    expect(trail.status).toBe(200);
    return (trail.body.docs as AuditEntry[]).filter((d) => d.command.startsWith('simulator.'));
  };
  const nextChange = () =>
    new Promise<SimulatorChangedPayload>((resolve) => t.socket.once('SIMULATOR_CHANGED', resolve));

  it('when engineer previews a library scenario, then each selection says how many units it picks now and nothing changes', async () => {
    const clockBefore = (await t.as('engineer').get(CLOCK)).body;
    const actionsBefore = await simulatorActions();
    const res = await t.as('engineer').post(PREVIEW).send({ name: 'hung-downloads' });
    expect(res.status).toBe(200);
    const preview = scenarioPreviewSchema.parse(res.body);
    expect(preview.name).toBe('hung-downloads');
    expect(preview.description).toContain('stuck downloading');
    expect(preview.selections.map((s) => [s.at, s.selection['family'], s.selection['count']])).toEqual([
      [null, 'aligner', 25],
      [null, 'gtps', 5],
    ]);
    for (const s of preview.selections) {
      expect(s.matching).toEqual(expect.any(Number));
      expect(s.picked).toBe(Math.min(s.matching as number, s.selection['count'] as number));
    }
    expect(preview.servicesDown).toEqual([]);
    expect((await t.as('engineer').get(CLOCK)).body.speed).toBe(clockBefore.speed);
    expect(await simulatorActions()).toEqual(actionsBefore);
  });

  it("when previewed, then each selection matches the units the simulator would pick from (counted from the lists' index)", async () => {
    const sim = t.server.deps.sim;
    if (!sim) throw new Error('the test server simulates its units');
    const serials = [...sim.engine.state.units.keys()].slice(0, 7);
    const selections: Selection[] = [
      { family: 'aligner', connected: true },
      { version: '5.*' },
      { family: 'gtps', belowLatest: true },
      { staged: false, country: 'us' },
      { updatable: true, connected: false },
      { serials, family: 'aligner' },
    ];
    const scenario = {
      name: 'every filter',
      units: selections.map((select) => ({ select, set: { logLevel: 'INFO' } })),
    };
    const expected = () =>
      selections.map((select) => selectUnits(t.server.deps, sim, select, new Rng('test')).length);
    // The index follows the simulators within a poll: a unit finishing an update meanwhile moves a count.
    let matching: (number | null)[] = [];
    for (let tries = 0; tries < 20; tries++) {
      const res = await t.as('engineer').post(PREVIEW).send({ scenario });
      expect([res.status, res.body]).toEqual([200, expect.anything()]);
      matching = scenarioPreviewSchema.parse(res.body).selections.map((s) => s.matching);
      if (JSON.stringify(matching) === JSON.stringify(expected())) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(matching).toEqual(expected());
    expect(matching.every((n) => (n ?? 0) > 0)).toBe(true);
  });

  it('when a scenario object takes services down and publishes later, then the preview lists them with their steps', async () => {
    const res = await t
      .as('admin')
      .post(PREVIEW)
      .send({
        scenario: {
          name: 'outage then release',
          services: { charon: 'down' },
          units: [{ select: { connected: true, fraction: 0.5 }, set: { connected: false } }],
          steps: [
            { at: '20m', services: { charon: 'up' } },
            { at: '1h', publish: [{ family: 'aligner', version: '9.9.0' }] },
          ],
          clock: { advance: '5m' },
        },
      });
    expect(res.status).toBe(200);
    const preview = scenarioPreviewSchema.parse(res.body);
    expect(preview.servicesDown).toEqual([{ service: 'charon', at: null }]);
    expect(preview.releases).toEqual([{ family: 'aligner', version: '9.9.0', at: '1h' }]);
    expect(preview.steps).toEqual([{ at: '20m' }, { at: '1h' }]);
    expect(preview.clockAdvance).toBe('5m');
    const [half] = preview.selections;
    expect(half?.matching).toBeGreaterThan(0);
    expect(half?.picked).toBe(Math.round((half?.matching as number) * 0.5));
  });

  it('when the body is bad, the scenario invalid or unknown, then 400 with details or 404', async () => {
    const both = await t.as('engineer').post(PREVIEW).send({ name: 'hung-downloads', text: 'name: x' });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ error: expect.any(String), details: expect.anything() });
    const invalid = await t
      .as('engineer')
      .post(PREVIEW)
      .send({ scenario: { name: 'x', churn: -1 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.details).toEqual([expect.objectContaining({ field: 'churn' })]);
    const unknown = await t.as('engineer').post(PREVIEW).send({ name: 'no-such-scenario' });
    expect(unknown.status).toBe(404);
  });

  it('when support or nobody asks, then 403 or 401', async () => {
    expect((await t.as('support').post(PREVIEW).send({ name: 'hung-downloads' })).status).toBe(403);
    expect((await t.as('support').post(VALIDATE).send({ text: 'name: x' })).status).toBe(403);
    expect((await t.http.post(PREVIEW).send({ name: 'hung-downloads' })).status).toBe(401);
    expect((await t.http.post(VALIDATE).send({ text: 'name: x' })).status).toBe(401);
  });

  it('when a scenario text is validated, then a valid one has no problems and a wrong one names line and field', async () => {
    const valid = await t.as('engineer').post(VALIDATE).send({ text: 'name: ok\nchurn: 2\n' });
    expect(valid.status).toBe(200);
    expect(valid.body).toEqual({ problems: [] });
    const wrong = await t
      .as('engineer')
      .post(VALIDATE)
      .send({ text: 'name: wrong\nchurn: 2\nunits:\n  - select: { family: toaster }\n    set: {}\n' });
    expect(wrong.status).toBe(200);
    expect(wrong.body.problems).toEqual([
      expect.objectContaining({ line: 4, field: 'units[0].select.family' }),
    ]);
    const broken = await t.as('engineer').post(VALIDATE).send({ text: 'name: [unclosed\n' });
    expect(broken.body.problems[0]).toMatchObject({ line: expect.any(Number), field: '' });
    expect((await t.as('engineer').post(VALIDATE).send({})).status).toBe(400);
  });

  it('when engineer steps the clock, then the audit log says who and other consoles are told', async () => {
    const told = nextChange();
    const res = await t.as('engineer').post(CLOCK).send({ step: '15m' });
    expect(res.status).toBe(200);
    clockSchema.parse(res.body);
    expect(await told).toEqual({ change: 'clock', by: 'engineer' });
    const [latest] = await simulatorActions();
    expect(latest).toMatchObject({
      command: 'simulator.clock',
      username: 'engineer',
      args: { step: '15m', now: res.body.now },
    });
  });

  it('when engineer applies a scenario, then the audit log says who and what, and other consoles are told', async () => {
    const told = nextChange();
    const res = await t.as('engineer').post(APPLY).send({ name: 'hung-downloads' });
    expect(res.status).toBe(200);
    expect(await told).toEqual({ change: 'scenario', by: 'engineer' });
    const [latest] = await simulatorActions();
    expect(latest).toMatchObject({
      command: 'simulator.scenario',
      username: 'engineer',
      args: { name: 'hung-downloads', unitsChanged: res.body.unitsChanged, stepsScheduled: 0 },
    });
  });

  describe('the timeline of applied scenarios', () => {
    const latestRun = async (): Promise<ScenarioRun> => {
      const res = await t.as('engineer').get(RUNS).query({ page: 1 });
      expect(res.status).toBe(200);
      return scenarioRunSchema.parse(res.body.docs[0]);
    };
    const silvioUp = async () => (await t.as('support').get('/api/v1/check_services')).body.silvio as boolean;

    it('when a scenario with later steps is applied, stepped past one and its run cancelled, then the timeline shows them and the cancelled step never plays', async () => {
      const applied = await t
        .as('engineer')
        .post(APPLY)
        .send({
          scenario: {
            name: 'logging blip',
            steps: [
              { at: '1h', services: { silvio: 'down' } },
              { at: '2h', services: { silvio: 'up' } },
            ],
          },
        });
      expect(applied.status).toBe(200);
      const run = await latestRun();
      expect(run).toMatchObject({ name: 'logging blip', appliedBy: 'engineer' });
      expect(Date.parse(run.appliedAt)).toBeLessThanOrEqual(Date.parse(applied.body.clock.now));
      expect(run.steps.map((s) => [s.at, s.state])).toEqual([
        ['1h', 'pending'],
        ['2h', 'pending'],
      ]);
      expect(Date.parse(run.steps[1]?.dueAt as string) - Date.parse(run.appliedAt)).toBe(2 * 3_600_000);

      await t.as('engineer').post(CLOCK).send({ step: '1h' });
      await t.server.deps.sim?.engine.flush();
      expect(await silvioUp()).toBe(false);
      expect((await latestRun()).steps.map((s) => s.state)).toEqual(['played', 'pending']);

      const told = nextChange();
      const cancel = await t.as('admin').post(CANCEL).send({ id: run.id });
      expect(cancel.status).toBe(200);
      expect(scenarioRunSchema.parse(cancel.body).steps.map((s) => [s.state, s.cancelledBy])).toEqual([
        ['played', null],
        ['cancelled', 'admin'],
      ]);
      expect(await told).toEqual({ change: 'cancel', by: 'admin' });
      const [latest] = await simulatorActions();
      expect(latest).toMatchObject({
        command: 'simulator.cancel',
        username: 'admin',
        args: { runId: run.id, name: 'logging blip', cancelled: 1 },
      });

      await t.as('engineer').post(CLOCK).send({ step: '2h' });
      await t.server.deps.sim?.engine.flush();
      expect(await silvioUp()).toBe(false);
      expect((await latestRun()).steps.map((s) => s.state)).toEqual(['played', 'cancelled']);
      await t
        .as('admin')
        .post(APPLY)
        .send({ scenario: { name: 'logging back', services: { silvio: 'up' } } });
      expect(await silvioUp()).toBe(true);
    });

    it('when the run is unknown, the body bad or the role without the permission, then 404, 400 or 403', async () => {
      expect((await t.as('engineer').post(CANCEL).send({ id: 999_999 })).status).toBe(404);
      const bad = await t.as('engineer').post(CANCEL).send({ id: 'one' });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ error: expect.any(String), details: expect.anything() });
      expect((await t.as('support').post(CANCEL).send({ id: 1 })).status).toBe(403);
      expect((await t.as('support').get(RUNS)).status).toBe(403);
      expect((await t.http.get(RUNS)).status).toBe(401);
    });
  });
});
