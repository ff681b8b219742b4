// Benchmark of the fleet map beside the equipment list (docs/performance.md, issue 39: map cells at 1,000,000 units
// on PostgreSQL, p95 <= 20 ms at any level unfiltered and <= 50 ms filtered, from what the API process keeps in
// memory). One simulator and one API process on the local PostgreSQL and Redis; on a quiet store (the clock stopped)
// then while about 1% of the units change a second, it times, in one run: the 300 mixed equipment-list pages of the
// cluster bench, and GET /read/fleet_map/v1 at each level (the world, the largest country's regions, its largest
// region's cities), unfiltered and with each of the list's filters. Prints p50/p95; passes nothing.
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 node tools/bench/fleet-map.mjs
//   BENCH_SCHEMA=benchsim ...   reuse a schema seeded before (kept); else a new one is seeded and dropped
//   BENCH_UNITS=100000 BENCH_SPEED=30 BENCH_ROUNDS=100 ...
import * as bench from './bench-processes.mjs';
import { equipmentQueries } from './list-queries.mjs';

const setup = bench.benchSetup('fleetmap');
const { databaseUrl, units, keepSchema, schema, speed, password } = setup;
const rounds = Number(process.env.BENCH_ROUNDS ?? 100);
const processes = bench.benchProcesses(setup);
const { start, stopAll } = processes;

/** The map's filtered queries: each filter of the equipment list alone, and two together. */
const FILTERS = [
  { filterFamily: 'gtps' },
  { filterSoftwareVersion: '5.' },
  { filterCountryCode: 'U' },
  { filterSerialNumber: 'A' },
  { filterConnected: 'false' },
  { filterFamily: 'aligner', filterSoftwareVersion: '5.4' },
  // Longer than the counted heads: the map walks the prefix's range.
  { filterSerialNumber: 'AX1' },
];

try {
  if (!(await bench.seedUnits(setup, processes))) await bench.prepareKeptSchema(setup);
  const sim = await start('sim-1', 'sim');
  const api = await start('api-1', 'api');
  const auth = await bench.token(api.url, password);
  const get = async (path) => {
    const res = await fetch(`${api.url}${path}`, { headers: { Authorization: `Bearer ${auth}` } });
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    return res.json();
  };
  const clock = (value) =>
    fetch(`${api.url}/sim/clock`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ speed: value }),
    });
  const world = await get('/read/fleet_map/v1?level=country');
  const country = world.cells[0]?.countryCode ?? 'US';
  const regions = await get(`/read/fleet_map/v1?level=region&country=${country}`);
  const region = regions.cells[0]?.region ?? '';
  const levels = [
    ['countries', {}],
    [`regions of ${country}`, { level: 'region', country }],
    [`cities of ${country}/${region}`, { level: 'city', country, region }],
  ];
  console.log(
    `\n${units.toLocaleString()} units on PostgreSQL (schema ${schema}); ${world.cells.length} countries, ` +
      `${regions.cells.length} regions of ${country}`,
  );

  const lists = equipmentQueries().map((q) => ({ path: `/read/aligners/v1/?${bench.queryString(q)}` }));
  const mapRequests = (filters) =>
    levels.map(([label, drill]) => ({
      label,
      requests: Array(rounds).fill({
        path: `/read/fleet_map/v1?${bench.queryString({ level: 'country', ...drill, ...filters })}`,
      }),
    }));

  for (const [store, clockSpeed] of [
    ['quiet store', 0],
    [`${speed}x clock (about 1% of the units change a second)`, speed],
  ]) {
    await clock(clockSpeed);
    await bench.sleep(3000);
    console.log(`\n${store}:`);
    // A first pass warms each path; the figures are the second.
    await bench.time(api.url, auth, lists.slice(0, 50));
    console.log(
      bench.line('  GET /read/aligners/v1/ (300 mixed pages)', await bench.time(api.url, auth, lists)),
    );
    for (const { label, requests } of mapRequests({})) {
      await bench.time(api.url, auth, requests.slice(0, 10));
      const cpu0 = bench.cpuTicks(api.child.pid);
      const times = await bench.time(api.url, auth, requests);
      const cpu = ((bench.cpuTicks(api.child.pid) - cpu0) * 1000) / bench.CLK_TCK / requests.length;
      console.log(
        `${bench.line(`  GET /read/fleet_map/v1 ${label}, unfiltered`, times)}  (CPU ${cpu.toFixed(1)} ms a call)`,
      );
    }
    const filtered = [];
    for (const filters of FILTERS) {
      for (const { label, requests } of mapRequests(filters)) {
        const times = await bench.time(api.url, auth, requests.slice(0, Math.ceil(rounds / 4)));
        filtered.push(...times);
        if (process.env.BENCH_VERBOSE)
          console.log(bench.line(`    ${label} ${JSON.stringify(filters)}`, times));
      }
    }
    console.log(
      bench.line(
        `  GET /read/fleet_map/v1 every level, filtered (${FILTERS.length} filters)`,
        filtered.sort((a, b) => a - b),
      ),
    );
  }
  await clock(speed);
  void sim;
} finally {
  await stopAll();
  if (!keepSchema)
    await bench.sql(databaseUrl, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
}
