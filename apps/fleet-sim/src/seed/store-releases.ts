/**
 * Where generated units get their releases when the store already has some: new units run versions
 * that were published, and hold spec data sets that exist.
 */
import { compareVersions, FAMILIES, SPEC_TARGET_FAMILIES } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { prerequisitesOf } from '../store/repos/spec-updates-repo';
import { softwareUpdates, specUpdates } from '../store/schema';
import type { SpecMarket } from './places';
import type { ReleaseBook, SoftwareRelease, SpecRelease } from './releases';
import { versionOrder } from './versions';

const MARKETS: readonly SpecMarket[] = ['US', 'EU', 'AP', 'LA'];

function asString(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/** The published software releases per family, oldest first; `fallback` for a family with none. */
export async function releasesFromStore(db: Db, fallback: ReleaseBook): Promise<ReleaseBook> {
  const rows = await db.select().from(softwareUpdates);
  const book = { ...fallback };
  for (const family of FAMILIES) {
    const list: SoftwareRelease[] = rows
      .filter((r) => r.family === family && versionOrder(r.semantic) >= 0)
      .map((r) => ({
        family,
        semantic: r.semantic,
        meta: r.meta,
        path: r.path,
        prerequisite: asString(r.prerequisite),
        releasedAt: r.createdAt,
        order: versionOrder(r.semantic),
      }))
      .sort((a, b) => compareVersions(a.semantic, b.semantic));
    if (list.length > 0) book[family] = list;
  }
  return book;
}

/** The spec releases of the store whose name starts with a known market; `fallback` when none do. */
export async function specReleasesFromStore(
  db: Db,
  fallback: readonly SpecRelease[],
): Promise<SpecRelease[]> {
  const rows = await db.select().from(specUpdates);
  const list: SpecRelease[] = [];
  for (const r of rows) {
    const name = asString(r.version['name']);
    const market = MARKETS.find((m) => name.startsWith(`${m}-`));
    const month = Number(r.version['month']);
    const year = Number(r.version['year']);
    const targetFamily = SPEC_TARGET_FAMILIES.find((f) => f === r.targetFamily);
    if (
      !market ||
      !targetFamily ||
      !Number.isInteger(month) ||
      month < 1 ||
      month > 12 ||
      !Number.isInteger(year)
    )
      continue;
    list.push({
      name,
      market,
      month,
      year,
      targetFamily,
      filter: r.filter,
      active: r.active,
      prerequisites: prerequisitesOf(r),
      releasedAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
  }
  return list.length > 0 ? list : [...fallback];
}
