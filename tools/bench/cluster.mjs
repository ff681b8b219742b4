// Benchmark of the product as several processes (docs/performance.md): two simulators (FLEET_ROLE=sim)
// and two API processes (FLEET_ROLE=api) on the local PostgreSQL and Redis, at BENCH_UNITS units (1,000,000).
// Prints: each simulator's CPU share, RSS and RSS per unit while about 1% of the fleet changes per second; each
// API process's RSS; p50/p95 of 300 mixed equipment-list pages, of update-scheduler pages and of every dashboard
// read; stagings; how long a live event takes from the write's answer to 200 polling consoles spread over the two
// API processes; and, with BENCH_SOAK_MINUTES, a soak with a write mix (errors, RSS growth). Passes nothing.
//
//   npx nx run fleet-sim:build
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 node tools/bench/cluster.mjs
//   BENCH_SCHEMA=bench1m ...   reuse a schema seeded before (kept); else a new one is seeded and dropped
//   BENCH_UNITS=100000 BENCH_SOAK_MINUTES=30 BENCH_CONSOLES=200 BENCH_SPEED=3 ...
//   BENCH_LOG_DIR=tmp/bench-logs LOG_LEVEL=info ...   each process's log in a file
//   BENCH_NO_SIMS=1 ...   no simulator: the API processes' reads over a store that does not change
//   BENCH_SIMS_ONLY=1 BENCH_NO_APIS=1 ...   the simulators alone, without the API processes' load on the machine
//   BENCH_HEAP_SNAPSHOT=tmp/heap ...   each simulator after its figures, and each API process after the reads, writes a
//                                      heap snapshot into that folder
import { mkdirSync, rmSync } from 'node:fs';
import { io } from 'socket.io-client';
import * as bench from './bench-processes.mjs';
import { equipmentQueries, schedulerQueries } from './list-queries.mjs';

const setup = bench.benchSetup('cluster');
const { databaseUrl, units, keepSchema, schema, speed, password, dataDir } = setup;
const consoles = Number(process.env.BENCH_CONSOLES ?? 200);
const soakMinutes = Number(process.env.BENCH_SOAK_MINUTES ?? 0);
// BENCH_SIMS_ONLY stops after the simulators' figures.
const simsOnly = Boolean(process.env.BENCH_SIMS_ONLY);
// Each process's log in a file of its own (BENCH_LOG_DIR; LOG_LEVEL=info shows the simulators' shard moves).
const logDir = process.env.BENCH_LOG_DIR;
// BENCH_NO_SIMS=1: the API processes over a store nobody changes (what the read design gives, not CPU-starved).
const noSims = Boolean(process.env.BENCH_NO_SIMS);
const noApis = simsOnly && Boolean(process.env.BENCH_NO_APIS);
if (logDir) mkdirSync(logDir, { recursive: true });
const snapshotDir = process.env.BENCH_HEAP_SNAPSHOT;
if (snapshotDir) mkdirSync(snapshotDir, { recursive: true });

const processes = bench.benchProcesses({ ...setup, logDir, snapshotDir });
const { start, stopAll } = processes;
const token = (url) => bench.token(url, password);
const sql = (text, params) => bench.sql(databaseUrl, text, params);

try {
  // A kept schema is put back into the state every run measures from (another benchmark may have left rules, a
  // scenario's churn or another clock speed on it, and hours of dead rows).
  if (!(await bench.seedUnits(setup, processes))) await bench.prepareKeptSchema(setup);

  const t0 = Date.now();
  const sims = noSims ? [] : await Promise.all([start('sim-1', 'sim'), start('sim-2', 'sim')]);
  const apis = noApis ? [] : await Promise.all([start('api-1', 'api'), start('api-2', 'api')]);
  await bench.shardsEven(sims);
  console.log(
    `\n${units.toLocaleString()} units on PostgreSQL, ${sims.length} simulators and ${apis.length} API processes; up and even in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );

  // 1. The simulators, alone: CPU share and memory over 30 s.
  await bench.sleep(5000);
  const before = await Promise.all(sims.map(bench.health));
  const cpu0 = sims.map((s) => bench.cpuTicks(s.child.pid));
  const apiCpu0 = apis.map((a) => bench.cpuTicks(a.child.pid));
  const started = Date.now();
  await bench.sleep(30_000);
  const seconds = (Date.now() - started) / 1000;
  const after = await Promise.all(sims.map(bench.health));
  let fleetChanges = 0;
  sims.forEach((s, i) => {
    const cpu = (bench.cpuTicks(s.child.pid) - cpu0[i]) / bench.CLK_TCK / seconds;
    const rss = bench.rssMb(s.child.pid);
    const changes = (after[i].stats.unitChanges - before[i].stats.unitChanges) / seconds;
    fleetChanges += changes;
    const rows = (after[i].stats.rowsWritten - before[i].stats.rowsWritten) / seconds;
    console.log(
      `${s.name}: ${after[i].units.toLocaleString()} units, ${changes.toFixed(0)} changes/s (${((100 * changes) / after[i].units).toFixed(2)}%), ${rows.toFixed(0)} rows written/s; ` +
        `CPU ${(cpu * 100).toFixed(1)}% of one core; RSS ${rss} MB (${Math.round((rss * 1024 * 1024) / after[i].units)} bytes a unit), ` +
        `heap used ${Math.round(after[i].memory.heapUsed / 2 ** 20)} of ${Math.round(after[i].memory.heapTotal / 2 ** 20)} MB, ` +
        `outside the heap ${Math.round(after[i].memory.external / 2 ** 20)} MB`,
    );
  });
  if (sims.length) console.log(bench.changeRateLine(units, fleetChanges));
  if (snapshotDir) {
    for (const s of sims) {
      s.child.kill('SIGUSR2');
      await bench.sleep(1000);
      await bench.health(s);
    }
    console.log(
      `heap snapshots of the simulators (pids ${sims.map((s) => s.child.pid).join(', ')}) in ${snapshotDir}`,
    );
  }
  // What following the store costs an API process (re-reading changed units into its index, the counters).
  apis.forEach((a, i) =>
    console.log(
      `${a.name}: RSS ${bench.rssMb(a.child.pid)} MB; CPU ${((100 * (bench.cpuTicks(a.child.pid) - apiCpu0[i])) / bench.CLK_TCK / seconds).toFixed(1)}% of one core following the store`,
    ),
  );

  if (!simsOnly) {
    // 2. Reads and writes through an API process while the simulators run.
    const [api1, api2] = apis;
    const auth = await token(api1.url);
    const lists = equipmentQueries().map((q) => ({ path: `/read/aligners/v1/?${bench.queryString(q)}` }));
    // First on a quiet store (the clock stopped: no unit changes), then while 1% of the units change a second.
    const clock = (speed) =>
      fetch(`${api1.url}/sim/clock`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ speed }),
      });
    await clock(0);
    await bench.sleep(3000);
    // CPU the API process spent, a mean per page: unlike the wall times, it does not grow while the process waits for
    // a core. The first pass also compiles the list's code; the second is what a process that has served a while pays.
    for (const pass of ['first', 'second']) {
      const listCpu0 = bench.cpuTicks(api1.child.pid);
      console.log(
        '\n' +
          bench.line(
            `quiet store: GET /read/aligners/v1/ (300 pages, ${pass} pass)`,
            await bench.time(api1.url, auth, lists),
          ),
      );
      console.log(
        `  ${api1.name}: CPU ${(((bench.cpuTicks(api1.child.pid) - listCpu0) * 1000) / bench.CLK_TCK / lists.length).toFixed(1)} ms a page`,
      );
    }
    console.log(
      bench.line(
        'quiet store: GET /read/staged_update_totals/v1',
        await bench.time(api1.url, auth, Array(100).fill({ path: '/read/staged_update_totals/v1' })),
      ),
    );
    await clock(speed);
    await bench.sleep(3000);
    console.log(
      '\n' + bench.line('GET /read/aligners/v1/ (300 mixed pages)', await bench.time(api1.url, auth, lists)),
    );
    const table = { aligner: 'aligners', gtps: 'gtps', 'aligner-oasis': 'aligners_oasis' };
    const schedulerLists = schedulerQueries().map(({ family, ...q }) => ({
      path: `/read/updatescheduler_${table[family]}/v1/?${bench.queryString(q)}`,
    }));
    console.log(
      bench.line(
        'GET /read/updatescheduler_*/v1/ (100 mixed pages)',
        await bench.time(api1.url, auth, schedulerLists),
      ),
    );
    for (const path of [
      '/api/v1/check_services',
      '/read/latest_software_version/v1',
      '/read/staged_update_totals/v1',
      '/read/aligner_software_versions/v1',
      '/read/spec_versions/v1',
      '/read/ticket_statistics/v1',
      '/read/top_aligners_by_alignment_count/v1',
    ]) {
      console.log(bench.line(`GET ${path}`, await bench.time(api1.url, auth, Array(100).fill({ path }))));
    }
    const latest = await (
      await fetch(`${api1.url}/read/latest_software_version/v1`, {
        headers: { Authorization: `Bearer ${auth}` },
      })
    ).json();
    const toStage = [];
    for (let page = 1; toStage.length < 100 && page < 200; page++) {
      const docs = (
        await (
          await fetch(`${api1.url}/read/updatescheduler_aligners/v1/?page=${page}&filterSoftwareVersion=5.`, {
            headers: { Authorization: `Bearer ${auth}` },
          })
        ).json()
      ).docs;
      for (const d of docs)
        if (!d.staging.isStaged && d.version.semantic !== latest.semantic && toStage.length < 100)
          toStage.push(d.serialNumber);
    }
    const version = { semantic: latest.semantic, meta: latest.meta };
    console.log(
      bench.line(
        `POST staging (${toStage.length} units)`,
        await bench.time(
          api1.url,
          auth,
          toStage.map((serialNumber) => ({
            path: '/create/immediate_stage_of_software_update/v1',
            body: { serialNumber, version, path: latest.path },
          })),
        ),
      ),
    );
    // A kept schema is left as it was found (runs used to stage 100 more units each, until none was left to stage).
    if (!soakMinutes)
      console.log(
        bench.line(
          `POST unstaging (${toStage.length} units)`,
          await bench.time(
            api1.url,
            auth,
            toStage.map((serialNumber) => ({
              path: '/delete/immediate_unstage_of_software_update/v1',
              body: { serialNumber },
            })),
          ),
        ),
      );
    for (const a of apis) console.log(`${a.name}: RSS after reads ${bench.rssMb(a.child.pid)} MB`);
    if (snapshotDir) {
      // The snapshot is written synchronously: once the process answers again, it is complete.
      for (const a of apis) {
        a.child.kill('SIGUSR2');
        await bench.sleep(1000);
        await bench.health(a);
      }
      console.log(
        `heap snapshots of the API processes (pids ${apis.map((a) => a.child.pid).join(', ')}) in ${snapshotDir}`,
      );
    }

    // 3. Live events: polling consoles over both API processes; a ticket opened through one, heard by all.
    const auth2 = await token(api2.url);
    const sockets = [];
    const heard = new Map();
    for (let i = 0; i < consoles; i++) {
      const target = i % 2 === 0 ? api1 : api2;
      const socket = io(`${target.url}/dashboard`, {
        transports: ['polling'],
        auth: { token: i % 2 === 0 ? auth : auth2 },
        reconnection: true,
        forceNew: true,
      });
      // An event may arrive before its write's answer has been read: keep every receipt, whenever it comes.
      socket.on('REPORT_SUPPORT_TICKET_CREATED', (event) => {
        if (!heard.has(event.id)) heard.set(event.id, []);
        heard.get(event.id).push(performance.now());
      });
      sockets.push(socket);
    }
    await Promise.all(sockets.map((s) => (s.connected ? null : new Promise((r) => s.once('connect', r)))));
    const unitForTickets = toStage[0];
    const latencies = [];
    // Every console must hear every event within a second, the first one after they connected included.
    const late = [];
    for (let n = 0; n < 20; n++) {
      const res = await fetch(`${api1.url}/create/ticket/v1`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${auth}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          issuerUsername: 'admin',
          issuerEmail: 'admin@example.com',
          serialNumber: unitForTickets,
          version: '5.0.0',
          connected: true,
          family: 'aligner',
          model: 'M',
          description: `bench ${n}`,
          escalated: false,
        }),
      });
      const answeredAt = performance.now();
      const ticket = await res.json();
      await bench.sleep(1500);
      const times = heard.get(ticket.id) ?? [];
      // Heard before the answer was read counts as 0 ms.
      const ticketLatencies = times.map((t) => Math.max(0, t - answeredAt));
      latencies.push(...ticketLatencies);
      const inTime = ticketLatencies.filter((ms) => ms <= 1000).length;
      if (inTime < consoles) {
        late.push(n + 1);
        console.log(
          `  ticket ${n + 1} (id ${ticket.id}): ${inTime} of ${consoles} consoles heard it within 1 s, ${times.length} within 1.5 s`,
        );
      }
    }
    console.log(
      bench.line(
        `live event, write answered -> ${consoles} consoles (${latencies.length} receipts)`,
        latencies.sort((a, b) => a - b),
      ),
    );
    console.log(
      late.length === 0
        ? `every one of the ${consoles} consoles heard each of the 20 events within 1 s`
        : `NOT every console heard every event within 1 s: events ${late.join(', ')} (of 20) were late or missed`,
    );

    // 4. Soak: the consoles stay, writes go on, nothing may fail, memory may not creep.
    if (soakMinutes > 0) {
      const rss0 = [...sims, ...apis].map((p) => bench.rssMb(p.child.pid));
      let writes = 0;
      let errors = 0;
      const end = Date.now() + soakMinutes * 60_000;
      let i = 0;
      while (Date.now() < end) {
        const serial = toStage[i % toStage.length];
        const calls = [
          { path: '/delete/immediate_unstage_of_software_update/v1', body: { serialNumber: serial } },
          {
            path: '/create/immediate_stage_of_software_update/v1',
            body: { serialNumber: serial, version, path: latest.path },
          },
          { path: '/cmd/aligner_get_usb_status/v1', body: { serialNumber: serial } },
          { path: `/read/aligners/v1/?page=${1 + (i % 50)}&sortBy=updatedAt` },
        ];
        const call = calls[i % calls.length];
        const target = i % 2 === 0 ? api1 : api2;
        const res = await fetch(`${target.url}${call.path}`, {
          method: call.body ? 'POST' : 'GET',
          headers: {
            Authorization: `Bearer ${i % 2 === 0 ? auth : auth2}`,
            'Content-Type': 'application/json',
          },
          body: call.body ? JSON.stringify(call.body) : undefined,
        });
        await res.arrayBuffer();
        writes += 1;
        if (res.status >= 500) errors += 1;
        i += 1;
        await bench.sleep(100);
      }
      const rss1 = [...sims, ...apis].map((p) => bench.rssMb(p.child.pid));
      const growth = rss1.map(
        (r, k) =>
          `${[...sims, ...apis][k].name} ${rss0[k]} -> ${r} MB (${(((r - rss0[k]) / rss0[k]) * 100).toFixed(1)}%)`,
      );
      console.log(`\nsoak ${soakMinutes} min: ${writes} calls, ${errors} answered 5xx; ${growth.join('; ')}`);
    }
    sockets.forEach((s) => s.close());
  }
} finally {
  await stopAll();
  rmSync(dataDir, { recursive: true, force: true });
  if (!keepSchema) await sql(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => undefined);
}
