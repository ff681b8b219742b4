import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import {
  simSnapshotSchema,
  worldDigestAnswerSchema,
  type SimSnapshot,
  type SimulatorChangedPayload,
} from '@equipment-dashboard/contract';
import type { Socket } from 'socket.io-client';
import { rowsOf } from '../../store/repos/feed-repo';
import { findSnapshot, restoreSnapshot, worldDigestIn } from '../../store/repos/snapshots-repo';
import { auditTrail, settle, simOf, ticketBody, unitWhere } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const LIST = '/sim/snapshots/v1/';
const CREATE = '/create/sim_snapshot/v1';
const RESTORE = '/sim/snapshot_restored/v1';
const EXPORT = '/sim/snapshot/v1/export';
const IMPORT = '/sim/snapshot/v1/import';
const DIGEST = '/sim/world_digest/v1';

/** A supertest answer's body as raw bytes. */
const binary = (
  res: NodeJS.ReadableStream & { setEncoding(e: string): void },
  cb: (e: Error | null, b: Buffer) => void,
) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(Buffer.from(chunk)));
  res.on('end', () => cb(null, Buffer.concat(chunks)));
};

describe('field-state snapshots', () => {
  // A 1 MiB import limit, so that "too big" is cheap to send.
  const t = useTestServer({
    users: ['admin', 'engineer', 'support'],
    env: { SIM_SNAPSHOT_IMPORT_MAX_MB: '1' },
  });
  let socket: Socket;
  beforeAll(async () => {
    socket = await t.live('admin');
    // The clock stands still: the world changes only by what a test does.
    expect((await t.as('admin').post('/sim/clock').send({ speed: 0 })).status).toBe(200);
  });

  const digest = async () => worldDigestAnswerSchema.parse((await t.as('engineer').get(DIGEST)).body).digest;
  const save = async (name: string): Promise<SimSnapshot> => {
    const res = await t.as('engineer').post(CREATE).send({ name });
    expect(res.status).toBe(201);
    return simSnapshotSchema.parse(res.body);
  };
  const restore = (id: number) => t.as('engineer').post(RESTORE).send({ id });
  const playHungHour = async () => {
    expect((await t.as('engineer').post('/sim/scenario/apply').send({ name: 'hung-downloads' })).status).toBe(
      200,
    );
    expect((await t.as('engineer').post('/sim/clock').send({ step: '1h' })).status).toBe(200);
    await settle(t);
  };
  /** What the lists and the dashboard show. */
  const screens = async () => {
    const list = await t.as('support').get('/read/aligners/v1/').query({ page: 1 });
    const versions = await t.as('support').get('/read/aligner_software_versions/v1');
    const staged = await t.as('support').get('/read/staged_update_totals/v1');
    return {
      total: list.body.totalDocs as number,
      page: (list.body.docs as { serialNumber: string; connected: boolean; updateState: unknown }[]).map(
        (d) => [d.serialNumber, d.connected, d.updateState],
      ),
      versions: versions.body as unknown,
      staged: staged.body as unknown,
    };
  };
  const snapshotCount = async () =>
    (await t.as('engineer').get(LIST).query({ page: 1 })).body.totalDocs as number;
  const download = async (id: number): Promise<Buffer> => {
    const res = await t
      .as('engineer')
      .get(EXPORT)
      .query({ id })
      .buffer(true)
      .parse(binary as never);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/gzip');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename=".*\.json\.gz"/);
    return res.body as Buffer;
  };
  const upload = (file: Buffer) =>
    t.as('engineer').post(IMPORT).set('Content-Type', 'application/gzip').send(file);

  let saved: SimSnapshot;

  it('when the field is saved, a scenario played for an hour and the snapshot restored, then the world, a unit, the lists and the dashboard are as before', async () => {
    await settle(t);
    const before = await digest();
    const screensBefore = await screens();
    const unit = await unitWhere(t, (u) => u.family === 'aligner');
    const unitBefore = (
      await t.as('support').get('/read/aligner/v1').query({ serialNumber: unit.serialNumber })
    ).body;
    const changed = new Promise<SimulatorChangedPayload>((resolve) =>
      socket.once('SIMULATOR_CHANGED', resolve),
    );

    saved = await save('before the hung downloads');
    expect(saved).toMatchObject({ name: 'before the hung downloads', createdBy: 'engineer', digest: before });
    expect(saved.units).toBe(worldDigestAnswerSchema.parse((await t.as('engineer').get(DIGEST)).body).units);
    expect(saved.bytes).toBeGreaterThan(0);
    expect(await changed).toEqual({ change: 'snapshot', by: 'engineer' });
    const listed = (await t.as('engineer').get(LIST).query({ page: 1 })).body;
    expect(listed.docs[0]).toEqual(saved);

    await playHungHour();
    expect(await digest()).not.toBe(before);

    const restoredEvent = new Promise<SimulatorChangedPayload>((resolve) =>
      socket.once('SIMULATOR_CHANGED', resolve),
    );
    const res = await restore(saved.id);
    expect(res.status).toBe(200);
    expect(res.body.digest).toBe(saved.digest);
    expect(res.body.snapshot).toEqual(saved);
    expect(await restoredEvent).toEqual({ change: 'restore', by: 'engineer' });
    expect(await digest()).toBe(saved.digest);
    expect(await screens()).toEqual(screensBefore);
    const unitAfter = (
      await t.as('support').get('/read/aligner/v1').query({ serialNumber: unit.serialNumber })
    ).body;
    expect(unitAfter).toEqual(unitBefore);
    const clock = (await t.as('engineer').get('/sim/clock')).body as { now: string };
    expect(clock.now).toBe(saved.simulatedAt);

    const actions = (await auditTrail(t))
      .filter((a) => a.command.startsWith('simulator.'))
      .map((a) => a.command);
    expect(actions).toEqual(expect.arrayContaining(['simulator.snapshot', 'simulator.restore']));
  });

  it('when the same snapshot is restored and the same scenario and clock steps played twice, then the world digest is the same both times', async () => {
    const digests: string[] = [];
    for (let i = 0; i < 2; i++) {
      expect((await restore(saved.id)).status).toBe(200);
      await playHungHour();
      digests.push(await digest());
    }
    expect(digests[0]).toBe(digests[1]);
    expect(digests[0]).not.toBe(saved.digest);
  });

  it('when units had voltage trouble at the save, then after a restore their voltages come out of range again', async () => {
    const apply = async (scenario: object) =>
      expect((await t.as('engineer').post('/sim/scenario/apply').send(scenario)).status).toBe(200);
    await apply({ name: 'voltages-out-of-range' });
    await settle(t);
    const troubled = [...simOf(t).voltageTrouble].sort();
    expect(troubled.length).toBeGreaterThan(0);
    const saved = await save('voltage trouble');
    await apply({
      scenario: {
        name: 'voltages back',
        units: [{ select: { serials: troubled }, set: { voltages: 'normal' } }],
      },
    });
    await settle(t);
    expect(simOf(t).voltageTrouble.size).toBe(0);
    expect((await restore(saved.id)).status).toBe(200);
    // The simulator's readings of those units come out of range again (commands-router.test: a unit with trouble).
    expect([...simOf(t).voltageTrouble].sort()).toEqual(troubled);
  });

  it('when a snapshot holds a pending scenario step, then after a restore the step is pending again and plays at its time', async () => {
    const db = t.server.deps.db;
    const charonUp = async () =>
      rowsOf<{ up: boolean }>(await db.execute(sql`SELECT up FROM services WHERE name = 'charon'`))[0];
    expect((await restore(saved.id)).status).toBe(200);
    const applied = await t
      .as('engineer')
      .post('/sim/scenario/apply')
      .send({ scenario: { name: 'gateway later', steps: [{ at: '30m', services: { charon: 'down' } }] } });
    expect(applied.status).toBe(200);
    const withStep = await save('a step to come');
    const stepHour = async () => {
      expect((await t.as('engineer').post('/sim/clock').send({ step: '1h' })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      await settle(t);
    };
    await stepHour();
    expect((await charonUp())?.up).toBe(false);
    const digests: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await restore(withStep.id);
      expect(res.status).toBe(200);
      expect((await charonUp())?.up ?? true).toBe(true);
      const runs = await t.as('engineer').get('/sim/scenario_runs/v1/').query({ page: 1 });
      expect(runs.body.docs[0]).toMatchObject({
        name: 'gateway later',
        steps: [{ at: '30m', state: 'pending' }],
      });
      await stepHour();
      expect((await charonUp())?.up).toBe(false);
      digests.push(await digest());
    }
    expect(digests[0]).toBe(digests[1]);
  });

  it('when a snapshot is exported and imported, then the file is versioned and the imported snapshot restores the same world', async () => {
    const file = await download(saved.id);
    const lines = gunzipSync(file).toString('utf8').trim().split('\n');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      format: 'equipment-dashboard-snapshot',
      version: 2,
      digest: saved.digest,
      units: saved.units,
    });
    const res = await upload(file);
    expect(res.status).toBe(201);
    const imported = simSnapshotSchema.parse(res.body);
    expect(imported).toMatchObject({
      name: saved.name,
      digest: saved.digest,
      units: saved.units,
      createdBy: 'engineer',
    });
    expect(imported.id).not.toBe(saved.id);
    const restored = await restore(imported.id);
    expect(restored.status).toBe(200);
    expect(restored.body.digest).toBe(saved.digest);
    expect(await digest()).toBe(saved.digest);
    const actions = (await auditTrail(t)).map((a) => a.command);
    expect(actions).toContain('simulator.import');
  });

  it('when a bad file is imported, then it is refused with what is wrong and nothing is stored', async () => {
    const lines = gunzipSync(await download(saved.id))
      .toString('utf8')
      .trim()
      .split('\n');
    const pack = (ls: string[]) => gzipSync(Buffer.from(ls.join('\n') + '\n'));
    const header = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    const count = await snapshotCount();

    const otherVersion = await upload(pack([JSON.stringify({ ...header, version: 1 }), ...lines.slice(1)]));
    expect(otherVersion.status).toBe(400);
    expect(otherVersion.body.details).toEqual({ version: 'expected 2, found 1' });

    const corrupt = await upload(Buffer.from('this is not a gzip file at all'));
    expect(corrupt.status).toBe(400);
    expect(corrupt.body.details).toHaveProperty('gzip');

    const whole = pack(lines);
    const truncated = await upload(whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated.status).toBe(400);
    expect(truncated.body.details).toHaveProperty('gzip');

    const cutAtLine = await upload(pack(lines.slice(0, -5)));
    expect(cutAtLine.status).toBe(400);
    expect(cutAtLine.body.details).toHaveProperty('rows');

    const unitLine = lines.findIndex((l) => l.includes('"kind":"units"'));
    const changed = [...lines];
    changed[unitLine] = (changed[unitLine] ?? '').replace(
      /"connected":(true|false)/,
      (_m, v) => `"connected":${v === 'true' ? 'false' : 'true'}`,
    );
    const tampered = await upload(pack(changed));
    expect(tampered.status).toBe(400);
    expect(tampered.body.details.digest).toContain(`the header says ${saved.digest}`);

    const tooBig = await upload(Buffer.alloc(1024 * 1024 + 1, 1));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.details).toHaveProperty('size');

    expect(await snapshotCount()).toBe(count);
  });

  it('when a ticket is created after the save, then a restore keeps it', async () => {
    const unit = await unitWhere(t, (u) => u.family === 'aligner');
    const created = await t
      .as('support')
      .post('/create/ticket/v1')
      .send(ticketBody(unit, { description: 'Made after the save' }));
    expect(created.status).toBe(200);
    expect((await restore(saved.id)).status).toBe(200);
    const tickets = await t.as('support').get('/read/tickets/v1/').query({ page: 1 });
    expect((tickets.body.docs as { id: number }[]).map((d) => d.id)).toContain(created.body.id);
  });

  it('when a rollout runs, then a restore is refused with why and the world stays', async () => {
    const db = t.server.deps.db;
    await playHungHour();
    const before = await digest();
    await db.execute(sql`INSERT INTO rollouts (name, family, version, path, target, phases, failure_threshold, success_threshold, state, created_by)
      VALUES ('running now', 'aligner', '9.0.0', '/updates/aligner/9.0.0', '{"kind":"filters"}', '{100}', 0.1, 0.9, 'running', 'engineer')`);
    try {
      const res = await restore(saved.id);
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('rollout(s) running');
      expect(await digest()).toBe(before);
    } finally {
      await db.execute(sql`UPDATE rollouts SET state = 'aborted' WHERE name = 'running now'`);
    }
  });

  it('when a restore fails before it commits, then the world is as it was (one transaction)', async () => {
    const db = t.server.deps.db;
    await playHungHour();
    const head = { simulatedAt: t.server.deps.clock.now(), speed: 0, seed: 'test-world' };
    const before = await worldDigestIn(db, head);
    const row = await findSnapshot(db, saved.id);
    if (!row) throw new Error('the snapshot is gone');
    await expect(
      restoreSnapshot(
        db,
        row,
        { baseSim: row.simulatedAt.getTime(), baseReal: Date.now(), speed: 0 },
        async () => {
          throw new Error('the store went away half-way');
        },
      ),
    ).rejects.toThrow('half-way');
    expect(await worldDigestIn(db, head)).toEqual(before);
    expect(before.digest).not.toBe(saved.digest);
  });

  it('when the store fails part-way through an export, then the download ends and the server goes on serving', async () => {
    const db = t.server.deps.db;
    // The rows after the units' cannot be read: the file's first lines are sent, then the read fails.
    await db.execute(sql`ALTER TABLE sim_snapshot_commands RENAME TO sim_snapshot_commands_away`);
    try {
      const failed = await t
        .as('engineer')
        .get(EXPORT)
        .query({ id: saved.id })
        .buffer(true)
        .parse(binary as never)
        .then(
          (res) => ({ status: res.status, body: res.body as Buffer }),
          () => null,
        );
      // Cut short: an error answer, a closed socket, or a file without its end line.
      if (failed?.status === 200)
        expect(gunzipSync(failed.body, { finishFlush: 2 }).toString()).not.toContain('"end":true');
    } finally {
      await db.execute(sql`ALTER TABLE sim_snapshot_commands_away RENAME TO sim_snapshot_commands`);
    }
    expect((await t.as('engineer').get(LIST).query({ page: 1 })).status).toBe(200);
    expect((await download(saved.id)).length).toBeGreaterThan(0);
  });

  it('when someone without the permission or a token calls, or names no snapshot, then 401, 403 and 404', async () => {
    expect((await t.http.get(LIST)).status).toBe(401);
    expect((await t.http.post(IMPORT).send(Buffer.from('x'))).status).toBe(401);
    expect((await t.as('support').get(LIST)).status).toBe(403);
    expect((await t.as('support').post(CREATE).send({ name: 'x' })).status).toBe(403);
    expect((await t.as('support').post(RESTORE).send({ id: saved.id })).status).toBe(403);
    expect((await t.as('support').get(DIGEST)).status).toBe(403);
    expect((await restore(999_999)).status).toBe(404);
    expect((await t.as('engineer').get(EXPORT).query({ id: 999_999 })).status).toBe(404);
    expect((await t.as('engineer').post(CREATE).send({ name: '  ' })).status).toBe(400);
  });
});
