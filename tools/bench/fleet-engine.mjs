// Benchmark of the fleet engine and the reads the console makes most (docs/performance.md).
// Starts the built fleet-sim on a fresh store with BENCH_UNITS units, drives about 1% of the fleet
// changing per second, and prints: the engine's CPU share and the process's memory while only the
// engine runs, then p50/p95/max latency of equipment list pages and of every dashboard read.
//
//   npx nx run fleet-sim:build
//   node tools/bench/fleet-engine.mjs                       # 100,000 units on PGlite
//   BENCH_UNITS=1000000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node tools/bench/fleet-engine.mjs
//
// With DATABASE_URL the units are added first with `fleet-sim seed` into a fresh schema, which is
// dropped at the end. Prints figures; passes or fails nothing.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signIn } from '../reliability/fleet-process.mjs';
import * as bench from './bench-processes.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
// BENCH_MAIN runs another build (an older one, to compare side by side).
const main = process.env.BENCH_MAIN ?? join(root, 'dist/apps/fleet-sim/main.cjs');
const units = Number(process.env.BENCH_UNITS ?? 100_000);
const databaseUrl = process.env.DATABASE_URL;
const schema = databaseUrl ? `bench_${Date.now()}` : undefined;
const password = 'bench-password-123';
const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-'));
// The field's rhythm makes about 0.033% of units change per second at speed 1 (connects, drops,
// alignments); 30x real time makes that about 1% per second.
const SPEED = Number(process.env.BENCH_SPEED ?? 30);

const env = {
  ...process.env,
  PORT: '0',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  DEMO_PASSWORD: password,
  FLEET_SEED: 'bench',
  SIM_SPEED: String(SPEED),
  ...(databaseUrl
    ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, FLEET_SIZE: '5000' }
    : { FLEET_SIZE: String(units) }),
};

async function start() {
  const started = Date.now();
  const child = spawn(process.execPath, ['--max-old-space-size=4096', main], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /serving at (http:\/\/localhost:\d+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`fleet-sim exited with ${code}`)));
  });
  return { child, url, startSeconds: (Date.now() - started) / 1000 };
}

async function timeRequests(url, auth, paths) {
  const times = [];
  for (const path of paths) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${auth}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

async function timeWrites(url, auth, writes) {
  const times = [];
  for (const { path, body } of writes) {
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    await res.arrayBuffer();
    // An older build refuses commands to offline units (409): its figure is left out.
    if (!res.ok) return [NaN];
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b);
}

/** Aligners on 5.x below the latest with nothing staged, connected or not, from the update scheduler's table. */
async function alignersToStage(url, auth, latest, count, connected) {
  const found = [];
  for (let page = 1; found.length < count && page <= 200; page++) {
    const q = new URLSearchParams({ page: String(page), filterSoftwareVersion: '5.' });
    const res = await fetch(`${url}/read/updatescheduler_aligners/v1/?${q}`, {
      headers: { Authorization: `Bearer ${auth}` },
    });
    for (const d of (await res.json()).docs) {
      if (
        !d.staging.isStaged &&
        d.version.semantic !== latest.semantic &&
        d.connected === connected &&
        found.length < count
      )
        found.push(d.serialNumber);
    }
  }
  return found;
}

const line = (label, sorted) =>
  `${label.padEnd(46)} p50 ${bench.pct(sorted, 50).toFixed(1).padStart(6)} ms  p95 ${bench.pct(sorted, 95).toFixed(1).padStart(6)} ms  max ${sorted.at(-1).toFixed(1).padStart(6)} ms`;

try {
  if (databaseUrl) {
    console.log(`adding ${units} units to schema ${schema} with fleet-sim seed ...`);
    // The server seeds its demo world first (5,000 units), then `seed` adds the rest.
    const first = await start();
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
    const t0 = Date.now();
    execFileSync(process.execPath, [main, 'seed', '--size', String(units - 5000)], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  }
  const { child, url, startSeconds } = await start();
  const auth = await signIn(url, 'admin', password);
  console.log(
    `\n${units.toLocaleString()} units on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}; started (seed and load) in ${startSeconds.toFixed(1)} s`,
  );

  // 1. The engine alone: CPU share and memory over 30 s with ~1% of units changing per second.
  await bench.sleep(5000);
  const clock = async () =>
    (await (await fetch(`${url}/sim/clock`, { headers: { Authorization: `Bearer ${auth}` } })).json()).stats;
  const before = await clock();
  const cpu0 = bench.cpuTicks(child.pid);
  const t0 = Date.now();
  let peakRss = 0;
  while (Date.now() - t0 < 30_000) {
    peakRss = Math.max(peakRss, bench.rssMb(child.pid));
    await bench.sleep(1000);
  }
  const seconds = (Date.now() - t0) / 1000;
  const cpuShare = (bench.cpuTicks(child.pid) - cpu0) / bench.CLK_TCK / seconds;
  const after = await clock();
  const changesPerSecond = (after.unitChanges - before.unitChanges) / seconds;
  console.log(
    `engine: ${changesPerSecond.toFixed(0)} unit changes/s (${((100 * changesPerSecond) / units).toFixed(2)}% of the fleet), ` +
      `${((after.rowsWritten - before.rowsWritten) / seconds).toFixed(0)} rows written/s`,
  );
  console.log(
    `engine CPU: ${(cpuShare * 100).toFixed(1)}% of one core (whole process, no requests); RSS peak ${peakRss} MB`,
  );

  // 2. Reads while the engine keeps running.
  const families = ['aligner', 'gtps', 'aligner-oasis'];
  const lists = [];
  for (let i = 0; i < 300; i++) {
    const q = new URLSearchParams({ page: String(1 + (i % 50)) });
    if (i % 3 === 1) q.set('filterFamily', families[i % 3]);
    if (i % 5 === 2) q.set('filterCountryCode', ['US', 'DE', 'BR', 'JP'][i % 4]);
    if (i % 4 === 3) q.set('sortBy', ['softwareVersion', 'updatedAt', 'createdAt', 'countryCode'][i % 4]);
    if (i % 7 === 0) q.set('filterSerialNumber', ['AX', 'TP', 'CB', 'OA'][i % 4]);
    lists.push(`/read/aligners/v1/?${q}`);
  }
  console.log('\n' + line('GET /read/aligners/v1/ (300 mixed pages)', await timeRequests(url, auth, lists)));
  for (const path of [
    '/api/v1/check_services',
    '/read/latest_software_version/v1',
    '/read/staged_update_totals/v1',
    '/read/aligner_software_versions/v1',
    '/read/gtps_software_versions/v1',
    '/read/oasis_software_versions/v1',
    '/read/spec_versions/v1',
    '/read/ticket_statistics/v1',
    '/read/top_aligners_by_alignment_count/v1',
  ]) {
    console.log(line(`GET ${path}`, await timeRequests(url, auth, Array(100).fill(path))));
  }
  console.log(`RSS after reads: ${bench.rssMb(child.pid)} MB`);

  // 3. Writes, each answered once committed: stagings, and commands to offline units (queued).
  const latest = await (
    await fetch(`${url}/read/latest_software_version/v1`, { headers: { Authorization: `Bearer ${auth}` } })
  ).json();
  const toStage = await alignersToStage(url, auth, latest, 100, true);
  const offline = await alignersToStage(url, auth, latest, 100, false);
  const version = { semantic: latest.semantic, meta: latest.meta };
  console.log(
    '\n' +
      line(
        `POST staging (${toStage.length} units)`,
        await timeWrites(
          url,
          auth,
          toStage.map((serialNumber) => ({
            path: '/create/immediate_stage_of_software_update/v1',
            body: { serialNumber, version, path: latest.path },
          })),
        ),
      ),
  );
  console.log(
    line(
      `POST command to an offline unit (${offline.length}, queued)`,
      await timeWrites(
        url,
        auth,
        offline.map((serialNumber) => ({
          path: '/cmd/aligner_get_voltages/v1',
          body: { serialNumber },
        })),
      ),
    ),
  );
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (databaseUrl) {
    const pg = await import('pg');
    const client = new pg.default.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await client.end();
  }
}
