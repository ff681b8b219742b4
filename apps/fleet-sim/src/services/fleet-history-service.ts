import type {
  FleetHistory,
  FleetHistoryQuery,
  HistorySeries,
  ReleaseAdoption,
  ReleaseAdoptionQuery,
  ReleaseComparison,
  ReleaseComparisonQuery,
} from '@equipment-dashboard/contract';
import {
  addHistorySums,
  bucketStart,
  bucketStarts,
  compareVersionsListed,
  defaultHistoryStep,
  EMPTY_HISTORY_SUMS,
  historyRangeProblems,
  historyValue,
  oldestKept,
  releaseComparisonRow,
  shareAtOrAbove,
  HISTORY_SPANS,
  HISTORY_STEP_MS,
  type HistoryMetric,
  type HistorySpan,
  type HistoryRangeProblem,
  type HistoryRetention,
  type HistoryStep,
  type HistorySums,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../core/errors';
import { readFamilyUpdates } from '../store/repos/releases-repo';
import { dayStart, utcDay } from '../store/rollup-batch';
import {
  bucketSums,
  readCoverage,
  type BucketSums,
  type RollupFilter,
  type RollupKeyColumn,
} from '../store/repos/rollups-repo';
import { equipmentFiltersOf } from './alert-scope';
import { resolveSavedView } from './saved-views-service';
import type { ServiceDeps } from './service-deps';

const HOUR_MS = HISTORY_STEP_MS.hour;
const DAY_MS = HISTORY_STEP_MS.day;
/** A read that names no range reads this far back from `to`. */
const DEFAULT_SPAN_MS = { history: 7 * DAY_MS, adoption: 90 * DAY_MS } as const;
/** Series beyond this many (most units first) are summed into one series, `other`. */
const MAX_SERIES = 24;

/** The retention of the fleet's history, as configured. */
export function historyRetention(config: ServiceDeps['config']): HistoryRetention {
  return { hourDays: config.ROLLUP_HOURLY_RETENTION_DAYS, dayDays: config.ROLLUP_DAILY_RETENTION_DAYS };
}

/**
 * A read's range with its defaults: `to` now, `from` the span asked (`last`) or a default span before it, the step by
 * the range's length.
 */
export function historyRange(
  query: { from?: number; to?: number; last?: HistorySpan; step?: HistoryStep },
  now: number,
  kind: keyof typeof DEFAULT_SPAN_MS,
): { from: number; to: number; step: HistoryStep } {
  const to = query.to ?? now;
  const from = query.from ?? to - (query.last ? HISTORY_SPANS[query.last] : DEFAULT_SPAN_MS[kind]);
  const step = query.step ?? (kind === 'adoption' ? 'day' : defaultHistoryStep(from, to));
  return { from, to, step };
}

/**
 * Every problem of a history read's query that the server finds (the contract's schema finds the rest, in the same
 * answer): the range rules of libs/domain at the store's clock and the configured retention, and filters the history
 * does not keep (a serial number, connected or not). `query` may be partly parsed: values that did not parse are
 * not checked again.
 */
export function historyQueryProblems(
  query: Record<string, unknown>,
  now: number,
  retention: HistoryRetention,
  kind: keyof typeof DEFAULT_SPAN_MS,
): { path: string; message: string }[] {
  const instant = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  const step = query['step'] === 'hour' || query['step'] === 'day' ? query['step'] : undefined;
  const last =
    typeof query['last'] === 'string' && query['last'] in HISTORY_SPANS
      ? (query['last'] as HistorySpan)
      : undefined;
  const range = historyRange(
    { from: instant(query['from']), to: instant(query['to']), last, step },
    now,
    kind,
  );
  const problems: { path: string; message: string }[] = historyRangeProblems(range, now, retention).map(
    (p: HistoryRangeProblem) => ({ path: p.field, message: p.message }),
  );
  if (query['from'] !== undefined && last !== undefined)
    problems.push({ path: 'last', message: 'give from or last, not both' });
  if (typeof query['filterSerialNumber'] === 'string' && query['filterSerialNumber'] !== '')
    problems.push({ path: 'filterSerialNumber', message: NO_SERIAL_HISTORY });
  if (typeof query['filterConnected'] === 'boolean')
    problems.push({
      path: 'filterConnected',
      message:
        "history keeps every unit's connection as the connected share (metric=connectedShare), not units by connection",
    });
  return problems;
}

const NO_SERIAL_HISTORY =
  'history is kept by family, country and software version, not by serial number: a serial-number filter cannot be read from it';

/** The rollups' filter of the equipment list's filters (a serial-number filter is refused before). */
function rollupFilterOf(filters: {
  filterFamily?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
}): RollupFilter {
  return {
    family: filters.filterFamily,
    countryPrefix: filters.filterCountryCode?.toUpperCase(),
    versionPrefix: filters.filterSoftwareVersion,
  };
}

/**
 * The filters a history read applies: the query's, over a saved view's (the view's own filters where the query
 * gives none). A view the user may not apply is not found (404); a view of another list, or one filtered by serial
 * number, has no history (400).
 */
async function filtersOf(deps: ServiceDeps, user: AuthUser, query: FleetHistoryQuery): Promise<RollupFilter> {
  let view: Record<string, string | undefined> = {};
  if (query.viewId !== undefined) {
    const resolved = await resolveSavedView(deps, user, query.viewId);
    if (resolved.screen !== 'equipment')
      throw new ValidationError('The saved view has no history.', [
        {
          path: 'viewId',
          message: `view ${resolved.id} is a view of ${resolved.screen}, not of the equipment list`,
        },
      ]);
    const filters = equipmentFiltersOf(resolved.query);
    view = {
      filterSerialNumber: filters.filterSerialNumber,
      filterFamily: filters.filterFamily,
      filterCountryCode: filters.filterCountryCode,
      filterSoftwareVersion: filters.filterSoftwareVersion,
    };
    if (view['filterSerialNumber'] && query.filterSerialNumber === undefined)
      throw new ValidationError('The saved view has no history.', [
        {
          path: 'viewId',
          message: `view ${resolved.id} (${resolved.name}) filters by serial number: ${NO_SERIAL_HISTORY}`,
        },
      ]);
  }
  return rollupFilterOf({
    filterFamily: query.filterFamily ?? view['filterFamily'],
    filterCountryCode: query.filterCountryCode ?? view['filterCountryCode'],
    filterSoftwareVersion: query.filterSoftwareVersion ?? view['filterSoftwareVersion'],
  });
}

/** The instant of a bucket of the rollups' answer. */
const bucketAt = (b: BucketSums) => dayStart(b.day) + (b.hour < 0 ? 0 : b.hour * HOUR_MS);

/** Minutes the history covered per bucket start. */
async function coverageOf(deps: Pick<ServiceDeps, 'db'>, from: number, to: number, step: HistoryStep) {
  const byDay = await readCoverage(deps.db, utcDay(from), utcDay(to - 1));
  const out = new Map<number, number>();
  for (const [day, minutes] of byDay) {
    const start = dayStart(day);
    if (step === 'day')
      out.set(
        start,
        minutes.reduce((a, b) => a + b, 0),
      );
    else minutes.forEach((m, h) => out.set(start + h * HOUR_MS, m));
  }
  return out;
}

/** Sums per series key and bucket start, from the rollups of a range. */
async function sumsOf(
  deps: Pick<ServiceDeps, 'db'>,
  filter: RollupFilter,
  keyColumn: RollupKeyColumn,
  from: number,
  to: number,
  step: HistoryStep,
): Promise<Map<string, Map<number, HistorySums>>> {
  const rows = await bucketSums(deps.db, filter, keyColumn, utcDay(from), utcDay(to - 1), step);
  const out = new Map<string, Map<number, HistorySums>>();
  for (const row of rows) {
    const at = bucketAt(row);
    if (at < bucketStart(from, step) || at >= to) continue;
    // Alerts not about a unit have no country or version.
    const key = row.key.trim() || '(none)';
    let series = out.get(key);
    if (!series) out.set(key, (series = new Map()));
    const sums = series.get(at) ?? { ...EMPTY_HISTORY_SUMS };
    series.set(at, addHistorySums(sums, row));
  }
  return out;
}

/** Keeps the series with the most unit-minutes (and every series of counts with any), the rest summed as `other`. */
function keepLargest(series: Map<string, Map<number, HistorySums>>): Map<string, Map<number, HistorySums>> {
  if (series.size <= MAX_SERIES) return series;
  const weight = (s: Map<number, HistorySums>) => {
    let total = 0;
    for (const sums of s.values()) total += sums.unitMinutes + sums.updatesStarted + sums.alertsFired;
    return total;
  };
  const ranked = [...series.entries()].sort((a, b) => weight(b[1]) - weight(a[1]));
  const kept = new Map(ranked.slice(0, MAX_SERIES - 1));
  const other = new Map<number, HistorySums>();
  for (const [, s] of ranked.slice(MAX_SERIES - 1)) {
    for (const [at, sums] of s)
      other.set(at, addHistorySums(other.get(at) ?? { ...EMPTY_HISTORY_SUMS }, sums));
  }
  kept.set('other', other);
  return kept;
}

/** The series of a metric: a point per bucket, in the order of `keys`. */
function seriesOf(
  metric: HistoryMetric,
  sums: Map<string, Map<number, HistorySums>>,
  keys: readonly string[],
  buckets: readonly number[],
  coverage: Map<number, number>,
): HistorySeries[] {
  return keys.map((key) => {
    const byBucket = sums.get(key);
    return {
      key,
      points: buckets.map((at): [string, number | null] => [
        new Date(at).toISOString(),
        historyValue(metric, byBucket?.get(at) ?? EMPTY_HISTORY_SUMS, coverage.get(at) ?? 0),
      ]),
    };
  });
}

function totalUnitMinutes(s: Map<number, HistorySums> | undefined): number {
  let total = 0;
  for (const sums of s?.values() ?? []) total += sums.unitMinutes;
  return total;
}

/** Series keys in answer order: versions newest first, anything else by unit-minutes, `other` last. */
function orderedKeys(sums: Map<string, Map<number, HistorySums>>, byVersion: boolean): string[] {
  const keys = [...sums.keys()].filter((k) => k !== 'other');
  if (byVersion)
    keys.sort((a, b) => compareVersionsListed(versionPart(b), versionPart(a)) || (a < b ? -1 : 1));
  else keys.sort((a, b) => totalUnitMinutes(sums.get(b)) - totalUnitMinutes(sums.get(a)) || (a < b ? -1 : 1));
  return sums.has('other') ? [...keys, 'other'] : keys;
}

const versionPart = (key: string) => key.slice(key.lastIndexOf(' ') + 1);

/**
 * GET /read/fleet_history/v1: a metric over a range, per bucket of the step, split by family, country or version
 * (split by version over every family, a series is `<family> <version>`), for the units the equipment list's
 * filters or a saved view select. A range scan of the rollups.
 */
export async function readFleetHistory(
  deps: ServiceDeps,
  user: AuthUser,
  query: FleetHistoryQuery,
): Promise<FleetHistory> {
  const { from, to, step } = historyRange(query, deps.clock.now(), 'history');
  const filter = await filtersOf(deps, user, query);
  const groupBy = query.groupBy ?? null;
  const keyColumn: RollupKeyColumn =
    groupBy === 'version' ? (filter.family === undefined ? 'familyVersion' : 'version') : groupBy;
  const [sums, coverage] = await Promise.all([
    sumsOf(deps, filter, keyColumn, from, to, step),
    coverageOf(deps, from, to, step),
  ]);
  const kept = keepLargest(groupBy === null && sums.size === 0 ? new Map([['all', new Map()]]) : sums);
  const buckets = bucketStarts(from, to, step);
  return {
    metric: query.metric,
    step,
    from: new Date(bucketStart(from, step)).toISOString(),
    to: new Date(to).toISOString(),
    groupBy,
    series: seriesOf(query.metric, kept, orderedKeys(kept, groupBy === 'version'), buckets, coverage),
  };
}

/** GET /read/release_adoption/v1: a family's average units on each version per bucket, newest version first. */
export async function readReleaseAdoption(
  deps: ServiceDeps,
  query: ReleaseAdoptionQuery,
): Promise<ReleaseAdoption> {
  const { from, to, step } = historyRange(query, deps.clock.now(), 'adoption');
  const [sums, coverage, releases] = await Promise.all([
    sumsOf(deps, { family: query.family }, 'version', from, to, step),
    coverageOf(deps, from, to, step),
    readFamilyUpdates(deps.db, query.family),
  ]);
  // Versions no unit ran in the range have no series (a long tail of old releases).
  for (const [key, s] of sums) if (totalUnitMinutes(s) === 0) sums.delete(key);
  const buckets = bucketStarts(from, to, step);
  return {
    family: query.family,
    step,
    from: new Date(bucketStart(from, step)).toISOString(),
    to: new Date(to).toISOString(),
    releases: publishedReleases(releases),
    series: seriesOf('units', sums, orderedKeys(sums, true), buckets, coverage),
  };
}

/** A family's published releases, oldest first, each version once (its first publication). */
function publishedReleases(rows: readonly { semantic: string; createdAt: Date }[]) {
  const first = new Map<string, number>();
  for (const row of rows) {
    const at = row.createdAt.getTime();
    if (!first.has(row.semantic) || at < (first.get(row.semantic) as number)) first.set(row.semantic, at);
  }
  return [...first.entries()]
    .sort((a, b) => compareVersionsListed(a[0], b[0]))
    .map(([version, at]) => ({ version, publishedAt: new Date(at).toISOString() }));
}

/**
 * GET /read/release_comparison/v1: two releases of a family side by side over the daily history kept: update
 * success (updates to the release), offline rate and alerts per 1,000 units a day (units running it), and the days
 * from its publication until half the family ran it or a newer release. A version the family never published and no
 * unit ran is a 400.
 */
export async function readReleaseComparison(
  deps: ServiceDeps,
  query: ReleaseComparisonQuery,
): Promise<ReleaseComparison> {
  const now = deps.clock.now();
  const from = oldestKept('day', now, historyRetention(deps.config));
  const to = bucketStart(now, 'day') + DAY_MS;
  const [sums, coverage, releases] = await Promise.all([
    sumsOf(deps, { family: query.family }, 'version', from, to, 'day'),
    coverageOf(deps, from, to, 'day'),
    readFamilyUpdates(deps.db, query.family),
  ]);
  const published = new Map(publishedReleases(releases).map((r) => [r.version, Date.parse(r.publishedAt)]));
  const problems = (['a', 'b'] as const)
    .filter((side) => !published.has(query[side]) && !sums.has(query[side]))
    .map((side) => ({ path: side, message: `${query.family} has no release ${query[side]} in its history` }));
  if (problems.length > 0) throw new ValidationError('The releases cannot be compared.', problems);

  // Each day's units per version: the adoption of every release.
  const days = bucketStarts(from, to, 'day');
  const unitsByDay = days.map((at) => {
    const byVersion = new Map<string, number>();
    for (const [version, s] of sums) {
      const units = s.get(at)?.unitMinutes ?? 0;
      if (units > 0) byVersion.set(version, units);
    }
    return { at, byVersion };
  });
  const rowOf = (version: string) => {
    const s = sums.get(version) ?? new Map<number, HistorySums>();
    const total = { ...EMPTY_HISTORY_SUMS };
    let minutesCovered = 0;
    for (const [at, day] of s) {
      addHistorySums(total, day);
      if (day.unitMinutes > 0) minutesCovered += coverage.get(at) ?? 0;
    }
    const publishedAt = published.get(version) ?? null;
    const row = releaseComparisonRow({
      ...total,
      version,
      publishedAt,
      minutesCovered,
      adoption: unitsByDay
        .filter((d) => d.byVersion.size > 0)
        .map((d) => ({ at: d.at, share: shareAtOrAbove(d.byVersion, version) })),
    });
    return { ...row, publishedAt: publishedAt === null ? null : new Date(publishedAt).toISOString() };
  };
  return {
    family: query.family,
    from: new Date(from).toISOString(),
    to: new Date(now).toISOString(),
    releases: [rowOf(query.a), rowOf(query.b)],
  };
}
