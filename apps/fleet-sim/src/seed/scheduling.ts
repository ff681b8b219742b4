/**
 * The update scheduler: updates scheduled per day over the next month, and the scheduler's daily and
 * hourly activity and counters per family (back-office §2.2, §2.4, §3).
 */
import { DAY_LOAD_GREEN_MAX, DAY_LOAD_YELLOW_MAX, FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { schedulerActivity, schedulerCounters, schedules } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, HOUR_MS, isoDay, isoHour, shift, startOfUtcDay, startOfUtcHour } from './dates';
import type { Rng } from '../core/random';
import { latestRelease, type ReleaseBook } from './releases';
import type { FamilyCounts, UnitSummary } from './units';

/** Day loads of the next 30 days: red, yellow and green days (back-office §9), and a few empty ones. */
function dayLoads(rng: Rng): number[] {
  const kinds = rng.sample(
    [
      ...Array<'red'>(4).fill('red'),
      ...Array<'yellow'>(6).fill('yellow'),
      ...Array<'green'>(14).fill('green'),
      ...Array<'none'>(6).fill('none'),
    ],
    30,
  );
  return kinds.map((kind) => {
    if (kind === 'red') return rng.int(DAY_LOAD_YELLOW_MAX + 1, DAY_LOAD_YELLOW_MAX + 14);
    if (kind === 'yellow') return rng.int(DAY_LOAD_GREEN_MAX + 1, DAY_LOAD_YELLOW_MAX);
    if (kind === 'green') return rng.int(1, DAY_LOAD_GREEN_MAX);
    return 0;
  });
}

/** Aligner updates scheduled for the next 30 days, on aligners that can be staged and are behind. */
export async function insertSchedules(
  db: Db,
  rng: Rng,
  now: Date,
  directory: readonly UnitSummary[],
  releases: ReleaseBook,
): Promise<void> {
  const target = latestRelease(releases, 'aligner');
  const candidates = rng.sample(
    directory.filter(
      (u) =>
        u.family === 'aligner' && !u.staged && u.versionOrder >= 4_000_000 && u.versionOrder < target.order,
    ),
    directory.length,
  );
  if (candidates.length === 0) return;
  const today = startOfUtcDay(now);
  const rows: (typeof schedules.$inferInsert)[] = [];
  let next = 0;
  dayLoads(rng).forEach((load, i) => {
    const date = isoDay(shift(today, (i + 1) * DAY_MS));
    for (let k = 0; k < load; k++) {
      const unit = candidates[next++ % candidates.length];
      if (!unit) continue;
      rows.push({
        serialNumber: unit.serialNumber,
        family: 'aligner',
        versionSemantic: target.semantic,
        versionMeta: target.meta,
        path: target.path,
        date,
        status: 'scheduled',
        createdBy: rng.pick(['admin', 'engineer', 'mgarcia', 'jthompson']),
        createdAt: shift(now, -rng.float(0.1, 10) * DAY_MS),
      });
    }
  });
  await insertInBatches(db, schedules, rows);
}

/** Share of a day's activity in each UTC hour: the fleet is mostly in the Americas and Europe. */
function hourShare(hour: number): number {
  return 0.55 + 0.45 * Math.max(0, Math.sin(((hour - 8) / 24) * 2 * Math.PI));
}

/** 30 daily and 48 hourly buckets per family, and the counters. */
export async function insertSchedulerActivity(
  db: Db,
  rng: Rng,
  now: Date,
  counts: Readonly<Record<Family, FamilyCounts>>,
): Promise<void> {
  const rows: (typeof schedulerActivity.$inferInsert)[] = [];
  const counters: (typeof schedulerCounters.$inferInsert)[] = [];
  const today = startOfUtcDay(now);
  const thisHour = startOfUtcHour(now);
  for (const family of FAMILIES) {
    const c = counts[family];
    let staged = 0;
    for (let d = 29; d >= 0; d--) {
      const day = shift(today, -d * DAY_MS);
      const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6;
      const deliveries = Math.max(
        0,
        Math.round(c.total * 0.004 * (weekend ? 0.4 : 1) * (1 + rng.normal(0, 0.35))),
      );
      const autoStaged = Math.round(deliveries * rng.float(1, 1.6));
      staged += autoStaged;
      rows.push({
        family,
        bucket: 'day',
        key: isoDay(day),
        deliveries,
        // Climbs towards today's count as deliveries land.
        atCurrentVersion: Math.max(0, Math.round(c.atLatest * (1 - d * 0.008) * (1 + rng.normal(0, 0.01)))),
        autoStaged,
        connectedCount: Math.max(
          0,
          Math.round(c.connected * (weekend ? 0.85 : 1) * (1 + rng.normal(0, 0.03))),
        ),
      });
    }
    for (let h = 47; h >= 0; h--) {
      const hour = shift(thisHour, -h * HOUR_MS);
      const share = hourShare(hour.getUTCHours());
      const deliveries = Math.max(
        0,
        Math.round(((c.total * 0.004) / 24) * share * 2 * (1 + rng.normal(0, 0.5))),
      );
      rows.push({
        family,
        bucket: 'hour',
        key: isoHour(hour),
        deliveries,
        atCurrentVersion: Math.max(0, Math.round(c.atLatest * (1 - (h / 24) * 0.008))),
        autoStaged: Math.round(deliveries * rng.float(1, 1.6)),
        connectedCount: Math.max(
          0,
          Math.round(c.connected * (0.7 + 0.3 * share) * (1 + rng.normal(0, 0.02))),
        ),
      });
    }
    const autoStaged = Math.max(12, staged + c.staged);
    counters.push({
      family,
      autoStaged,
      autoUnstaged: Math.round(autoStaged * rng.float(0.05, 0.12)),
      autoUnstagedDueToHungCount: Math.round(autoStaged * rng.float(0.01, 0.04)),
      averageSlotAge: Math.round(rng.float(15, 95) * 10) / 10,
    });
  }
  await insertInBatches(db, schedulerActivity, rows);
  await insertInBatches(db, schedulerCounters, counters);
}
