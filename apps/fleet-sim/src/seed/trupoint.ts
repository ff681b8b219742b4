/** Vendor pairings with Tru-Point units, active, completed and aborted (back-office §2.9, §3). */
import type { Db } from '../store/database';
import { pairings } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, MINUTE_MS, shift } from './dates';
import type { Rng } from '../core/random';
import type { UnitSummary } from './units';

type Calibration = { name: string; state: string; passed: boolean; reportMessage: string | null };

const VENDORS: readonly { name: string; key: string }[] = [
  { name: 'Hunter Connect', key: 'HC' },
  { name: 'ShopKey', key: 'SK' },
  { name: 'Mitchell 1', key: 'M1' },
  { name: 'ALLDATA', key: 'AD' },
  { name: 'Tekmetric', key: 'TM' },
  { name: 'Shopmonkey', key: 'SM' },
];

const CALIBRATIONS = [
  'Front Camera',
  'Front Radar',
  'Rear Radar Left',
  'Rear Radar Right',
  'Blind Spot Monitor',
  'Surround View',
  'Steering Angle Sensor',
];

const FAILURES = [
  'Target not detected within tolerance.',
  'Radar alignment out of range by 1.2°.',
  'Vehicle ride height outside specification.',
  'Scan tool lost communication with the module.',
];

const REASONS = [
  'Vehicle left the bay before calibration finished.',
  'Operator cancelled the pairing.',
  'Connection to the Tru-Point unit lost.',
  'Vendor session expired.',
  'Wrong vehicle selected at the vendor.',
];

const PLAN = { active: 8, completed: 24, aborted: 8 } as const;

function calibrations(rng: Rng, status: keyof typeof PLAN): Calibration[] {
  const count = status === 'active' ? rng.int(0, 3) : rng.int(1, 4);
  return rng.sample(CALIBRATIONS, count).map((name, i) => {
    let state: string;
    if (status === 'active') state = i === count - 1 ? rng.pick(['PENDING', 'IN_PROGRESS']) : 'COMPLETE';
    else if (status === 'aborted') state = i === count - 1 ? 'ABORTED' : 'COMPLETE';
    else state = 'COMPLETE';
    const passed = state === 'COMPLETE' && rng.chance(0.85);
    const reportMessage =
      state === 'COMPLETE'
        ? passed
          ? rng.chance(0.5)
            ? null
            : 'Calibration within specification.'
          : rng.pick(FAILURES)
        : null;
    return { name, state, passed, reportMessage };
  });
}

/** Forty pairings on Tru-Point units of the fleet (none when the fleet has no Tru-Point). */
export async function insertPairings(
  db: Db,
  rng: Rng,
  now: Date,
  directory: readonly UnitSummary[],
): Promise<void> {
  const truPoints = directory.filter((u) => u.family === 'gtps');
  if (truPoints.length === 0) return;
  const rows: (typeof pairings.$inferInsert)[] = [];
  for (const status of ['active', 'completed', 'aborted'] as const) {
    for (let i = 0; i < PLAN[status]; i++) {
      const vendor = rng.pick(VENDORS);
      const createdAt =
        status === 'active'
          ? shift(now, -rng.float(5, 240) * MINUTE_MS)
          : shift(now, -rng.float(0.5, 120) * DAY_MS);
      rows.push({
        status,
        vendor: vendor.name,
        vendorKey: `${vendor.key}-${rng.hex(8).toUpperCase()}`,
        alignmentId: rng.uuid(),
        truPointSerialNumber: rng.pick(truPoints).serialNumber,
        reason: status === 'aborted' ? rng.pick(REASONS) : null,
        calibrations: calibrations(rng, status),
        createdAt,
        updatedAt: new Date(Math.min(now.getTime(), createdAt.getTime() + rng.float(2, 90) * MINUTE_MS)),
      });
    }
  }
  await insertInBatches(db, pairings, rows);
}
