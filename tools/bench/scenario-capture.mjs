// Benchmark of "Capture as scenario" (docs/performance.md; the target: 10,000 units in at most 2 s): one
// process (FLEET_ROLE=all, a simulator in it) over a PostgreSQL schema of BENCH_UNITS units (20,000 by default, seeded
// here and dropped at the end unless BENCH_SCHEMA names a kept one); library scenarios put some units in other states
// (hung downloads, staged updates, voltages out of range, a regional outage), then POST /sim/scenario_capture/v1 of
// 10,000 serials is timed BENCH_RUNS times (5) after one warm-up. Prints each time, the YAML's size and its rules.
// Passes nothing.
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node tools/bench/scenario-capture.mjs
import * as bench from './bench-processes.mjs';

process.env.BENCH_UNITS ??= '20000';
const setup = bench.benchSetup('capture');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const processes = bench.benchProcesses(setup);

async function post(url, auth, path, body) {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer;
}

try {
  await bench.seedUnits(setup, processes);
  const server = await processes.start('all', 'all');
  const auth = await bench.token(server.url, setup.password);
  for (const name of [
    'hung-downloads',
    'staged-updates-in-progress',
    'voltages-out-of-range',
    'regional-outage',
  ])
    await post(server.url, auth, '/sim/scenario/apply', { name });
  const serials = (
    await bench.sql(
      setup.databaseUrl,
      `SELECT serial_number FROM "${setup.schema}".units ORDER BY hashtext(serial_number) LIMIT 10000`,
    )
  ).map((r) => r.serial_number);
  const selection = { serials };
  await post(server.url, auth, '/sim/scenario_capture/v1', { selection });
  const times = [];
  let last;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    last = await post(server.url, auth, '/sim/scenario_capture/v1', { selection });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    `Capture as scenario, ${setup.units.toLocaleString('en-US')} units on PostgreSQL, ${serials.length.toLocaleString('en-US')} captured:`,
  );
  console.log(bench.line('POST /sim/scenario_capture/v1 (10,000 serials)', times));
  const rules = (last.yaml.match(/^ {2}- select:/gm) ?? []).length;
  console.log(`YAML ${(last.yaml.length / 1024).toFixed(0)} KB, ${rules} rules for ${last.units} units`);
} finally {
  await processes.stopAll();
  if (!setup.keepSchema)
    await bench
      .sql(setup.databaseUrl, `DROP SCHEMA IF EXISTS "${setup.schema}" CASCADE`)
      .catch(() => undefined);
}
