import {
  fleetHistorySchema,
  releaseAdoptionSchema,
  releaseComparisonSchema,
  type FleetHistory,
} from '@equipment-dashboard/contract';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { rollupPass, type RollupJobState } from '../../jobs/fleet-rollups';
import { JobLease } from '../../jobs/job-lease';
import { FencedOutError } from '../../store/repos/job-leases-repo';
import { rowsOf } from '../../store/repos/feed-repo';
import { readRollupState } from '../../store/repos/rollups-repo';
import { readSetting, replaceSetting } from '../../store/repos/settings-repo';
import { utcDay } from '../../store/rollup-batch';
import { engineOf, latestOf, setSpeed, stepClock, ticketBody, until } from '../../test/fleet-helpers';
import { useTestServer, type SuiteServer } from '../../test/test-server';

const HISTORY = '/read/fleet_history/v1';
const ADOPTION = '/read/release_adoption/v1';
const COMPARISON = '/read/release_comparison/v1';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const nowOf = (t: SuiteServer) => t.server.deps.clock.now();
const iso = (ms: number) => new Date(ms).toISOString();
const jobState = (t: SuiteServer) => readRollupState<RollupJobState>(t.server.deps.db, 'job');
/** The store itself, not the server's job lease's: a test's own passes. */
const leaseFree = (t: SuiteServer) => t.server.deps.db;

/** Waits for the server's rollups job to have sampled up to the clock (its pass after a clock step). */
async function passed(t: SuiteServer): Promise<void> {
  await until(jobState.bind(null, t), (s) => s !== undefined && s.sampledAt >= nowOf(t), 10_000);
}

/** Steps the clock a second at a time (each step wakes the job) until `read` passes. */
async function stepUntil<T>(
  t: SuiteServer,
  read: () => Promise<T>,
  passes: (value: T) => boolean,
): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await stepClock(t, 1_000);
    await passed(t);
    const value = await read();
    if (passes(value)) return value;
    if (Date.now() > deadline) throw new Error(`still not there: ${JSON.stringify(value).slice(0, 400)}`);
  }
}

const history = async (t: SuiteServer, query: Record<string, string | number>, user = 'engineer') => {
  const res = await t.as(user).get(HISTORY).query(query);
  expect(res.status).toBe(200);
  return fleetHistorySchema.parse(res.body);
};

/** The problems of a history call refused with 400. */
const refusal = async (t: SuiteServer, query: Record<string, string | number>) => {
  const res = await t.as('engineer').get(HISTORY).query(query);
  expect(res.status).toBe(400);
  return res.body.details as { path: string; message: string }[];
};

const seriesOf = (answer: FleetHistory, key: string) =>
  answer.series.find((s) => s.key === key)?.points ?? [];
const valueAt = (answer: FleetHistory, key: string, at: number) =>
  seriesOf(answer, key).find(([time]) => Date.parse(time) === at)?.[1];

describe('fleet history: series, release adoption and comparison', () => {
  const t = useTestServer({
    users: ['admin', 'engineer', 'tech', 'guest'],
    env: { FLEET_HISTORY_BACKFILL: 'true' },
  });

  beforeAll(async () => {
    await setSpeed(t, 0);
    await passed(t);
  });

  it('when a new world is read, then it has 90 days of hourly connected share per family from its seed', async () => {
    const now = nowOf(t);
    const answer = await history(t, {
      metric: 'connectedShare',
      from: iso(now - 90 * DAY + HOUR),
      to: iso(now),
      step: 'hour',
      groupBy: 'family',
    });
    expect(answer).toMatchObject({ metric: 'connectedShare', step: 'hour', groupBy: 'family' });
    const aligner = seriesOf(answer, 'aligner');
    expect(aligner.length).toBeGreaterThanOrEqual(90 * 24 - 1);
    const values = aligner.map(([, v]) => v).filter((v): v is number => v !== null);
    // Every hour covered, with a daily rhythm around the field's 60%.
    expect(values.length).toBe(aligner.length);
    expect(Math.min(...values)).toBeGreaterThan(0.2);
    expect(Math.max(...values)).toBeLessThan(0.95);
    expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(0.1);
  });

  it('when units are read by day, then the last day counts the fleet as seeded', async () => {
    const now = nowOf(t);
    const answer = await history(t, { metric: 'units', from: iso(now - 3 * DAY), to: iso(now), step: 'day' });
    expect(answer.series.map((s) => s.key)).toEqual(['all']);
    const yesterday = Math.floor(now / DAY) * DAY - DAY;
    expect(valueAt(answer, 'all', yesterday)).toBeCloseTo(engineOf(t).state.units.size, 0);
  });

  it('when the range goes past the retention, the step is too fine and the metric unknown, then one 400 tells every problem', async () => {
    const now = nowOf(t);
    const tooMuch = await refusal(t, {
      metric: 'uptime',
      from: iso(now - 200 * DAY),
      to: iso(now),
      step: 'hour',
    });
    expect(tooMuch.map((d) => d.path).sort()).toEqual(['from', 'metric', 'step']);
    expect(await refusal(t, { metric: 'units', from: iso(now), to: iso(now - DAY) })).toEqual([
      expect.objectContaining({ path: 'from', message: expect.stringContaining('before to') }),
    ]);
    const bad = await refusal(t, { metric: 'units', from: 'yesterday', filterSerialNumber: 'AX1' });
    expect(bad.map((d) => d.path).sort()).toEqual(['filterSerialNumber', 'from']);
  });

  it('when a guest asks, then every history call answers 403; any other role reads', async () => {
    for (const path of [
      HISTORY,
      `${HISTORY}/export.csv`,
      ADOPTION,
      `${ADOPTION}/export.csv`,
      COMPARISON,
      `${COMPARISON}/export.csv`,
    ])
      expect(
        (await t.as('guest').get(path).query({ metric: 'units', family: 'aligner', a: '1', b: '2' })).status,
      ).toBe(403);
    expect((await t.as('tech').get(HISTORY).query({ metric: 'units' })).status).toBe(200);
  });

  it('when the clock is stepped through an outage, then the hours it passes dent the US curve, and it recovers when the region returns', async () => {
    const drop = await t
      .as('admin')
      .post('/sim/scenario/apply')
      .send({
        scenario: {
          name: 'us-down',
          units: [{ select: { country: 'US', connected: true }, set: { connected: false } }],
        },
      });
    expect(drop.status).toBe(200);
    const start = Math.ceil(nowOf(t) / HOUR) * HOUR;
    await stepClock(t, start - nowOf(t) + 3 * HOUR);
    await passed(t);
    const down = await history(t, {
      metric: 'connectedShare',
      from: iso(start - 24 * HOUR),
      to: iso(start + 3 * HOUR),
      filterCountryCode: 'US',
    });
    for (let h = 0; h < 3; h++) expect(valueAt(down, 'all', start + h * HOUR)).toBe(0);
    expect(valueAt(down, 'all', start - 12 * HOUR)).toBeGreaterThan(0.2);

    await t
      .as('admin')
      .post('/sim/scenario/apply')
      .send({
        scenario: {
          name: 'us-back',
          units: [{ select: { country: 'US', connected: false }, set: { connected: true } }],
        },
      });
    await stepClock(t, 2 * HOUR);
    await passed(t);
    const back = await history(t, {
      metric: 'connectedShare',
      from: iso(start),
      to: iso(start + 5 * HOUR),
      filterCountryCode: 'us',
    });
    expect(valueAt(back, 'all', start + 4 * HOUR)).toBe(1);
  });

  it('when an install fails and another succeeds, then the hour counts them for the release installed', async () => {
    const engine = engineOf(t);
    const aligners = [...engine.state.units.values()].filter(
      (u) =>
        u.family === 'aligner' &&
        u.connected &&
        u.flow === null &&
        u.versionSemantic !== latestOf(t, 'aligner'),
    );
    const [failing, passing] = aligners;
    if (!failing || !passing) throw new Error('two connected aligners below the latest are needed');
    const latest = latestOf(t, 'aligner');
    const install = (serial: string, rate: number) =>
      t
        .as('admin')
        .post('/sim/scenario/apply')
        .send({
          scenario: {
            name: `install-${serial}`,
            failureRates: { update: rate },
            units: [
              { select: { serials: [serial] }, set: { update: { phase: 'installing', target: 'latest' } } },
            ],
          },
        });
    const from = nowOf(t) - HOUR;
    const read = (metric: string) =>
      history(t, {
        metric,
        from: iso(from),
        to: iso(nowOf(t) + 1),
        filterFamily: 'aligner',
        groupBy: 'version',
      });
    const total = (answer: FleetHistory) => seriesOf(answer, latest).reduce((n, [, v]) => n + (v ?? 0), 0);
    // The new world's history counts updates to the latest release in these hours already.
    const failedBefore = total(await read('updatesFailed'));
    const succeededBefore = total(await read('updatesSucceeded'));
    const started = nowOf(t);
    expect((await install(failing.serialNumber, 1)).status).toBe(200);
    await stepClock(t, 10 * 60_000);
    expect((await install(passing.serialNumber, 0)).status).toBe(200);
    await stepClock(t, 10 * 60_000);
    // The units' timelines are the truth (seeded flows to the latest release may end in the same hours).
    const timeline = async (state: string) =>
      rowsOf<{ n: number }>(
        await t.server.deps.db.execute(sql`
          SELECT count(*)::int AS n FROM unit_history h JOIN unit_desired d USING (serial_number)
          WHERE h.kind = 'updatePhase' AND h.detail ->> 'state' = ${state} AND h.at >= ${new Date(started)}
            AND d.staged_semantic = ${latest}`),
      )[0]?.n ?? 0;
    const failures = await timeline('INSTALLATION_FAILED');
    const successes = await timeline('INSTALLATION_COMPLETE');
    expect(failures).toBeGreaterThanOrEqual(1);
    expect(successes).toBeGreaterThanOrEqual(1);
    await stepUntil(
      t,
      () => read('updatesSucceeded'),
      (a) => total(a) >= succeededBefore + successes,
    );
    expect(total(await read('updatesFailed')) - failedBefore).toBe(failures);
    expect(total(await read('updatesSucceeded')) - succeededBefore).toBe(successes);
  });

  it('when a ticket is opened, then its hour counts it', async () => {
    const unit = [...engineOf(t).state.units.values()][7];
    if (!unit) throw new Error('no unit');
    const read = () =>
      history(t, { metric: 'ticketsOpened', from: iso(nowOf(t) - HOUR), to: iso(nowOf(t) + 1) });
    const before = (await read()).series[0]?.points.reduce((n, [, v]) => n + (v ?? 0), 0) ?? 0;
    const created = await t
      .as('engineer')
      .post('/create/ticket/v1')
      .send(
        ticketBody(unit, {
          description: 'history',
          issuerUsername: 'engineer',
          issuerEmail: 'engineer@equipment-dashboard.example',
        }),
      );
    expect(created.status).toBeLessThan(300);
    await stepUntil(
      t,
      read,
      (a) => (a.series[0]?.points.reduce((n, [, v]) => n + (v ?? 0), 0) ?? 0) === before + 1,
    );
  });

  it('when a saved view is read, then its filters apply; a view by serial number has no history', async () => {
    const now = nowOf(t);
    const range = { metric: 'units', from: iso(now - 2 * DAY), to: iso(now), step: 'day' };
    const save = (name: string, query: Record<string, string>) =>
      t
        .as('engineer')
        .post('/create/saved_view/v1')
        .send({ screen: 'equipment', name, shared: false, query });
    const us = await save('US aligners', { filterCountryCode: 'US', filterFamily: 'aligner' });
    expect(us.status).toBe(200);
    const byView = await history(t, { ...range, viewId: us.body.id as number });
    const byFilters = await history(t, { ...range, filterCountryCode: 'US', filterFamily: 'aligner' });
    expect(byView.series).toEqual(byFilters.series);
    const everyone = await history(t, range);
    expect(byView.series[0]?.points[0]?.[1]).toBeLessThan(everyone.series[0]?.points[0]?.[1] ?? 0);

    const serial = await save('One model', { filterSerialNumber: 'AX1' });
    expect(await refusal(t, { ...range, viewId: serial.body.id as number })).toEqual([
      expect.objectContaining({ path: 'viewId', message: expect.stringContaining('serial number') }),
    ]);
    expect(
      (
        await t
          .as('tech')
          .get(HISTORY)
          .query({ ...range, viewId: us.body.id as number })
      ).status,
    ).toBe(404);
  });

  it('when release adoption is read, then each version has its units per day and the releases their dates', async () => {
    const res = await t.as('engineer').get(ADOPTION).query({ family: 'aligner' });
    expect(res.status).toBe(200);
    const answer = releaseAdoptionSchema.parse(res.body);
    expect(answer.step).toBe('day');
    const latest = latestOf(t, 'aligner');
    expect(answer.releases.map((r) => r.version)).toContain(latest);
    const series = answer.series.find((s) => s.key === latest)?.points ?? [];
    // The latest release is taken up after its publication: few units at the start of the window, more now.
    const published = Date.parse(answer.releases.find((r) => r.version === latest)?.publishedAt ?? '');
    const before = series.filter(([at]) => Date.parse(at) < published - DAY).map(([, v]) => v ?? 0);
    expect(Math.max(0, ...before)).toBe(0);
    expect(series[series.length - 2]?.[1]).toBeGreaterThan(0);
  });

  it('when two releases are compared, then each has its rates and a version nobody ran is refused', async () => {
    const latest = latestOf(t, 'aligner');
    const adoption = releaseAdoptionSchema.parse(
      (await t.as('engineer').get(ADOPTION).query({ family: 'aligner' })).body,
    );
    const previous = adoption.releases[adoption.releases.length - 2]?.version ?? '';
    const res = await t.as('engineer').get(COMPARISON).query({ family: 'aligner', a: latest, b: previous });
    expect(res.status).toBe(200);
    const answer = releaseComparisonSchema.parse(res.body);
    expect(answer.releases.map((r) => r.version)).toEqual([latest, previous]);
    for (const row of answer.releases) {
      expect(row.unitsAverage).toBeGreaterThan(0);
      expect(row.offlineRate).toBeGreaterThan(0.05);
      expect(row.offlineRate).toBeLessThan(0.8);
      expect(row.publishedAt).not.toBeNull();
    }
    const refused = await t
      .as('engineer')
      .get(COMPARISON)
      .query({ family: 'aligner', a: '9.9.9', b: latest });
    expect(refused.status).toBe(400);
    expect(refused.body.details).toEqual([expect.objectContaining({ path: 'a' })]);
  });

  it("when a chart's CSV is asked for, then it has the same points as the chart", async () => {
    const now = nowOf(t);
    const query = {
      metric: 'connectedShare',
      from: iso(now - 2 * DAY),
      to: iso(now),
      step: 'day',
      groupBy: 'family',
    };
    const answer = await history(t, query);
    const res = await t.as('engineer').get(`${HISTORY}/export.csv`).query(query).buffer(true);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="fleet-history-connectedShare-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.text.replace(/^\ufeff/, '')) as string[][];
    expect(rows[0]).toEqual(['Time', 'Series', 'Connected share']);
    expect(rows).toHaveLength(1 + answer.series.reduce((n, s) => n + s.points.length, 0));
    const comparison = await t
      .as('engineer')
      .get(`${COMPARISON}/export.csv`)
      .query({ family: 'aligner', a: latestOf(t, 'aligner'), b: latestOf(t, 'aligner') });
    expect(comparison.status).toBe(200);
    expect(comparison.text).toContain('Days to Half the Family');
  });
});

describe('fleet history: the job under a lease, and the retention', () => {
  const t = useTestServer({
    users: ['engineer'],
    env: {
      ROLLUP_HOURLY_RETENTION_DAYS: '30',
      ROLLUP_DAILY_RETENTION_DAYS: '60',
      FLEET_HISTORY_BACKFILL: 'true',
    },
  });

  beforeAll(async () => {
    await setSpeed(t, 0);
    await passed(t);
  });

  it('when the job has run, then hours older than the hourly retention are emptied and days older than the daily one deleted', async () => {
    const now = nowOf(t);
    const days =
      (await history(t, { metric: 'units', from: iso(now - 50 * DAY), to: iso(now), step: 'day' })).series[0]
        ?.points ?? [];
    expect(days[0]?.[1]).toBeGreaterThan(0);
    await refusal(t, { metric: 'units', from: iso(now - 40 * DAY), to: iso(now), step: 'hour' });
    const [counts] = rowsOf<{ old: number; hourly: number; kept: number }>(
      await t.server.deps.db.execute(sql`
        SELECT count(*) FILTER (WHERE day < ${utcDay(now - 60 * DAY)}::date)::int AS old,
          count(*) FILTER (WHERE unit_minutes IS NOT NULL AND day < ${utcDay(now - 30 * DAY)}::date)::int AS hourly,
          count(*) FILTER (WHERE day < ${utcDay(now - 30 * DAY)}::date)::int AS kept
        FROM fleet_rollups`),
    );
    expect(counts).toEqual({ old: 0, hourly: 0, kept: expect.any(Number) });
    expect(counts?.kept).toBeGreaterThan(0);
  });

  it("when the job's first pass finds a new world without history, then it writes its 90 days; a world seeded long ago, or a backfill switched off, gets none", async () => {
    const db = t.server.deps.db;
    const forget = async () => {
      for (const table of ['fleet_rollups', 'fleet_rollup_coverage', 'fleet_rollup_state'])
        await db.execute(sql.raw(`DELETE FROM ${table}`));
    };
    const world = await readSetting<{ seed: string; size: number; seededAt: string }>(db, 'world');
    if (!world) throw new Error('no world');
    const deps = { ...t.server.deps, db: leaseFree(t) };
    try {
      await forget();
      await replaceSetting(db, 'world', { ...world, seededAt: new Date(nowOf(t) - 3 * DAY).toISOString() });
      expect((await rollupPass(deps)).backfilled).toBe(0);

      await forget();
      await replaceSetting(db, 'world', { ...world, seededAt: new Date(nowOf(t)).toISOString() });
      const switchedOff = { ...deps, config: { ...deps.config, FLEET_HISTORY_BACKFILL: false } };
      expect((await rollupPass(switchedOff)).backfilled).toBe(0);

      await forget();
      const pass = await rollupPass(deps);
      expect(pass.backfilled).toBeGreaterThan(0);
      const [rows] = rowsOf<{ n: number; days: number }>(
        await db.execute(sql`SELECT count(*)::int AS n, count(DISTINCT day)::int AS days FROM fleet_rollups`),
      );
      // 90 days and today written, then this server's daily retention (60 days) applied by the same pass.
      expect(rows?.days).toBe(61);
      expect(rows?.n).toBeGreaterThan(0);
      expect(rows?.n).toBeLessThan(pass.backfilled);
      // Its state is written with it: the next pass writes no history again.
      expect((await rollupPass(deps)).backfilled).toBe(0);
    } finally {
      await replaceSetting(db, 'world', world);
    }
  });

  it('when a holder froze past its lease and another took it, then the frozen pass writes nothing and the taker writes', async () => {
    const db = t.server.deps.db;
    const frozen = new JobLease(db, 'fleet-rollups-test', 'frozen', 50);
    const taker = new JobLease(db, 'fleet-rollups-test', 'taker', 60_000);
    expect(await frozen.hold()).toBe(true);
    await new Promise((r) => setTimeout(r, 120));
    expect(await taker.hold()).toBe(true);
    const deps = { ...t.server.deps };
    const frozenAt = 1_000_000_000_001;
    await expect(rollupPass({ ...deps, db: frozen.fenced }, frozenAt)).rejects.toBeInstanceOf(FencedOutError);
    expect((await jobState(t))?.passedAt).not.toBe(frozenAt);
    const takerAt = Date.now();
    await rollupPass({ ...deps, db: taker.fenced }, takerAt);
    expect((await jobState(t))?.passedAt).toBe(takerAt);
    await taker.release();
  });
});
