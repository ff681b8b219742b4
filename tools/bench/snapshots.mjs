// Benchmark of field-state snapshots (docs/performance.md; the targets: at 100,000 units on PGlite save
// <= 5 s and restore <= 10 s; at 1,000,000 units on PostgreSQL save <= 30 s and restore <= 60 s). One process
// (FLEET_ROLE=all, a simulator in it): on PGlite (the default) a new store of BENCH_UNITS units (100,000) is seeded by
// the first start; with BENCH_STORE=postgres, a PostgreSQL schema of BENCH_UNITS (1,000,000) seeded as the other
// several-process benches do (tools/bench/bench-processes.mjs; BENCH_SCHEMA keeps one). The clock is stopped, then:
// save, `hung-downloads` and an hour, restore (its digest checked against the save's), the world's digest, the
// export (its compressed size) and its import. Prints each time. Passes nothing.
//
//   npx nx run fleet-sim:build
//   node tools/bench/snapshots.mjs                                          # 100,000 units on PGlite
//   BENCH_STORE=postgres DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node tools/bench/snapshots.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as bench from './bench-processes.mjs';

const onPostgres = process.env.BENCH_STORE === 'postgres';
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The PGlite setup: a new data folder whose first start seeds the units. */
function pgliteSetup() {
  const units = Number(process.env.BENCH_UNITS ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-bench-snapshots-'));
  const password = 'bench-password-123';
  return {
    main: process.env.BENCH_MAIN ?? join(root, 'dist/apps/fleet-sim/main.cjs'),
    units,
    password,
    dataDir,
    env: {
      ...process.env,
      DATABASE_URL: '',
      TOKEN_SECRET: 'bench-token-secret-0123456789-0123456789',
      DEMO_PASSWORD: password,
      FLEET_SIZE: String(units),
      FLEET_SEED: 'bench',
      FLEET_HISTORY_BACKFILL: 'false',
      SIM_SPEED: '1',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
      PORT: '0',
      HOST: '127.0.0.1',
      CONSOLE_DIR: join(dataDir, 'no-console'),
    },
  };
}

if (!onPostgres) process.env.BENCH_UNITS ??= '100000';
const setup = onPostgres ? bench.benchSetup('snapshots') : pgliteSetup();
// BENCH_LOG_DIR keeps the server's log lines (the restore's line says how long its transaction, the simulator's reload
// and the lists' follow took).
const processes = bench.benchProcesses({
  ...setup,
  // BENCH_NODE_FLAGS as the other benches take them (a CPU profile: --cpu-prof --cpu-prof-dir=DIR).
  nodeFlags: (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=4096').split(/\s+/).filter(Boolean),
  logDir: process.env.BENCH_LOG_DIR,
});

async function call(url, auth, method, path, body, type = 'application/json') {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { Authorization: `Bearer ${auth}`, ...(body !== undefined && { 'Content-Type': type }) },
    body: body === undefined ? undefined : type === 'application/json' ? JSON.stringify(body) : body,
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return type === 'bytes' || path.includes('/export') ? Buffer.from(await res.arrayBuffer()) : res.json();
}

async function timed(label, run) {
  const t0 = performance.now();
  const result = await run();
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${label.padEnd(52)} ${seconds.toFixed(2).padStart(8)} s`);
  return result;
}

try {
  if (onPostgres) await bench.seedUnits(setup, processes);
  const t0 = performance.now();
  const server = await processes.start('all', 'all');
  console.log(
    `Snapshots, ${setup.units.toLocaleString('en-US')} units on ${onPostgres ? 'PostgreSQL' : 'PGlite'} (started in ${((performance.now() - t0) / 1000).toFixed(0)} s)`,
  );
  const auth = await bench.token(server.url, setup.password);
  await call(server.url, auth, 'POST', '/sim/clock', { speed: 0 });
  await call(server.url, auth, 'POST', '/sim/scenario/apply', { scenario: { name: 'quiet', churn: 0 } });
  const saved = await timed('save (POST /create/sim_snapshot/v1)', () =>
    call(server.url, auth, 'POST', '/create/sim_snapshot/v1', { name: 'bench' }),
  );
  console.log(
    `  ${saved.units.toLocaleString('en-US')} units, ${(saved.bytes / 1e6).toFixed(1)} MB in the store`,
  );
  await call(server.url, auth, 'POST', '/sim/scenario/apply', { name: 'hung-downloads' });
  await call(server.url, auth, 'POST', '/sim/clock', { step: '1h' });
  const restored = await timed('restore (POST /sim/snapshot_restored/v1)', () =>
    call(server.url, auth, 'POST', '/sim/snapshot_restored/v1', { id: saved.id }),
  );
  console.log(`  digest ${restored.digest === saved.digest ? 'equals' : 'DIFFERS FROM'} the save's`);
  const now = await timed('world digest (GET /sim/world_digest/v1)', () =>
    call(server.url, auth, 'GET', '/sim/world_digest/v1'),
  );
  console.log(`  digest ${now.digest === saved.digest ? 'equals' : 'DIFFERS FROM'} the save's`);
  const file = await timed('export (GET /sim/snapshot/v1/export)', () =>
    call(server.url, auth, 'GET', `/sim/snapshot/v1/export?id=${saved.id}`),
  );
  console.log(`  ${(file.length / 1e6).toFixed(1)} MB compressed`);
  await timed('import (POST /sim/snapshot/v1/import)', () =>
    call(server.url, auth, 'POST', '/sim/snapshot/v1/import', file, 'application/gzip'),
  );
} finally {
  await processes.stopAll();
  if (onPostgres && !setup.keepSchema)
    await bench
      .sql(setup.databaseUrl, `DROP SCHEMA IF EXISTS "${setup.schema}" CASCADE`)
      .catch(() => undefined);
  rmSync(setup.dataDir, { recursive: true, force: true });
}
