// The equipment list's and update scheduler's index alone, in one process (list p95 <= 15 ms at
// 1,000,000 units through the API): builds BENCH_UNITS synthetic units, then times the cluster bench's 300 mixed
// equipment pages and 100 scheduler pages, and a second of the field's changes (1% of the units) applied to it.
// Run: TSX_TSCONFIG_PATH=tsconfig.base.json node --expose-gc --import tsx tools/bench/unit-index.ts
import { FAMILIES } from '@equipment-dashboard/domain';
import { equipmentQueries, schedulerQueries } from './list-queries.mjs';
import {
  UnitIndex,
  type IndexedUnit,
  type SchedulerQuery,
  type UnitQuery,
} from '../../apps/fleet-sim/src/read-models/unit-index';

const count = Number(process.env['BENCH_UNITS'] ?? 1_000_000);
const rounds = Number(process.env['BENCH_ROUNDS'] ?? 3);
const pick = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;
const PREFIXES = ['AX', 'TP', 'CB', 'OA', 'AL', 'GT'];
const COUNTRIES = [
  'US',
  'DE',
  'BR',
  'JP',
  'FR',
  'GB',
  'IT',
  'ES',
  'CA',
  'MX',
  'AU',
  'CN',
  'IN',
  'PL',
  'NL',
  'SE',
];
const VERSIONS = ['5.4.1', '5.4.0', '5.3.2', '5.3.0', '4.3.2', '4.3.1', '4.2.0', '1.9.0', '1.8.4'];
const STATES = ['IDLE', 'DOWNLOADING', 'INSTALL_COMPLETE', 'READY_TO_DOWNLOAD', 'INSTALLING'];
const t0 = Date.UTC(2024, 0, 1);

function unit(i: number, changed = 0): IndexedUnit {
  const h = Math.imul(i + 1, 2654435761) >>> 0;
  return {
    serialNumber: `${pick(PREFIXES, h % 7)}${String(100_000_000 + ((h >>> 3) % 900_000_000))}${i % 10}`,
    family: pick(FAMILIES, h % 3),
    countryCode: pick(COUNTRIES, (h >>> 5) % 23),
    versionSemantic: pick(VERSIONS, (h >>> 9) % 11),
    createdAt: t0 + (h % 86_400_000) * 20,
    updatedAt: t0 + ((h >>> 2) % 86_400_000) * 20 + changed,
    connected: h % 3 !== 0,
    lastSeenOnlineAt: h % 17 === 0 ? null : t0 + ((h >>> 4) % 86_400_000) * 20,
    staged: h % 13 === 0,
    autoStaged: false,
    stagedAt: h % 13 === 0 ? t0 + (h % 1000) * 1000 : null,
    state: pick(STATES, (h >>> 7) % 5),
    desiredRev: h % 13 === 0 ? 1 : 0,
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
// CPU time, not wall time: the figure stays honest on a machine whose other processes take the cores.
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const line = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${label.padEnd(44)} CPU p50 ${pct(sorted, 50).toFixed(2).padStart(7)} ms  p95 ${pct(sorted, 95).toFixed(2).padStart(7)} ms  max ${(sorted.at(-1) as number).toFixed(2).padStart(7)} ms`;
};
const timed = <T>(queries: T[], run: (q: T) => unknown) =>
  queries.map((q) => {
    const s = cpuMs();
    run(q);
    return cpuMs() - s;
  });

const lists = equipmentQueries() as UnitQuery[];
const schedulers = schedulerQueries() as SchedulerQuery[];

const index = new UnitIndex();
let started = 0;
// The store hands units over in serial order at start.
let all: IndexedUnit[] | null = Array.from({ length: count }, (_, i) => unit(i)).sort((a, b) =>
  a.serialNumber < b.serialNumber ? -1 : 1,
);
started = performance.now();
for (let i = 0; i < count; i += 10_000) index.upsert(all.slice(i, i + 10_000));
index.pack();
const loadMs = performance.now() - started;
all = null;
(globalThis as { gc?: () => void }).gc?.();
const { heapUsed, arrayBuffers } = process.memoryUsage();
console.log(
  `${count.toLocaleString()} units indexed in ${loadMs.toFixed(0)} ms; the index holds ${Math.round((heapUsed + arrayBuffers) / 2 ** 20)} MB (heap and typed arrays${(globalThis as { gc?: unknown }).gc ? '' : ', before a GC: run with --expose-gc'})`,
);

for (let round = 1; round <= rounds; round++) {
  const eq = timed(lists, (q) => index.queryEquipment(q));
  const sc = timed(schedulers, (q) => index.queryScheduler(q));
  const changes = Array.from({ length: count / 100 }, (_, j) => unit((j * 97) % count, round * 1000));
  started = cpuMs();
  for (let i = 0; i < changes.length; i += 250) index.upsert(changes.slice(i, i + 250));
  const upsertMs = cpuMs() - started;
  console.log(`round ${round}`);
  console.log(line('  equipment list (300 mixed pages)', eq));
  console.log(line('  update scheduler (100 mixed pages)', sc));
  console.log(
    `  a second of changes (${changes.length.toLocaleString()} units) upserted in ${upsertMs.toFixed(1)} ms of CPU`,
  );
}
if (process.env['BENCH_SLOWEST']) {
  const eq = timed(lists, (q) => index.queryEquipment(q));
  const slow = eq
    .map((ms, i) => ({ ms, q: lists[i] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 15);
  for (const { ms, q } of slow) console.log(ms.toFixed(1).padStart(8), JSON.stringify(q));
}
