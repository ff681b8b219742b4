// How many bytes a simulated unit takes (at most 600 bytes of RSS a unit in a simulator).
// Builds BENCH_UNITS units the way a simulator takes them from the store, keeps them as the engine does (an index
// by serial, a pool), and prints the heap they hold and the memory outside it (their columns). Run: node --expose-gc node_modules/.bin/tsx tools/bench/unit-memory.ts
import { FleetState } from '../../apps/fleet-sim/src/fleet/fleet-state';
import { UNITS } from '../../apps/fleet-sim/src/fleet/packed-unit';
import { runtimeFromRow } from '../../apps/fleet-sim/src/fleet/runtime-codec';
import type { RuntimeRow } from '../../apps/fleet-sim/src/store/repos/runtime-repo';

const count = Number(process.env['BENCH_UNITS'] ?? 500_000);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
const pick = <T>(values: readonly T[], i: number): T => values[i % values.length] as T;
// Strings the way the pg driver hands them over: each row a fresh string.
const fresh = (s: string) => (' ' + s).slice(1);

function row(i: number): RuntimeRow {
  const now = new Date(Date.UTC(2026, 10, 1) + i * 1000);
  return {
    serialNumber: fresh(`AX${String(1_000_000_000 + i)}`),
    shard: i % 64,
    family: pick(['aligner', 'gtps', 'aligner-oasis'], i),
    versionSemantic: fresh(pick(['5.4.1', '5.3.0', '4.3.2'], i)),
    versionMeta: fresh(pick(['b1203', 'b1190'], i)),
    specs: { name: fresh(pick(['SPECS-2026-10', 'SPECS-2026-09'], i)) },
    systemClass: fresh(pick(['DRAGON', 'HAWK'], i)),
    boardFeatures: { numCameras: 4, isDDAligner: i % 2 === 0 },
    logLevel: 'WARN',
    targetType: fresh(pick(['XL', 'STD'], i)),
    countryCode: fresh(pick(['US', 'DE', 'BR', 'JP'], i)),
    connected: i % 3 !== 0,
    connectCount: i % 40,
    port: null,
    address: fresh(
      `::ffff:10.${i % 255}.${(i >> 8) % 255}.${2 + (i % 250)},${23 + (i % 200)}.${i % 255}.${(i >> 3) % 255}.${1 + (i % 250)}`,
    ),
    currentProcedure: i % 3 === 0 ? null : fresh('ALIGNMENT'),
    alignmentCount: i % 5000,
    updateState: { state: 'TRY_INSERT_UPDATE' },
    stagedRevDone: 0,
    flowRev: null,
    desired: null,
    lastSeenOnlineAt: now,
    sshPortOpenUntil: null,
    createdAt: now,
    updatedAt: now,
  };
}

gc();
const before = process.memoryUsage();
const state = new FleetState();
const now = Date.UTC(2026, 10, 24);
for (let i = 0; i < count; i++) {
  const unit = runtimeFromRow(row(i), now);
  if (!unit) continue;
  state.units.set(unit);
  (unit.connected ? state.connectedPool : state.offlinePool).add(unit);
}
gc();
const after = process.memoryUsage();
const perUnit = (after.heapUsed - before.heapUsed) / count;
const outside = after.external - before.external + UNITS.bytes;
console.log(
  `${count.toLocaleString()} units: heap ${Math.round((after.heapUsed - before.heapUsed) / 2 ** 20)} MB (${perUnit.toFixed(0)} bytes a unit); ` +
    `outside the heap ${Math.round(outside / 2 ** 20)} MB (${(outside / count).toFixed(0)} bytes a unit); ` +
    `process RSS ${Math.round(after.rss / 2 ** 20)} MB (${(after.rss / count).toFixed(0)} bytes a unit)`,
);
// Keeps the units alive until after the measure.
if (state.units.size !== count) console.log(`${state.units.size} units kept`);
