import {
  BULK_SERIALS_MAX,
  LIVE_EVENT_SCHEMAS,
  type BulkAction,
  type BulkActionProgress,
} from '@equipment-dashboard/contract';
import { sql } from 'drizzle-orm';
import { isPending } from '../../fleet/desired-state';
import type { UnitRuntime } from '../../fleet/unit-runtime';
import { REASONS, UNIT_ACTIONS } from '../../services/bulk-unit-actions';
import { stage } from '../../services/staging-service';
import { fencedDb } from '../../store/fenced-db';
import {
  checkBulkActionHolder,
  commandsQueuedBy,
  insertBulkAction,
} from '../../store/repos/bulk-actions-repo';
import { rowsOf } from '../../store/repos/feed-repo';
import { FencedOutError } from '../../store/repos/job-leases-repo';
import { updateUser } from '../../store/repos/users-repo';
import {
  engineOf,
  latestOf,
  settle,
  stageableTo,
  stagingBody,
  unitDetail,
  until,
} from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

const CREATE = '/create/bulk_action/v1';
const READ = '/read/bulk_action/v1';

describe('bulk actions on the equipment list', () => {
  const t = useTestServer({
    users: ['support', 'guest', 'admin', 'sito', 'engineer'],
    env: { FAVORITES_LIMIT: '4' },
    liveAs: 'support',
  });

  const units = (pick: (u: UnitRuntime) => boolean, n: number): UnitRuntime[] => {
    const found = [...engineOf(t).state.units.values()].filter(pick).slice(0, n);
    if (found.length < n) throw new Error(`only ${found.length} units of ${n} match`);
    return found;
  };
  const create = (user: string, body: unknown) =>
    t
      .as(user)
      .post(CREATE)
      .send(body as object);
  const read = async (user: string, id: number): Promise<BulkAction> =>
    (await t.as(user).get(READ).query({ id })).body as BulkAction;
  /** Starts a job as `user` and answers it once it is done. */
  const runToEnd = async (user: string, body: unknown): Promise<BulkAction> => {
    const res = await create(user, body);
    expect(res.status).toBe(200);
    return until(
      () => read(user, res.body.id),
      (job) => job.state === 'done',
      15_000,
    );
  };
  const aligner = async (serialNumber: string) => (await unitDetail(t, serialNumber)).body;
  const pendingOf = (u: UnitRuntime) => isPending(u.desired, u.stagedRevDone);

  it('when support stages the latest on picked units, then the job answers running at once and ends with done, skipped with reasons', async () => {
    const latest = latestOf(t, 'aligner');
    const stageable = units(stageableTo('aligner', latest, '4.'), 3);
    const [atLatest] = units(
      (u) => u.family === 'aligner' && u.versionSemantic === latest && !pendingOf(u),
      1,
    );
    const serials = [...stageable.map((u) => u.serialNumber), atLatest?.serialNumber, 'NO-SUCH-UNIT'];
    const heard: BulkActionProgress[] = [];
    const listener = (p: BulkActionProgress) => heard.push(p);
    t.socket.on('BULK_ACTION_UPDATED', listener);

    const res = await create('support', { action: 'stageLatest', selection: { serials } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      action: 'stageLatest',
      total: 5,
      createdBy: 'support',
      selection: { kind: 'serials' },
    });
    expect(['running', 'done']).toContain(res.body.state);

    const job = await until(
      () => read('support', res.body.id),
      (j) => j.state === 'done',
      15_000,
    );
    expect(job).toMatchObject({ total: 5, done: 3, skipped: 2, failed: 0 });
    expect(job.finishedAt).not.toBeNull();
    expect(job.units).toEqual(
      expect.arrayContaining([
        { serialNumber: 'NO-SUCH-UNIT', outcome: 'skipped', reason: REASONS.notFound },
        expect.objectContaining({ serialNumber: atLatest?.serialNumber, outcome: 'skipped' }),
      ]),
    );
    expect(job.reasons.reduce((n, r) => n + r.count, 0)).toBe(2);
    for (const unit of stageable)
      expect((await aligner(unit.serialNumber)).pendingSoftwareDownload).toBe(latest);

    await until(
      async () => heard,
      (list) => list.some((p) => p.id === job.id && p.state === 'done'),
    );
    t.socket.off('BULK_ACTION_UPDATED', listener);
    const last = heard.filter((p) => p.id === job.id).at(-1);
    expect(LIVE_EVENT_SCHEMAS.BULK_ACTION_UPDATED.parse(last)).toMatchObject({ done: 3, skipped: 2 });

    // Unstage the same units, plus one with nothing staged: each unit's own rule applies.
    const [unstaged] = units((u) => u.family === 'gtps' && !pendingOf(u) && !u.flow, 1);
    const undone = await runToEnd('support', {
      action: 'unstage',
      selection: { serials: [...stageable.map((u) => u.serialNumber), unstaged?.serialNumber] },
    });
    expect(undone).toMatchObject({
      done: 3,
      skipped: 1,
      reasons: [{ outcome: 'skipped', reason: REASONS.nothingStaged, count: 1 }],
    });
    for (const unit of stageable) expect((await aligner(unit.serialNumber)).pendingSoftwareDownload).toBe('');
  });

  it('when engineer adds units to My Radar past the limit, then the units past it are skipped with the reason', async () => {
    const before = (await t.as('engineer').get('/read/favorites/v1/').query({ username: 'engineer' }))
      .body as { serialNumber: string }[];
    const mine = new Set(before.map((a) => a.serialNumber));
    const picked = units((u) => !mine.has(u.serialNumber), 6).map((u) => u.serialNumber);
    const job = await runToEnd('engineer', { action: 'addToRadar', selection: { serials: picked } });
    const room = Math.max(0, 4 - before.length);
    expect(job).toMatchObject({ total: 6, done: room, skipped: 6 - room, failed: 0 });
    expect(job.reasons).toEqual([
      expect.objectContaining({
        outcome: 'skipped',
        count: 6 - room,
        reason: expect.stringMatching(/4 units/),
      }),
    ]);
    const after = (await t.as('engineer').get('/read/favorites/v1/').query({ username: 'engineer' }))
      .body as unknown[];
    expect(after).toHaveLength(Math.max(4, before.length));
  });

  it.each([
    ['getVoltages', 'aligner_get_voltages'],
    ['getUsbStatus', 'aligner_get_usb_status'],
    ['getPrinterStatus', 'aligner_get_printer_status'],
    ['checkCloud', 'aligner_check_now'],
  ])(
    'when %s runs on units, connected or not, then each gets the command %s in the durable queue',
    async (action, command) => {
      const connected = units((u) => u.family === 'aligner' && u.connected, 1);
      const offline = units((u) => u.family === 'aligner' && !u.connected, 1);
      const serials = [...connected, ...offline].map((u) => u.serialNumber);
      const job = await runToEnd('support', { action, selection: { serials } });
      const result = await t.server.deps.db.execute(
        sql`SELECT serial_number, username FROM commands WHERE command = ${command} AND args @> ${JSON.stringify({ bulkActionId: job.id })}::jsonb`,
      );
      const rows = rowsOf<{ serial_number: string; username: string }>(result);
      // A unit whose software lacks the command is skipped with the reason; every other one has its command queued.
      expect(job.done + job.skipped).toBe(2);
      expect(job.done).toBeGreaterThan(0);
      expect(job.units.every((u) => u.reason === REASONS.notSupported)).toBe(true);
      expect(rows.map((r) => r.serial_number).sort()).toEqual(
        serials.filter((s) => !job.units.some((u) => u.serialNumber === s)).sort(),
      );
      expect(rows.every((r) => r.username === 'support')).toBe(true);
    },
  );

  it('when all units matching the filters are selected, then the job runs on exactly the filtered total', async () => {
    const query = { filterFamily: 'gtps', filterSerialNumber: '', filterSoftwareVersion: '' };
    const list = await t
      .as('support')
      .get('/read/aligners/v1/')
      .query({ ...query, page: 1 });
    expect(list.body.totalDocs).toBeGreaterThan(0);
    const job = await runToEnd('support', { action: 'getPrinterStatus', selection: { query } });
    expect(job.total).toBe(list.body.totalDocs);
    expect(job.selection).toEqual({ kind: 'query', query: { filterFamily: 'gtps' } });
    expect(job.done + job.skipped + job.failed).toBe(job.total);
  });

  it('when a guest starts or reads a job, then 403', async () => {
    const [unit] = units(() => true, 1);
    expect(
      (await create('guest', { action: 'addToRadar', selection: { serials: [unit?.serialNumber] } })).status,
    ).toBe(403);
    expect((await t.as('guest').get(READ).query({ id: 1 })).status).toBe(403);
    expect(
      (await t.http.post(CREATE).send({ action: 'addToRadar', selection: { serials: ['X'] } })).status,
    ).toBe(401);
  });

  it('when another user reads a job, then 404 as for an unknown id; its creator and an admin read it', async () => {
    const [unit] = units(() => true, 1);
    const res = await create('support', {
      action: 'addToRadar',
      selection: { serials: [unit?.serialNumber] },
    });
    expect(res.status).toBe(200);
    const byOther = await t.as('engineer').get(READ).query({ id: res.body.id });
    expect(byOther.status).toBe(404);
    expect(byOther.body).toEqual({ error: expect.any(String), code: 'not_found' });
    expect((await t.as('sito').get(READ).query({ id: res.body.id })).status).toBe(404);
    expect((await t.as('support').get(READ).query({ id: res.body.id })).status).toBe(200);
    expect((await t.as('admin').get(READ).query({ id: res.body.id })).body).toMatchObject({
      id: res.body.id,
      createdBy: 'support',
    });
  });

  it.each([
    ['no action', { selection: { serials: ['A'] } }],
    ['an unknown action', { action: 'deleteEverything', selection: { serials: ['A'] } }],
    ['an empty selection', { action: 'unstage', selection: { serials: [] } }],
    [
      'too many serials',
      {
        action: 'unstage',
        selection: { serials: Array.from({ length: BULK_SERIALS_MAX + 1 }, (_, i) => `S${i}`) },
      },
    ],
    ['serials and a query', { action: 'unstage', selection: { serials: ['A'], query: {} } }],
    ['an unknown filter', { action: 'unstage', selection: { query: { filterColour: 'red' } } }],
    ['a blank serial', { action: 'unstage', selection: { serials: ['  '] } }],
  ])('when the body has %s, then 400 with details', async (_, body) => {
    const res = await create('support', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('when the filters match no unit, then 400 and no job', async () => {
    const res = await create('support', {
      action: 'unstage',
      selection: { query: { filterSerialNumber: 'NO-SUCH-PREFIX' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('empty_selection');
  });

  it('when an unknown or malformed id is read, then 404 or 400', async () => {
    expect((await t.as('support').get(READ).query({ id: 999_999 })).status).toBe(404);
    expect((await t.as('support').get(READ).query({ id: 'x' })).status).toBe(400);
  });

  /** A job as a process that died left it: committed, claimed by a holder whose lease runs out in `ms`. */
  const orphanJob = async (action: string, serials: string[], createdBy: string, ms: number) => {
    const db = t.server.deps.db;
    const row = await insertBulkAction(db, {
      action,
      selection: { kind: 'serials', serials },
      total: serials.length,
      createdBy,
    });
    await db.execute(sql`
      UPDATE bulk_actions SET outcomes = jsonb_build_object('lease', jsonb_build_object('holder', 'api-dead', 'expiresAt', to_jsonb(now() + make_interval(secs => ${ms / 1000}))))
      WHERE id = ${row.id}`);
    return row;
  };

  it("when a job's process died mid-chunk, then another claims it once the lease expires and counts the units it already did as done", async () => {
    const latest = latestOf(t, 'gtps');
    const picked = units(stageableTo('gtps', latest, ''), 3);
    const serials = picked.map((u) => u.serialNumber);
    const row = await orphanJob('stageLatest', serials, 'support', 1_500);
    // The dead process had staged the first unit, but not committed the chunk's progress.
    const user = { username: 'support', email: 'support@example.com', role: 'support' as const };
    const first = picked[0] as UnitRuntime;
    await stage(t.server.deps, user, 'gtps', stagingBody(first.serialNumber, latest));
    await settle(t);

    await new Promise((r) => setTimeout(r, 500));
    expect(await read('support', row.id)).toMatchObject({ state: 'running', done: 0 });
    const job = await until(
      () => read('support', row.id),
      (j) => j.state === 'done',
      15_000,
    );
    expect(job).toMatchObject({ total: 3, done: 3, skipped: 0, failed: 0 });
    for (const serialNumber of serials)
      expect((await aligner(serialNumber)).pendingSoftwareDownload).toBe(latest);
  });

  it('when the runner stops during a chunk, then the chunk ends after the unit under way and answers only the units it ran', async () => {
    const serials = units((u) => u.family === 'aligner', 5).map((u) => u.serialNumber);
    // Held by a process that stays alive through the test: no runner of the server takes it.
    const row = await orphanJob('getVoltages', serials, 'sito', 60_000);
    const user = { username: 'sito', email: 'sito@example.com', role: 'tech' as const };
    let asked = 0;
    // Asked once before each unit: the stop comes while the second unit runs.
    const stopping = () => ++asked > 2;
    const outcomes = await UNIT_ACTIONS.getVoltages.run(
      { deps: t.server.deps, user, jobId: row.id, startedAt: row.createdAt, stopping },
      serials,
    );
    expect(outcomes).toEqual([{ outcome: 'done' }, { outcome: 'done' }]);
    const queued = await commandsQueuedBy(t.server.deps.db, serials, 'aligner_get_voltages', row.id);
    expect([...queued].sort()).toEqual(serials.slice(0, 2).sort());
  });

  it('when a frozen runner goes on with a job another process took, then its chunk ends at the first refused write and adds nothing', async () => {
    const serials = units((u) => u.family === 'aligner', 3).map((u) => u.serialNumber);
    // Held by another process now: every write of the frozen runner is fenced by its own holder id.
    const row = await orphanJob('getVoltages', serials, 'sito', 60_000);
    const user = { username: 'sito', email: 'sito@example.com', role: 'tech' as const };
    const db = fencedDb(t.server.deps.db, (tx) => checkBulkActionHolder(tx, row.id, 'api-frozen'));
    let asked = 0;
    const stopping = () => (asked++, false);
    await expect(
      UNIT_ACTIONS.getVoltages.run(
        { deps: { ...t.server.deps, db }, user, jobId: row.id, startedAt: row.createdAt, stopping },
        serials,
      ),
    ).rejects.toBeInstanceOf(FencedOutError);
    // Not past the first unit: the refusal ended the chunk.
    expect(asked).toBeLessThanOrEqual(1);
    expect(await commandsQueuedBy(t.server.deps.db, serials, 'aligner_get_voltages', row.id)).toEqual(
      new Set(),
    );
  });

  it("when the job's user lost the action's permission before it ran (a tech made guest), then each unit is skipped as not permitted", async () => {
    const serials = units((u) => u.family === 'aligner' && u.connected, 2).map((u) => u.serialNumber);
    const row = await orphanJob('getVoltages', serials, 'sito', 1_000);
    await updateUser(t.server.deps.db, 'sito', { role: 'guest' }, { revokeTokens: true });
    try {
      const job = await until(
        () => read('admin', row.id),
        (j) => j.state === 'done',
        15_000,
      );
      expect(job).toMatchObject({
        done: 0,
        skipped: 2,
        reasons: [{ outcome: 'skipped', reason: REASONS.notPermitted, count: 2 }],
      });
    } finally {
      await updateUser(t.server.deps.db, 'sito', { role: 'tech' }, { revokeTokens: true });
    }
  });
});
