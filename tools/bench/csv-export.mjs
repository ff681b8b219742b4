// Benchmark of the CSV exports (docs/performance.md): one API process (FLEET_ROLE=api, no simulator) over
// a PostgreSQL schema of BENCH_UNITS units (tools/bench/cluster.mjs seeds one; `bench1m` holds 1,000,000), then
// GET /read/aligners/v1/export.csv (every unit, and one family sorted by update time) and one update scheduler export,
// read as fast as the socket gives them. Prints rows/s, bytes, and the API process's RSS before, during (its peak,
// sampled every 100 ms) and after. With BENCH_SLOW_KBPS a client that reads that slowly is timed for 10 s instead:
// the server's RSS stays flat while the export waits for it (backpressure). Passes nothing.
// BENCH_MAIN runs another build's main.cjs (an older commit built in a worktree: docs/performance.md compares them).
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test BENCH_SCHEMA=bench1m REDIS_URL=redis://127.0.0.1:6379 \
//     node tools/bench/csv-export.mjs
import { rmSync } from 'node:fs';
import * as bench from './bench-processes.mjs';

if (!process.env.DATABASE_URL || !process.env.BENCH_SCHEMA) {
  console.error(
    'DATABASE_URL and BENCH_SCHEMA (a schema seeded by tools/bench/cluster.mjs, e.g. bench1m) are needed.',
  );
  process.exit(2);
}
const setup = bench.benchSetup('csv');
const slowKbps = Number(process.env.BENCH_SLOW_KBPS ?? 0);
const processes = bench.benchProcesses({ ...setup, nodeFlags: ['--max-old-space-size=4096'] });

/** Reads one export to its end (or for `forMs` at `kbps`), counting lines; samples the server's RSS meanwhile. */
async function exportOnce(api, auth, path, { kbps = 0, forMs = Infinity } = {}) {
  const before = bench.rssMb(api.child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, bench.rssMb(api.child.pid))), 100);
  const t0 = performance.now();
  const res = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${auth}` } });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  let lines = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines += 1;
    if (kbps > 0) await bench.sleep((value.length / (kbps * 1024)) * 1000);
    if (performance.now() - t0 > forMs) {
      await reader.cancel();
      break;
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  await bench.sleep(2000);
  const rows = Math.max(0, lines - 1);
  return {
    path,
    rows,
    bytes,
    seconds,
    rowsPerSecond: rows / seconds,
    before,
    peak,
    after: bench.rssMb(api.child.pid),
  };
}

const report = (r) =>
  `${r.path.padEnd(72)} ${r.rows.toLocaleString('en-US').padStart(10)} rows ${(r.bytes / 1e6).toFixed(1).padStart(6)} MB ` +
  `${r.seconds.toFixed(1).padStart(6)} s ${Math.round(r.rowsPerSecond).toLocaleString('en-US').padStart(8)} rows/s  ` +
  `RSS before ${r.before} MB, peak during ${r.peak} MB, after ${r.after} MB`;

const api = await processes.start('api', 'api');
try {
  const auth = await bench.token(api.url, setup.password);
  // The lists' index is loaded at start; one small read makes sure it is before the clock starts.
  await fetch(`${api.url}/read/aligners/v1/?page=1`, { headers: { Authorization: `Bearer ${auth}` } });
  await bench.sleep(3000);
  console.log(`CSV exports, ${setup.schema}, API process RSS at rest ${bench.rssMb(api.child.pid)} MB`);
  if (slowKbps > 0) {
    console.log(
      report(await exportOnce(api, auth, '/read/aligners/v1/export.csv', { kbps: slowKbps, forMs: 10_000 })),
    );
  } else {
    for (const path of [
      '/read/aligners/v1/export.csv',
      '/read/aligners/v1/export.csv?filterFamily=aligner&sortBy=updatedAt&sortDesc=true',
      '/read/updatescheduler_aligners/v1/export.csv?sortBy=state',
    ]) {
      console.log(report(await exportOnce(api, auth, path)));
    }
  }
} finally {
  await processes.stopAll();
  rmSync(setup.dataDir, { recursive: true, force: true });
}
