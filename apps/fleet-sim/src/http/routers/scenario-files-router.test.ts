import { parse } from 'yaml';
import {
  capturedScenarioSchema,
  type Aligner,
  type AuditEntry,
  type SavedView,
  type SimulatorChangedPayload,
} from '@equipment-dashboard/contract';
import { isVoltageInRange } from '@equipment-dashboard/domain';
import { runScenarioList } from '../../cli/scenario-command';
import { engineOf, setSpeed, settle } from '../../test/fleet-helpers';
import { startTestServer, useTestServer, type TestServer } from '../../test/test-server';

const CAPTURE = '/sim/scenario_capture/v1';
const APPLY = '/sim/scenario/apply';
const SAVE = '/create/sim_scenario/v1';
const LIST = '/sim/scenarios';
const TEXT = '/sim/scenario_text/v1';
const DOWNLOAD = '/sim/scenario/v1/download';
const DELETE = '/delete/sim_scenario/v1';

/** What the console shows of a unit that a capture keeps: connection, version, staging, update phase, voltages. */
async function shownState(http: TestServer['http'], token: string, serialNumber: string) {
  const res = await http
    .get('/read/aligner/v1/')
    .query({ serialNumber, username: 'admin' })
    .set({ Authorization: `Bearer ${token}` });
  expect(res.status).toBe(200);
  const unit = res.body as Aligner;
  const download = unit.updateState?.downloadProgress?.software?.fileProgress;
  return {
    serialNumber,
    connected: unit.connected,
    version: unit.version.semantic,
    staged: unit.pendingSoftwareDownload,
    state: unit.updateState?.state,
    downloaded: download?.progress ?? null,
    hung: download ? download.transferRate === 0 : null,
    installed: unit.updateState?.installProgress?.progress ?? null,
    voltagesOut: unit.voltages
      ? unit.voltages.boards.some((b) => b.Parameters.some((p) => !isVoltageInRange(p)))
      : false,
  };
}

describe('capture as scenario', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support'] });

  /** 40 aligners of the test world, in order. */
  const forty = () =>
    [...engineOf(t).state.units.values()]
      .filter((u) => u.family === 'aligner')
      .map((u) => u.serialNumber)
      .sort()
      .slice(0, 40);

  it('when 40 units in various states are captured and the scenario is applied to a fresh server of the same seed, then those units show the same states there', async () => {
    await setSpeed(t, 0);
    const serials = forty();
    const arrange = await t
      .as('admin')
      .post(APPLY)
      .send({
        scenario: {
          name: 'arrange',
          units: [
            {
              select: { serials: serials.slice(0, 8) },
              set: { connected: true, update: { phase: 'downloading', progress: 37, hung: true } },
            },
            { select: { serials: serials.slice(8, 16) }, set: { connected: false } },
            { select: { serials: serials.slice(16, 24) }, set: { staged: 'latest' } },
            { select: { serials: serials.slice(24, 30) }, set: { voltages: 'outOfRange' } },
            { select: { serials: serials.slice(30, 36) }, set: { version: '4.3.7', staged: false } },
            {
              select: { serials: serials.slice(36, 40) },
              set: { connected: true, update: { phase: 'installing', progress: 55 } },
            },
          ],
        },
      });
    expect(arrange.status).toBe(200);
    await settle(t);
    const token = t.token('admin');
    const before = await Promise.all(serials.map((s) => shownState(t.http, token, s)));
    expect(before.filter((s) => s.hung).map((s) => s.downloaded)).toEqual(Array(8).fill(37));
    expect(before.filter((s) => !s.connected).length).toBeGreaterThanOrEqual(8);
    expect(before.filter((s) => s.voltagesOut).length).toBeGreaterThanOrEqual(6);

    const res = await t.as('engineer').post(CAPTURE).send({ selection: { serials } });
    expect(res.status).toBe(200);
    const captured = capturedScenarioSchema.parse(res.body);
    expect(captured.units).toBe(40);
    const doc = parse(captured.yaml) as { units: { select: { serials: string[] } }[] };
    // Units in the same state (the 8 hung downloads of one version among them) share a rule.
    expect(doc.units.length).toBeLessThan(40);
    expect(doc.units.flatMap((r) => r.select.serials).sort()).toEqual(serials);

    const fresh = await startTestServer();
    try {
      const freshToken = await fresh.tokenFor('admin');
      await setSpeed(fresh, 0);
      const untouched = await Promise.all(serials.map((s) => shownState(fresh.http, freshToken, s)));
      expect(untouched).not.toEqual(before);
      const applied = await fresh.http
        .post(APPLY)
        .set({ Authorization: `Bearer ${freshToken}` })
        .send({ text: captured.yaml });
      expect(applied.status).toBe(200);
      expect(applied.body.unitsChanged).toBe(40);
      await settle(fresh);
      const after = await Promise.all(serials.map((s) => shownState(fresh.http, freshToken, s)));
      expect(after).toEqual(before);
    } finally {
      await fresh.close();
    }
  });

  it('when units are captured by a saved view or by the list filters, then the scenario holds every unit they match', async () => {
    const filters = { filterFamily: 'gtps', filterCountryCode: 'DE' };
    const byFilters = await t.as('admin').post(CAPTURE).send({ selection: { filters } });
    expect(byFilters.status).toBe(200);
    const list = await t
      .as('admin')
      .get('/read/aligners/v1/')
      .query({ page: 1, ...filters });
    expect(byFilters.body.units).toBe(list.body.totalDocs);
    const view = await t
      .as('admin')
      .post('/create/saved_view/v1')
      .send({ screen: 'equipment', name: 'German Tru-Points', query: filters });
    expect(view.status).toBe(200);
    const byView = await t
      .as('admin')
      .post(CAPTURE)
      .send({ selection: { viewId: (view.body as SavedView).id } });
    expect(byView.status).toBe(200);
    expect(byView.body.units).toBe(byFilters.body.units);
    const serialsOf = (yaml: string) =>
      (parse(yaml) as { units: { select: { serials: string[] } }[] }).units
        .flatMap((r) => r.select.serials)
        .sort();
    expect(serialsOf(byView.body.yaml)).toEqual(serialsOf(byFilters.body.yaml));
    // Another user's private view is not theirs to capture.
    const other = await t
      .as('engineer')
      .post(CAPTURE)
      .send({ selection: { viewId: view.body.id } });
    expect(other.status).toBe(404);
  });

  it('when a capture names more than 10,000 units or unknown serials, then it is refused with why', async () => {
    const many = Array.from({ length: 10_001 }, (_, i) => `AX${String(i).padStart(7, '0')}`);
    const tooMany = await t
      .as('admin')
      .post(CAPTURE)
      .send({ selection: { serials: many } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('at most 10,000 units');
    const unknown = await t
      .as('admin')
      .post(CAPTURE)
      .send({ selection: { serials: [forty()[0], 'NO-SUCH-1', 'NO-SUCH-2'] } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ missing: ['NO-SUCH-1', 'NO-SUCH-2'] });
  });

  it('when a capture is asked without a token or by a role without simulator control, then 401 and 403', async () => {
    const body = { selection: { serials: forty().slice(0, 2) } };
    expect((await t.http.post(CAPTURE).send(body)).status).toBe(401);
    expect((await t.as('support').post(CAPTURE).send(body)).status).toBe(403);
  });
});

describe('the saved scenario library', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support'] });
  const TEXT_OK =
    'name: my outage\ndescription: Half the connected units drop.\nunits:\n  - select: { connected: true, fraction: 0.5 }\n    set: { connected: false }\n';

  it('when engineer saves a scenario, then it is listed as saved, reads back, downloads as YAML, previews and applies by name, and its delete is audited', async () => {
    const admin = await t.live('admin');
    const heard: SimulatorChangedPayload[] = [];
    admin.on('SIMULATOR_CHANGED', (payload: SimulatorChangedPayload) => heard.push(payload));
    const saved = await t.as('engineer').post(SAVE).send({ name: 'my-outage', text: TEXT_OK });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ name: 'my-outage', source: 'saved' });
    const list = await t.as('engineer').get(LIST);
    expect(list.body).toContainEqual({
      name: 'my-outage',
      description: 'Half the connected units drop.',
      source: 'saved',
    });
    expect(list.body).toContainEqual(expect.objectContaining({ name: 'hung-downloads', source: 'builtin' }));
    // The CLI's `scenario list` on the same DATA_DIR lists it too.
    const printed: string[] = [];
    const log = jest.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
    try {
      runScenarioList(t.server.deps.config.DATA_DIR);
    } finally {
      log.mockRestore();
    }
    expect(printed).toContain('my-outage (saved)\n  Half the connected units drop.\n');
    expect(printed.some((line) => line.startsWith('hung-downloads\n'))).toBe(true);
    const text = await t.as('engineer').get(TEXT).query({ name: 'my-outage' });
    expect(text.body).toEqual({ name: 'my-outage', source: 'saved', text: TEXT_OK });
    const download = await t.as('engineer').get(DOWNLOAD).query({ name: 'my-outage' }).buffer(true);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toContain('my-outage.yaml');
    expect(download.text ?? String(download.body)).toBe(TEXT_OK);
    const preview = await t.as('engineer').post('/sim/scenario_preview/v1').send({ name: 'my-outage' });
    expect(preview.status).toBe(200);
    expect(preview.body.name).toBe('my outage');
    const applied = await t.as('engineer').post(APPLY).send({ name: 'my-outage' });
    expect(applied.status).toBe(200);

    const deleted = await t.as('engineer').post(DELETE).send({ name: 'my-outage' });
    expect(deleted.body).toEqual({ name: 'my-outage', deleted: true });
    expect((await t.as('engineer').get(LIST)).body.map((s: { name: string }) => s.name)).not.toContain(
      'my-outage',
    );
    expect((await t.as('engineer').post(DELETE).send({ name: 'my-outage' })).status).toBe(404);
    const trail = await t.as('admin').get('/read/audits/v1/').query({ page: 1 });
    const actions = (trail.body.docs as AuditEntry[])
      .filter((d) => d.command.startsWith('simulator.scenario') && d.command !== 'simulator.scenario')
      .map((d) => [d.command, d.username]);
    expect(actions).toEqual(
      expect.arrayContaining([
        ['simulator.scenarioSaved', 'engineer'],
        ['simulator.scenarioDeleted', 'engineer'],
      ]),
    );
    // Another open Simulator screen is told, and reads its library again.
    await new Promise((r) => setTimeout(r, 300));
    expect(heard).toEqual(
      expect.arrayContaining([
        { change: 'scenarioSaved', by: 'engineer' },
        { change: 'scenarioDeleted', by: 'engineer' },
      ]),
    );
  });

  it('when a save takes a built-in name, then 409; a built-in one cannot be deleted either', async () => {
    const res = await t.as('admin').post(SAVE).send({ name: 'hung-downloads', text: TEXT_OK });
    expect(res.status).toBe(409);
    expect((await t.as('admin').post(DELETE).send({ name: 'hung-downloads' })).status).toBe(409);
    expect((await t.as('admin').post(SAVE).send({ name: 'rollout-in-progress', text: TEXT_OK })).status).toBe(
      409,
    );
  });

  it('when the text is not a valid scenario, then 400 with each problem at its line and nothing is saved', async () => {
    const res = await t
      .as('admin')
      .post(SAVE)
      .send({ name: 'broken', text: 'name: broken\nunits:\n  - set: { connected: maybe }\n' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([expect.objectContaining({ line: 3, field: 'units[0].set.connected' })]);
    expect((await t.as('admin').get(TEXT).query({ name: 'broken' })).status).toBe(404);
  });

  it('when a name reaches outside the folder or is not a plain name, then it is refused', async () => {
    for (const name of ['../escape', 'a/b', '..', 'Upper', '.hidden', 'x'.repeat(81)]) {
      expect((await t.as('admin').post(SAVE).send({ name, text: TEXT_OK })).status).toBe(400);
      expect((await t.as('admin').get(DOWNLOAD).query({ name })).status).toBe(400);
    }
  });

  it('when a role without simulator control saves or reads, then 403; without a token, 401', async () => {
    expect((await t.as('support').post(SAVE).send({ name: 'x', text: TEXT_OK })).status).toBe(403);
    expect((await t.as('support').get(TEXT).query({ name: 'hung-downloads' })).status).toBe(403);
    expect((await t.http.post(SAVE).send({ name: 'x', text: TEXT_OK })).status).toBe(401);
  });
});
