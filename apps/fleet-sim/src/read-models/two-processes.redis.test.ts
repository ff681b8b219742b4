import request from 'supertest';
import { dropSchema } from '../test/test-store';
import * as spawned from '../test/spawn-server';
import type { ServerProcess } from '../test/spawn-server';

/**
 * The store is the system of record: a server and a second, API-only process (SIM_ENGINE=false) on one
 * PostgreSQL answer alike within a second, whichever took the write, and no later write-behind of the
 * simulating process undoes a write taken by the other.
 */
describe('two processes on one PostgreSQL', () => {
  const { schema, env } = spawned.sharedStoreEnv('400');
  const shared = { ...env, FLEET_SEED: 'two-processes' };
  let fleet: ServerProcess;
  let api: ServerProcess;
  let tokens: { fleet: string; api: string };

  beforeAll(async () => {
    spawned.requireBuild();
    fleet = await spawned.startServerProcess(shared);
    api = await spawned.startServerProcess({ ...shared, SIM_ENGINE: 'false' });
    tokens = {
      fleet: await spawned.tokenAt(fleet.url, 'admin'),
      api: await spawned.tokenAt(api.url, 'admin'),
    };
  });

  afterAll(async () => {
    await Promise.all([fleet?.stop(), api?.stop()]);
    await dropSchema(env['DATABASE_URL'] ?? '', schema);
  });

  const on = (server: ServerProcess) => ({
    get: (path: string, query: Record<string, string> = {}) =>
      request(server.url)
        .get(path)
        .query(query)
        .set('Authorization', `Bearer ${server === fleet ? tokens.fleet : tokens.api}`),
    post: (path: string, body: object) =>
      request(server.url)
        .post(path)
        .set('Authorization', `Bearer ${server === fleet ? tokens.fleet : tokens.api}`)
        .send(body),
  });
  const detail = async (server: ServerProcess, serial: string) =>
    (await on(server).get('/read/aligner/v1/', { serialNumber: serial, username: 'admin' })).body;
  const stagedTotals = async (server: ServerProcess) =>
    (await on(server).get('/read/staged_update_totals/v1')).body;
  const stagedList = async (server: ServerProcess) =>
    (await on(server).get('/read/updatescheduler_aligners/v1/', { onlyStaged: 'true', page: '1' })).body
      .totalDocs as number;

  /** Aligners that can be staged to the latest: 5.x below it, nothing pending. */
  async function stageable(count: number, skip: string[] = []): Promise<string[]> {
    const latest = (await on(fleet).get('/read/latest_software_version/v1')).body.semantic as string;
    const found: string[] = [];
    for (let page = 1; found.length < count && page < 40; page++) {
      const docs = (
        await on(fleet).get('/read/updatescheduler_aligners/v1/', {
          page: String(page),
          filterSoftwareVersion: '5.',
        })
      ).body.docs as {
        serialNumber: string;
        version: { semantic: string };
        staging: { isStaged: boolean };
      }[];
      for (const d of docs) {
        if (
          !d.staging.isStaged &&
          d.version.semantic !== latest &&
          !skip.includes(d.serialNumber) &&
          found.length < count
        )
          found.push(d.serialNumber);
      }
    }
    return found;
  }

  async function stage(server: ServerProcess, serial: string): Promise<void> {
    const latest = (await on(server).get('/read/latest_software_version/v1')).body;
    const res = await on(server).post('/create/immediate_stage_of_software_update/v1', {
      serialNumber: serial,
      version: { semantic: latest.semantic, meta: latest.meta },
      path: latest.path,
    });
    expect({ serial, status: res.status, body: res.body }).toMatchObject({ status: 200 });
  }

  it('when both processes are read, then the dashboard figures are the same', async () => {
    for (const path of [
      '/read/staged_update_totals/v1',
      '/read/aligner_software_versions/v1',
      '/read/spec_versions/v1',
      '/read/top_aligners_by_alignment_count/v1',
    ]) {
      const { value } = await spawned.within(
        1000,
        async () => [(await on(fleet).get(path)).body, (await on(api).get(path)).body],
        ([a, b]) => JSON.stringify(a) === JSON.stringify(b),
      );
      expect(value[0]).toEqual(value[1]);
    }
  });

  it('when 10 units are staged through the simulating process, then the API process shows them pending, counted and listed within a second', async () => {
    const before = await stagedTotals(api);
    const listed = await stagedList(api);
    const serials = await stageable(10);
    expect(serials).toHaveLength(10);
    for (const serial of serials) await stage(fleet, serial);
    await spawned.within(
      1000,
      () => stagedTotals(api),
      (t) => t.total === before.total + 10,
    );
    // The staged units move on (ready to download, downloading) while they are read: the two agree within a second.
    const both = await spawned.within(
      1000,
      async () => [await stagedTotals(api), await stagedTotals(fleet)],
      ([a, b]) => JSON.stringify(a) === JSON.stringify(b),
    );
    expect(both.value[0]).toEqual(both.value[1]);
    await spawned.within(
      1000,
      () => stagedList(api),
      (n) => n === listed + 10,
    );
    for (const serial of serials) expect((await detail(api, serial)).pendingSoftwareDownload).not.toBe('');
  });

  it('when 3 units are staged through the API process, then the units take them, and no later write-behind undoes them', async () => {
    const serials = await stageable(3);
    for (const serial of serials) await stage(api, serial);
    for (const serial of serials) {
      const { value } = await spawned.within(
        1000,
        () => detail(fleet, serial),
        (d) => d.pendingSoftwareDownload !== '',
      );
      expect(value.updateState?.state).not.toBe('TRY_INSERT_UPDATE');
    }
    // Several write-behind flushes of the simulating process later, the stagings stand on both processes.
    await new Promise((r) => setTimeout(r, 3_000));
    for (const serial of serials) {
      expect((await detail(fleet, serial)).pendingSoftwareDownload).not.toBe('');
      expect((await detail(api, serial)).pendingSoftwareDownload).not.toBe('');
    }
    const unstaged = await on(api).post('/delete/immediate_unstage_of_software_update/v1', {
      serialNumber: serials[0],
    });
    expect(unstaged.status).toBe(200);
    await spawned.within(
      1000,
      () => detail(fleet, serials[0] as string),
      (d) => d.pendingSoftwareDownload === '',
    );
  });

  it('when a command is sent through the API process, then the unit of the simulating process carries it out and the call has its answer', async () => {
    const connected = (
      await on(api).get('/read/updatescheduler_aligners/v1/', {
        onlyConnected: 'true',
        filterSoftwareVersion: '5.',
      })
    ).body.docs[0].serialNumber;
    const res = await on(api).post('/cmd/aligner_set_logging_level/v1', {
      serialNumber: connected,
      loggingLevel: 'INFO',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'completed', result: { loggingLevel: 'INFO' } });
    expect((await detail(fleet, connected)).logLevel).toBe('INFO');
  });

  it('when a favourite and a ticket are written on one process, then the other shows them', async () => {
    const serial = (await stageable(1))[0] as string;
    expect(
      (await on(api).post('/create/favorite/v1/', { username: 'admin', serialNumber: serial })).status,
    ).toBe(200);
    const radar = (await on(fleet).get('/read/favorites/v1/', { username: 'admin' })).body as {
      serialNumber: string;
    }[];
    expect(radar.map((a) => a.serialNumber)).toContain(serial);
    const unit = await detail(fleet, serial);
    const ticket = await on(fleet).post(
      '/create/ticket/v1',
      spawned.adminTicketFor(unit, 'Seen from both processes'),
    );
    expect(ticket.status).toBe(200);
    expect((await detail(api, serial)).openSupportTickets).toBeGreaterThanOrEqual(1);
  });
});
