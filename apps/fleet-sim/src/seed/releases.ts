/**
 * Published software releases per family and spec (vehicle data) releases per market: the history
 * the units' versions are drawn from, and the rows of software_updates and spec_updates.
 */
import {
  SPEC_TARGET_FAMILIES,
  type Family,
  type SerialPrefixTable,
  type SpecTargetFamily,
} from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { softwareUpdates, specUpdates } from '../store/schema';
import { insertInBatches } from './batch';
import { DAY_MS, earliest, monthOf, shift } from './dates';
import type { SpecMarket } from './places';
import type { Rng } from '../core/random';
import { versionOrder } from './versions';

/** One published software release. */
export interface SoftwareRelease {
  family: Family;
  semantic: string;
  meta: string;
  path: string;
  /** Minimum installed version, '' for none. */
  prerequisite: string;
  releasedAt: Date;
  order: number;
}

interface ReleasePlan {
  semantic: string;
  meta?: string;
  prerequisite?: string;
}

/** Oldest first; the last one is the family's latest. */
const RELEASE_PLANS: Record<Family, readonly ReleasePlan[]> = {
  aligner: [
    { semantic: '3.8.0' },
    { semantic: '3.8.2' },
    { semantic: '3.9.0' },
    { semantic: '3.9.1' },
    { semantic: '4.0.0' },
    { semantic: '4.0.3' },
    { semantic: '4.1.0', prerequisite: '4.0.0' },
    { semantic: '4.2.0', prerequisite: '4.0.0' },
    { semantic: '4.2.1', prerequisite: '4.0.0' },
    { semantic: '4.3.0', prerequisite: '4.0.0' },
    { semantic: '4.3.2', prerequisite: '4.0.0' },
    { semantic: '4.4.0', prerequisite: '4.0.0' },
    { semantic: '4.4.1', prerequisite: '4.0.0' },
    { semantic: '4.5.0', prerequisite: '4.0.0' },
    { semantic: '5.0.0', meta: 'build 1802', prerequisite: '4.3.0' },
    { semantic: '5.0.1', meta: 'build 1839', prerequisite: '4.3.0' },
    { semantic: '5.1.0', meta: 'build 1927', prerequisite: '4.3.0' },
    { semantic: '5.1.2', meta: 'build 1968', prerequisite: '4.3.0' },
    { semantic: '5.2.0', meta: 'build 2051', prerequisite: '4.3.0' },
    { semantic: '5.2.1', meta: 'build 2077', prerequisite: '4.3.0' },
    { semantic: '5.3.0', meta: 'build 2190', prerequisite: '5.0.0' },
    { semantic: '5.3.1', meta: 'build 2233', prerequisite: '5.0.0' },
    { semantic: '5.4.0', meta: 'build 2356', prerequisite: '5.0.0' },
    { semantic: '5.4.1', meta: 'build 2389', prerequisite: '5.0.0' },
    { semantic: '5.4.2', meta: 'build 2417', prerequisite: '5.0.0' },
  ],
  gtps: [
    { semantic: '0.9.0' },
    { semantic: '0.9.4' },
    { semantic: '1.0.0' },
    { semantic: '1.0.2' },
    { semantic: '1.1.0', prerequisite: '1.0.0' },
    { semantic: '1.2.0', prerequisite: '1.0.0' },
    { semantic: '1.2.3', prerequisite: '1.0.0' },
    { semantic: '1.3.0', prerequisite: '1.0.0' },
    { semantic: '1.3.1', prerequisite: '1.0.0' },
    { semantic: '1.4.0', prerequisite: '1.2.0' },
    { semantic: '1.4.2', prerequisite: '1.2.0' },
    { semantic: '1.5.0', prerequisite: '1.2.0' },
  ],
  'aligner-oasis': [
    { semantic: '1.0.0' },
    { semantic: '1.0.1' },
    { semantic: '1.1.0' },
    { semantic: '1.2.0' },
    { semantic: '1.3.0' },
    { semantic: '1.4.0' },
    { semantic: '1.5.0' },
    { semantic: '1.6.0', prerequisite: '1.0.0' },
    { semantic: '1.7.1', prerequisite: '1.0.0' },
    { semantic: '1.8.0', prerequisite: '1.0.0' },
    { semantic: '1.9.0', prerequisite: '1.0.0' },
    { semantic: '2.0.0', meta: 'Oasis 2', prerequisite: '1.5.0' },
    { semantic: '2.0.1', meta: 'Oasis 2', prerequisite: '1.5.0' },
    { semantic: '2.1.0', meta: 'Oasis 2', prerequisite: '1.5.0' },
  ],
};

/** Release history of a family spread over four years, the latest about three weeks before `now`. */
function historyOf(family: Family, rng: Rng, now: Date): SoftwareRelease[] {
  const plans = RELEASE_PLANS[family];
  const span = 4 * 365 - 30;
  return plans.map((plan, i) => {
    const ageDays = 21 + ((plans.length - 1 - i) * span) / Math.max(1, plans.length - 1) + rng.float(-6, 6);
    return {
      family,
      semantic: plan.semantic,
      meta: plan.meta ?? '',
      path: `/updates/${family}/${plan.semantic}`,
      prerequisite: plan.prerequisite ?? '',
      releasedAt: shift(now, -Math.max(14, ageDays) * DAY_MS),
      order: versionOrder(plan.semantic),
    };
  });
}

/** Every family's releases, oldest first. */
export type ReleaseBook = Record<Family, readonly SoftwareRelease[]>;

export function buildReleaseBook(rng: Rng, now: Date): ReleaseBook {
  return {
    aligner: historyOf('aligner', rng.fork('aligner'), now),
    gtps: historyOf('gtps', rng.fork('gtps'), now),
    'aligner-oasis': historyOf('aligner-oasis', rng.fork('aligner-oasis'), now),
  };
}

/** The newest release of a family. */
export function latestRelease(book: ReleaseBook, family: Family): SoftwareRelease {
  const list = book[family];
  const last = list[list.length - 1];
  if (!last) throw new Error(`no releases for ${family}`);
  return last;
}

/** One spec (vehicle data set) release. */
export interface SpecRelease {
  name: string;
  market: SpecMarket;
  month: number;
  year: number;
  targetFamily: SpecTargetFamily;
  filter: string[];
  active: boolean;
  prerequisites: { require: string; gtpsRequire: string; oasisRequire: string };
  releasedAt: Date;
  updatedAt: Date;
}

const MARKETS: readonly { market: SpecMarket; offset: number }[] = [
  { market: 'US', offset: 0 },
  { market: 'EU', offset: 1 },
  { market: 'AP', offset: 2 },
  { market: 'LA', offset: 1 },
];

/** Six releases per market (one a quarter) and one Tru-Point-only US data set: 25. */
export function buildSpecReleases(rng: Rng, now: Date, prefixes: SerialPrefixTable): SpecRelease[] {
  const releases: SpecRelease[] = [];
  const makeRelease = (market: SpecMarket, monthsBack: number, targetFamily: SpecTargetFamily, k: number) => {
    const { month, year } = monthOf(now, -monthsBack);
    const releasedAt = new Date(Date.UTC(year, month - 1, rng.int(3, 25), rng.int(13, 22), rng.int(0, 59)));
    const edited = rng.chance(0.3);
    const prefixesOfTarget = prefixes
      .filter((p) => targetFamily === 'all' || p.equipmentFamily === targetFamily)
      .map((p) => p.prefix);
    // A few data sets go to some models only (a serial-prefix filter); the rest to every unit ('*').
    const filtered = k >= 2 && prefixesOfTarget.length > 0 && rng.chance(0.22);
    releases.push({
      name: `${market}-${year}-${String(month).padStart(2, '0')}`,
      market,
      month,
      year,
      targetFamily,
      filter: filtered ? rng.sample(prefixesOfTarget, rng.int(2, 4)).sort() : ['*'],
      // The newest three of a market are live; older ones were switched off, with an exception or two.
      active: k < 3 || rng.chance(0.15),
      prerequisites: {
        require: rng.pick(['5.0.0', '5.0.0', '5.2.0', '']),
        gtpsRequire: rng.pick(['1.3.0', '1.3.0', '']),
        oasisRequire: rng.pick(['1.5.0', '2.0.0', '', '']),
      },
      releasedAt,
      updatedAt: edited ? earliest(shift(releasedAt, rng.int(1, 60) * DAY_MS), now) : releasedAt,
    });
  };
  for (const { market, offset } of MARKETS) {
    for (let k = 0; k < 6; k++) {
      const targetFamily: SpecTargetFamily =
        k === 2 && market !== 'LA' ? 'aligner' : k === 4 && market === 'AP' ? 'aligner-oasis' : 'all';
      makeRelease(market, 1 + 3 * k + offset, targetFamily, k);
    }
  }
  makeRelease('US', 2, 'gtps', 1);
  // Every target family appears at least once (SPEC_TARGET_FAMILIES).
  for (const family of SPEC_TARGET_FAMILIES) {
    if (!releases.some((r) => r.targetFamily === family)) throw new Error(`no spec release for ${family}`);
  }
  return releases;
}

/** The spec releases a unit of `family` in `market` can hold, newest first. */
export function specReleasesFor(
  releases: readonly SpecRelease[],
  market: SpecMarket,
  family: Family,
): SpecRelease[] {
  return releases
    .filter((r) => r.market === market && (r.targetFamily === 'all' || r.targetFamily === family))
    .sort((a, b) => b.releasedAt.getTime() - a.releasedAt.getTime());
}

export async function insertReleases(
  db: Db,
  book: ReleaseBook,
  specs: readonly SpecRelease[],
): Promise<void> {
  const software = Object.values(book).flatMap((list) =>
    list.map((r) => ({
      family: r.family,
      semantic: r.semantic,
      meta: r.meta,
      path: r.path,
      prerequisite: r.prerequisite,
      createdBy: 'engineer',
      createdAt: r.releasedAt,
    })),
  );
  await insertInBatches(db, softwareUpdates, software);
  await insertInBatches(
    db,
    specUpdates,
    specs.map((r) => ({
      path: `/updates/specs/${r.name}`,
      version: {
        name: r.name,
        month: r.month,
        year: r.year,
        semantic: `${r.year}.${r.month}.0`,
        major: r.year,
        minor: r.month,
        patch: 0,
      },
      prerequisites: r.prerequisites,
      active: r.active,
      targetFamily: r.targetFamily,
      filter: r.filter,
      createdBy: 'engineer',
      createdAt: r.releasedAt,
      updatedAt: r.updatedAt,
    })),
  );
}
