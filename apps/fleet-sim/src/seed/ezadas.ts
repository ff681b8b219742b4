/** EZ ADAS fixtures and targets (back-office §2.8, §3). */
import { SUBSCRIPTION_PACKAGES } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { ezFixtures, ezTargets } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, isoDay, shift } from './dates';
import type { Rng } from '../core/random';

type SubscriptionPackage = (typeof SUBSCRIPTION_PACKAGES)[number];

const [INCLUDED, LIMITED, PREMIUM] = SUBSCRIPTION_PACKAGES;

/** Sixty fixtures: every package; expiries past and future; some without one. */
export async function insertFixtures(db: Db, rng: Rng, now: Date): Promise<void> {
  const rows: (typeof ezFixtures.$inferInsert)[] = [];
  const seen = new Set<string>();
  for (let i = 0; rows.length < 60 && i < 600; i++) {
    const createdAt = shift(now, -rng.float(5, 1000) * DAY_MS);
    const serialNumber = `EZ${String(createdAt.getUTCFullYear()).slice(2)}${String(rng.int(1, 99999)).padStart(5, '0')}`;
    if (seen.has(serialNumber)) continue;
    seen.add(serialNumber);
    // The first three cover every package; then mostly Included.
    const pkg =
      i < SUBSCRIPTION_PACKAGES.length
        ? SUBSCRIPTION_PACKAGES[i]
        : rng.weighted<SubscriptionPackage>([
            [INCLUDED, 50],
            [LIMITED, 30],
            [PREMIUM, 20],
          ]);
    if (!pkg) continue;
    const expires =
      pkg.code === INCLUDED?.code || rng.chance(0.1)
        ? null
        : isoDay(shift(now, rng.chance(0.2) ? -rng.int(1, 90) * DAY_MS : rng.int(10, 730) * DAY_MS));
    rows.push({
      serialNumber,
      activationCount: rng.chance(0.15) ? 0 : rng.int(1, 80),
      subscriptionPackage: pkg.code,
      subscriptionExpires: expires,
      createdAt,
      updatedAt: shift(createdAt, rng.float(0, (now.getTime() - createdAt.getTime()) / DAY_MS) * DAY_MS),
    });
  }
  await insertInBatches(db, ezFixtures, rows);
}

const TARGETS: readonly string[] = [
  'Toyota Front Camera Target',
  'Lexus Millimeter Wave Radar Reflector',
  'Honda Front Camera Aiming Target',
  'Nissan Lane Camera Target',
  'Subaru EyeSight Stereo Target',
  'Mazda Forward Sensing Camera Target',
  'Hyundai Front Radar Reflector',
  'Kia Lane Keeping Camera Target',
  'Volkswagen Group Front Camera Target',
  'Audi ACC Radar Mirror',
  'BMW KAFAS Camera Target',
  'Mercedes-Benz Multipurpose Camera Target',
  'Ford Lane Keeping Target',
  'GM Front Camera Module Target',
  'Stellantis Forward Facing Camera Target',
  'Volvo Camera Calibration Board',
  'Tesla Autopilot Camera Target',
  'Universal Blind Spot Radar Reflector',
  'Universal Rear Camera Pattern',
  'Universal Surround View Mats',
];

/** Twenty targets over the packages (Premium + VAG carries the VW Group ones). */
export async function insertTargets(db: Db, rng: Rng, now: Date): Promise<void> {
  const rows = TARGETS.map((targetName, i) => {
    const pkg =
      /Volkswagen|Audi/.test(targetName) || i % 7 === 6 ? PREMIUM : i % 3 === 0 ? INCLUDED : LIMITED;
    const createdAt = shift(now, -rng.float(30, 900) * DAY_MS);
    return {
      targetName,
      targetId: 100 + i * 7 + rng.int(0, 5),
      packageName: pkg?.name ?? 'Included',
      packageIndex: pkg?.code ?? 0,
      createdAt,
      updatedAt: rng.chance(0.3) ? shift(createdAt, rng.float(1, 25) * DAY_MS) : createdAt,
    };
  });
  await insertInBatches(db, ezTargets, rows);
}
