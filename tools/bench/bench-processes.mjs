// What the several-process benchmarks share (tools/bench/cluster.mjs, tools/bench/alerts.mjs): their configuration
// from the environment, starting the built server in a role and waiting for its URL, seeding a schema of BENCH_UNITS
// units, signing in, timing calls, reading a process's CPU and memory from /proc, and a one-off query of the store.
import { execFileSync, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Clock ticks a second of /proc/<pid>/stat's CPU times. */
export const CLK_TCK = 100;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
export const queryString = (q) => new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)]));
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
export const line = (label, sorted) =>
  `${label.padEnd(52)} p50 ${pct(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${pct(sorted, 95).toFixed(1).padStart(6)} ms  max ${sorted.at(-1).toFixed(1).padStart(7)} ms`;

/** CPU ticks (user + system) a process has used. */
export const cpuTicks = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
};
export const rssMb = (pid) =>
  Math.round(
    Number(
      readFileSync(`/proc/${pid}/status`, 'utf8')
        .split('\n')
        .find((l) => l.startsWith('VmRSS'))
        .split(/\s+/)[1],
    ) / 1024,
  );

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The demo world's units: what the first start of a process on an empty schema seeds. */
const FIRST_START_UNITS = 5000;

/**
 * What a several-process benchmark runs on, from the environment: the built server (BENCH_MAIN, else the workspace's
 * build), the local PostgreSQL (DATABASE_URL, needed: without it the benchmark exits 2) and Redis (REDIS_URL), the
 * schema (BENCH_SCHEMA, seeded before and kept; else `bench_<name>_<time>`, dropped at the end), BENCH_UNITS units
 * (1,000,000), the clock's speed (BENCH_SPEED, 30: about 1% of the units change a second; the field's rhythm is about
 * 0.033% a second at speed 1), Node's flags for every process (BENCH_NODE_FLAGS), a temporary data folder, and the
 * environment every process of the server gets.
 */
export function benchSetup(name) {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL is needed (postgres://postgres@127.0.0.1:5432/test here).');
    process.exit(2);
  }
  const schema = process.env.BENCH_SCHEMA ?? `bench_${name}_${Date.now()}`;
  const speed = Number(process.env.BENCH_SPEED ?? 30);
  const password = 'bench-password-123';
  const dataDir = mkdtempSync(join(tmpdir(), `fleet-bench-${name}-`));
  return {
    main: process.env.BENCH_MAIN ?? join(root, 'dist/apps/fleet-sim/main.cjs'),
    databaseUrl,
    units: Number(process.env.BENCH_UNITS ?? 1_000_000),
    keepSchema: Boolean(process.env.BENCH_SCHEMA),
    schema,
    speed,
    nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=4096').split(/\s+/).filter(Boolean),
    password,
    dataDir,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      TOKEN_SECRET: 'bench-token-secret-0123456789-0123456789',
      DEMO_PASSWORD: password,
      FLEET_SIZE: String(FIRST_START_UNITS),
      FLEET_SEED: 'bench',
      SIM_SPEED: String(speed),
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      CONSOLE_DIR: join(dataDir, 'no-console'),
    },
  };
}

/**
 * Starts processes of the built server (`main`) with `env`, each in a role and a data folder of its own under
 * `dataDir`; `start` resolves to `{ name, child, url }` once the process prints the URL it serves.
 */
export function benchProcesses({ main, env, dataDir, nodeFlags = [], logDir, snapshotDir }) {
  const children = [];
  // A log folder that is not there yet is made: a log stream's error would end the bench and leave its servers running.
  if (logDir) mkdirSync(logDir, { recursive: true });
  function start(name, role, extra = {}) {
    const snapshotFlags = snapshotDir
      ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshotDir}`]
      : [];
    const child = spawn(process.execPath, [...nodeFlags, ...snapshotFlags, main], {
      env: { ...env, FLEET_ROLE: role, DATA_DIR: join(dataDir, name), ...extra },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      const log = logDir ? createWriteStream(join(logDir, `${name}.log`)) : null;
      child.stdout.on('data', (chunk) => {
        log?.write(chunk);
        out += chunk;
        const match = /serving at (http:\/\/localhost:\d+)/.exec(out);
        if (match) resolve({ name, child, url: match[1] });
      });
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}:\n${out}`)));
    });
  }
  /** Stops one process (SIGTERM) and forgets it. */
  async function stop(p) {
    if (p.child.exitCode === null) {
      p.child.kill('SIGTERM');
      await new Promise((r) => p.child.once('exit', r));
    }
    children.splice(children.indexOf(p.child), 1);
  }
  async function stopAll() {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    );
  }
  return { start, stop, children, stopAll };
}

/** A password sign-in's answer from a process (the token pair a console keeps). */
export async function tokenAnswer(url, password, username = 'admin') {
  const res = await fetch(`${url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username,
      password,
      client_id: 'equipment-dashboard',
    }),
  });
  return res.json();
}

/** An admin's access token from a process. */
export async function token(url, password, username = 'admin') {
  return (await tokenAnswer(url, password, username)).access_token;
}

/** Sends the requests one after another; answers their times in ms, sorted. Throws on an answer that is not 2xx. */
export async function time(url, auth, requests) {
  const times = [];
  for (const { path, body } of requests) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${auth}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** One query on its own connection. */
export async function sql(databaseUrl, text, params = []) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** A process's /healthz; it may be too busy to answer while it loads, so a failure is retried for a minute. */
export async function health(p) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await (await fetch(`${p.url}/healthz`)).json();
    } catch (error) {
      if (attempt > 60) throw error;
      await sleep(1000);
    }
  }
}

/**
 * Fills the setup's schema up to its BENCH_UNITS units: a first API process seeds the demo world on an empty schema,
 * the server's `seed` command adds the rest, and the units are analyzed (a freshly seeded million, never analyzed,
 * leaves the planner guessing). Answers whether anything was seeded (false: the schema held them already).
 */
export async function seedUnits(setup, processes) {
  const { main, env, dataDir, schema, units, databaseUrl } = setup;
  const [{ n: table }] = await sql(
    databaseUrl,
    `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = 'units'`,
    [schema],
  );
  let have = table ? (await sql(databaseUrl, `SELECT count(*)::int AS n FROM "${schema}".units`))[0].n : 0;
  if (have >= units) return false;
  console.log(`seeding ${units.toLocaleString()} units into schema ${schema} ...`);
  if (have === 0) {
    await processes.stop(await processes.start('seed', 'api'));
    have = FIRST_START_UNITS;
  }
  const t0 = Date.now();
  execFileSync(process.execPath, [main, 'seed', '--size', String(units - have)], {
    env: { ...env, DATA_DIR: join(dataDir, 'seed') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  await sql(databaseUrl, `ANALYZE "${schema}".units`);
  return true;
}

/** The tables the fleet's changes rewrite all the time (a row updated in place, or a row a change). */
const CHURNED_TABLES = [
  'units',
  'fleet_counts',
  'unit_desired',
  'shard_leases',
  'job_leases',
  'unit_change_log',
];
/** What an alert rule leaves behind: emptied so that a kept schema measures without an evaluator at work. */
const ALERT_TABLES = [
  'alert_deliveries',
  'alert_notifications',
  'alert_events',
  'alerts',
  'alert_rules',
  'silences',
  'webhooks',
];

/**
 * Puts a kept schema back into the state every run measures from, whatever ran on it before (another benchmark's
 * alert rules or scenario, a clock left at another speed, days of churn): the leases of earlier processes released,
 * the alert tables emptied (unless `keepAlerts`), the fleet's settings back to their defaults (churn 1, no failure
 * rates), the clock at the setup's speed from the simulated time it had reached, and the churned tables vacuumed.
 * The vacuum matters where autovacuum is off (this machine's PostgreSQL) and on PGlite (which has no autovacuum):
 * a schema used for hours holds hundreds of thousands of dead rows the next run's writes wade through. Prints what
 * it found. A freshly seeded schema needs none of it.
 */
export async function prepareKeptSchema(setup, { keepAlerts = false } = {}) {
  const { databaseUrl, schema, speed } = setup;
  const run = (text, params) => sql(databaseUrl, text, params);
  await run(`UPDATE "${schema}".shard_leases SET holder = NULL, expires_at = NULL`);
  await run(`DELETE FROM "${schema}".sim_workers`);
  if (!keepAlerts) {
    for (const table of ALERT_TABLES) await run(`DELETE FROM "${schema}".${table}`).catch(() => undefined);
  }
  const [fleet] = await run(`SELECT value FROM "${schema}".sim_settings WHERE key = 'fleet'`);
  if (fleet)
    console.log(`the schema's fleet settings were ${JSON.stringify(fleet.value)}: back to the defaults`);
  await run(`DELETE FROM "${schema}".sim_settings WHERE key = 'fleet'`);
  // The clock rebased at its current simulated time, so that changing its speed does not move it.
  const [clock] = await run(`SELECT value FROM "${schema}".sim_settings WHERE key = 'clock'`);
  if (clock && clock.value.speed !== speed) {
    console.log(`the schema's clock ran at ${clock.value.speed}x: set to ${speed}x`);
    const now = Date.now();
    const baseSim = clock.value.baseSim + (now - clock.value.baseReal) * clock.value.speed;
    await run(`UPDATE "${schema}".sim_settings SET value = $1 WHERE key = 'clock'`, [
      JSON.stringify({ ...clock.value, speed, baseSim, baseReal: now }),
    ]);
  }
  // A schema of an older build may lack some of the tables.
  const stats = await run(
    `SELECT relname, n_dead_tup::int AS dead FROM pg_stat_user_tables WHERE schemaname = $1 AND relname = ANY($2)`,
    [schema, CHURNED_TABLES],
  );
  const dead = stats.filter((t) => t.dead > 0);
  const t0 = Date.now();
  for (const { relname } of stats) await run(`VACUUM (ANALYZE) "${schema}".${relname}`);
  if (dead.length)
    console.log(
      `vacuumed ${dead.map((d) => `${d.relname} (${d.dead.toLocaleString()} dead rows)`).join(', ')} in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
    );
}

/**
 * Each simulator's changes a second over a window, and whether their sum is the rate asked for (1% of the fleet a
 * second by default): a run at another rate is not comparable with the reference figures, so it says so.
 */
export function changeRateLine(units, changesPerSecond, wantedShare = 0.01) {
  const share = changesPerSecond / units;
  const off = Math.abs(share - wantedShare) / wantedShare > 0.15;
  return `fleet: ${Math.round(changesPerSecond).toLocaleString()} changes/s, ${(share * 100).toFixed(2)}% of the units a second (asked: about ${(wantedShare * 100).toFixed(1)}%)${off ? ' -- WARNING: off the asked rate by more than 15%; figures are not comparable with the reference' : ''}`;
}

/** Waits until the (two) simulators have shared the 64 shards evenly, 32 each. */
export async function shardsEven(sims) {
  for (;;) {
    const hs = await Promise.all(sims.map(health));
    if (hs.every((h) => h.shards.length === 32)) return;
    await sleep(1000);
  }
}
