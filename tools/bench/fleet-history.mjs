// Benchmark of the fleet's history (docs/performance.md, "Fleet health"): one server process over a store of
// BENCH_UNITS units, then
//   - the first start's seeding time (PGlite: a new data folder, its 90 days of history included),
//   - GET /read/fleet_history/v1 for 90 days hourly of one family in one country (aligner, US): p50/p95 of
//     BENCH_READS reads, beside the same split by version, the whole fleet by day, release adoption and comparison,
//   - the rollups job's CPU: fleet_rollup_cpu_seconds_total of /metrics over BENCH_JOB_SECONDS of running, as a
//     share of one core (its passes every 30 s at SIM_SPEED 1),
//   - the rows and bytes of fleet_rollups (per 90 days and per year, from the table's measured size).
// PGlite (default): a new data folder is seeded at BENCH_UNITS (100,000 unless set), the rows are counted after the
// server stops. PostgreSQL: DATABASE_URL and BENCH_SCHEMA (a schema seeded by tools/bench/cluster.mjs, e.g.
// bench1m); a schema whose rollups are empty is filled first with 90 days of hours and two years of days for every
// family, country and version its units hold (BENCH_FILL=0 skips it). BENCH_BRIN=1 measures the whole-fleet read
// again with a BRIN index on day in place of the btree (and puts the btree back). BENCH_MAIN runs another build;
// BENCH_SEED_ONLY=1 stops after the first start (its seeding time, with another build's for a before/after).
//
//   npx nx run fleet-sim:build
//   BENCH_UNITS=100000 node tools/bench/fleet-history.mjs
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SCHEMA=bench1m REDIS_URL=redis://127.0.0.1:6379 \
//     node tools/bench/fleet-history.mjs
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bench from './bench-processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const main = process.env.BENCH_MAIN ?? join(root, 'dist/apps/fleet-sim/main.cjs');
const databaseUrl = process.env.DATABASE_URL;
const schema = process.env.BENCH_SCHEMA;
const onPostgres = Boolean(databaseUrl && schema);
const units = Number(process.env.BENCH_UNITS ?? 100_000);
const reads = Number(process.env.BENCH_READS ?? 100);
const jobSeconds = Number(process.env.BENCH_JOB_SECONDS ?? 120);
const password = 'bench-password-123';
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-history-'));
const DAY = 24 * 3_600_000;

function startServer() {
  const started = performance.now();
  const child = spawn(process.execPath, ['--max-old-space-size=6144', main], {
    env: {
      ...process.env,
      ...(onPostgres
        ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, REDIS_URL: process.env.REDIS_URL ?? '' }
        : { DATABASE_URL: '', REDIS_URL: '' }),
      TOKEN_SECRET: 'bench-token-secret-0123456789-0123456789',
      DEMO_PASSWORD: password,
      FLEET_SIZE: String(units),
      FLEET_SEED: 'bench',
      FLEET_ROLE: 'all',
      SIM_SPEED: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONSOLE_DIR: join(dataDir, 'no-console'),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The first rollups pass's log line on a new world: its 90 days of history written (rows, ms).
  let backfilled;
  const backfill = new Promise((resolve) => (backfilled = resolve));
  let tail = '';
  child.stdout.on('data', (chunk) => {
    tail = (tail + chunk).slice(-4000);
    const line = /\{[^\n]*90 days written[^\n]*\}/.exec(tail);
    if (line) backfilled(JSON.parse(line[0]));
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const seeded = /"ms":(\d+)[^\n]*demo world seeded/.exec(out);
      const match = /serving at (http:\/\/localhost:\d+)/.exec(out);
      if (match)
        resolve({
          child,
          backfill,
          url: match[1],
          readyMs: performance.now() - started,
          seedMs: seeded ? Number(seeded[1]) : null,
        });
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out.slice(-4000)}`)));
  });
}

async function stop(server) {
  const exited = new Promise((r) => server.child.once('exit', r));
  server.child.kill('SIGTERM');
  await exited;
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** Times `n` reads of one call (after two warm-up reads): p50 and p95 in ms, and the answer's size. */
async function timeReads(server, auth, path, query, n = reads) {
  const url = `${server.url}${path}?${new URLSearchParams(query)}`;
  const get = async () => {
    const res = await fetch(url, { headers: { Authorization: `Bearer ${auth}` } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
    return text.length;
  };
  await get();
  await get();
  const times = [];
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    bytes = await get();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95), bytes };
}

async function metric(server, name) {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const cpuSeconds = (pid) =>
  import('node:fs').then(({ readFileSync }) => {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  });

/** PostgreSQL: fills an empty schema's rollups (90 days of hours, two years of days) for its units' combinations. */
async function fillPostgres() {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`SET search_path TO ${schema}`);
  const { rows } = await client.query('SELECT count(*)::int AS n FROM fleet_rollups');
  if (rows[0].n === 0 && process.env.BENCH_FILL !== '0') {
    const t0 = performance.now();
    await client.query(`
      INSERT INTO fleet_rollups (day, family, country_code, version, unit_minutes, connected_minutes,
        day_unit_minutes, day_connected_minutes)
      SELECT d::date, c.family, c.country_code, c.version,
        CASE WHEN d >= current_date - 89 THEN array_fill((c.n * 60)::real, ARRAY[24]) END,
        CASE WHEN d >= current_date - 89 THEN array_fill((c.n * 36)::real, ARRAY[24]) END,
        c.n * 1440, c.n * 864
      FROM (SELECT family, country_code, version_semantic AS version, count(*) AS n FROM units GROUP BY 1, 2, 3) c,
        generate_series(current_date - 729, current_date, interval '1 day') d
      ORDER BY 1, 2, 3, 4`);
    await client.query(`
      INSERT INTO fleet_rollup_coverage (day, minutes, day_minutes)
      SELECT d::date, array_fill(60::real, ARRAY[24]), 1440 FROM generate_series(current_date - 729, current_date, interval '1 day') d
      ON CONFLICT (day) DO NOTHING`);
    await client.query('VACUUM ANALYZE fleet_rollups');
    console.log(`filled the rollups of ${schema} in ${Math.round(performance.now() - t0)} ms`);
  }
  return client;
}

async function tableSize(query) {
  const [{ rows: count }, { rows: hourly }, { rows: bytes }, { rows: days }] = [
    await query('SELECT count(*)::int AS n FROM fleet_rollups'),
    await query('SELECT count(*)::int AS n FROM fleet_rollups WHERE unit_minutes IS NOT NULL'),
    await query(
      `SELECT pg_total_relation_size('fleet_rollups')::float8 AS b, pg_relation_size('fleet_rollups')::float8 AS heap`,
    ),
    await query('SELECT count(DISTINCT day)::int AS n FROM fleet_rollups'),
  ];
  return {
    rows: count[0].n,
    hourlyRows: hourly[0].n,
    bytes: bytes[0].b,
    heap: bytes[0].heap,
    days: days[0].n,
  };
}

async function run() {
  const client = onPostgres ? await fillPostgres() : null;
  const server = await startServer();
  console.log(
    `store ${onPostgres ? `PostgreSQL ${schema}` : `PGlite, a new data folder, ${units.toLocaleString('en')} units`}: ` +
      `ready in ${Math.round(server.readyMs)} ms${server.seedMs !== null ? ` (seeding ${server.seedMs} ms)` : ''}`,
  );
  // A new world's history is written by the rollups job's first pass; a kept PostgreSQL schema has its rollups already
  // (filled above), and no such pass comes.
  const history = onPostgres
    ? null
    : await Promise.race([server.backfill, new Promise((r) => setTimeout(() => r(null), 600_000))]);
  if (history)
    console.log(
      `its 90 days of history: ${history.rows.toLocaleString('en')} rows written ${history.ms} ms after the first pass began`,
    );
  if (process.env.BENCH_SEED_ONLY === '1') {
    // Only the first start's seeding (another build's too: BENCH_MAIN of a build without the history).
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  try {
    const auth = await bench.token(server.url, password);
    const H = '/read/fleet_history/v1';
    const cases = [
      [
        '90 days hourly, aligner in US',
        H,
        {
          metric: 'connectedShare',
          last: '90d',
          step: 'hour',
          filterFamily: 'aligner',
          filterCountryCode: 'US',
        },
      ],
      [
        '90 days hourly, aligner in US, by version',
        H,
        {
          metric: 'units',
          last: '90d',
          step: 'hour',
          filterFamily: 'aligner',
          filterCountryCode: 'US',
          groupBy: 'version',
        },
      ],
      [
        '90 days daily, whole fleet by country',
        H,
        { metric: 'connectedShare', last: '90d', step: 'day', groupBy: 'country' },
      ],
      [
        '7 days hourly, whole fleet by family',
        H,
        { metric: 'connectedShare', last: '7d', step: 'hour', groupBy: 'family' },
      ],
      ['release adoption, aligner, 90 days', '/read/release_adoption/v1', { family: 'aligner' }],
      [
        'release comparison, aligner 5.4.2 / 5.4.1',
        '/read/release_comparison/v1',
        { family: 'aligner', a: '5.4.2', b: '5.4.1' },
      ],
    ];
    for (const [name, path, query] of cases) {
      const r = await timeReads(
        server,
        auth,
        path,
        query,
        name.startsWith('release comparison') ? Math.min(reads, 20) : reads,
      );
      console.log(
        `${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.bytes.toLocaleString('en')} bytes)`,
      );
    }
    if (client && process.env.BENCH_BRIN === '1') {
      await client.query('CREATE INDEX fleet_rollups_day_brin ON fleet_rollups USING brin (day)');
      await client.query('DROP INDEX fleet_rollups_day_idx');
      await client.query('ANALYZE fleet_rollups');
      const r = await timeReads(server, auth, H, cases[2][2]);
      console.log(
        `with BRIN (day) instead of btree: 90 days daily, whole fleet by country: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
      );
      await client.query('CREATE INDEX fleet_rollups_day_idx ON fleet_rollups USING btree (day)');
      await client.query('DROP INDEX fleet_rollups_day_brin');
    }

    const cpu0 = await metric(server, 'fleet_rollup_cpu_seconds_total');
    const passes0 = await metric(server, 'fleet_rollup_passes_total');
    const proc0 = await cpuSeconds(server.child.pid);
    const t0 = performance.now();
    await new Promise((r) => setTimeout(r, jobSeconds * 1000));
    const elapsed = (performance.now() - t0) / 1000;
    const jobCpu = (await metric(server, 'fleet_rollup_cpu_seconds_total')) - cpu0;
    const passes = (await metric(server, 'fleet_rollup_passes_total')) - passes0;
    const proc = (await cpuSeconds(server.child.pid)) - proc0;
    console.log(
      `rollups job over ${Math.round(elapsed)} s: ${passes} passes, ${jobCpu.toFixed(2)} s CPU = ` +
        `${((100 * jobCpu) / elapsed).toFixed(2)}% of a core (the whole process: ${((100 * proc) / elapsed).toFixed(1)}%)`,
    );
  } finally {
    await stop(server);
  }

  let size;
  if (client) {
    size = await tableSize((q) => client.query(q));
    await client.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = new PGlite(join(dataDir, 'pgdata'));
    size = await tableSize((q) => db.query(q));
    await db.close();
  }
  const perRow = size.bytes / Math.max(1, size.rows);
  console.log(
    `fleet_rollups: ${size.rows.toLocaleString('en')} rows over ${size.days} days (${size.hourlyRows.toLocaleString('en')} with hours), ` +
      `${(size.bytes / 1e6).toFixed(1)} MB with indexes (heap ${(size.heap / 1e6).toFixed(1)} MB), ${Math.round(perRow)} bytes a row`,
  );
  const rowsADay = size.hourlyRows / Math.min(90, Math.max(1, size.days));
  console.log(`per day: ${Math.round(rowsADay).toLocaleString('en')} rows (family x country x version)`);
  rmSync(dataDir, { recursive: true, force: true });
}

run().catch((error) => {
  console.error(error);
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(1);
});
