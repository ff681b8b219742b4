// Benchmark of the Simulator's scenario preview (docs/performance.md, "Simulator": the preview of any library scenario
// at 1,000,000 units <= 1 s). One simulator and one API process on the local PostgreSQL and Redis; POST
// /sim/scenario_preview/v1 for every scenario of the library, BENCH_ROUNDS times each, while about 1% of the units
// change a second. Prints each scenario's p50/p95/max and the API process's CPU a call; passes nothing.
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 node tools/bench/scenario-preview.mjs
//   BENCH_SCHEMA=b1m ...   reuse a schema seeded before (kept); else a new one is seeded and dropped
//   BENCH_UNITS=100000 BENCH_ROUNDS=20 ...
import * as bench from './bench-processes.mjs';

const setup = bench.benchSetup('preview');
const { databaseUrl, units, keepSchema, schema, password } = setup;
const rounds = Number(process.env.BENCH_ROUNDS ?? 20);
const processes = bench.benchProcesses(setup);
const { start, stopAll } = processes;

try {
  if (!(await bench.seedUnits(setup, processes))) await bench.prepareKeptSchema(setup);
  await start('sim-1', 'sim');
  const api = await start('api-1', 'api');
  const auth = await bench.token(api.url, password);
  const library = await (
    await fetch(`${api.url}/sim/scenarios`, { headers: { Authorization: `Bearer ${auth}` } })
  ).json();
  const names = library.map((s) => s.name);
  console.log(
    `\n${units.toLocaleString()} units on PostgreSQL (schema ${schema}); ${names.length} library scenarios, ${rounds} previews each`,
  );
  const all = [];
  const ticks = bench.cpuTicks(api.child.pid);
  for (const name of names) {
    const times = await bench.time(
      api.url,
      auth,
      Array(rounds).fill({ path: '/sim/scenario_preview/v1', body: { name } }),
    );
    all.push(...times);
    console.log(`   ${bench.line(name, times)}`);
  }
  const cpuMs = ((bench.cpuTicks(api.child.pid) - ticks) / bench.CLK_TCK / all.length) * 1000;
  console.log(
    `   ${bench.line(
      `every preview (${all.length})`,
      all.sort((a, b) => a - b),
    )}`,
  );
  console.log(`   API process CPU a preview: ${cpuMs.toFixed(1)} ms (target: any scenario <= 1 s)`);
} finally {
  await stopAll();
  if (!keepSchema) await bench.sql(databaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
}
