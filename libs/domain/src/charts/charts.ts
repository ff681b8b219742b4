/**
 * Chart-data transforms for the dashboard, Software Versions and Update Scheduler screens
 * (console-core §1, §9; back-office §2.2, §2.4, §4, §9).
 */
import {
  CHART_MIN_TOTAL_EXCLUSIVE,
  DAY_LOAD_GREEN_MAX,
  DAY_LOAD_YELLOW_MAX,
  TREND_SAMPLES,
} from '../constants/constants';
import { compareVersions, compareVersionsListed, semanticOf } from '../version/version';

/** One bar of a version chart. */
export interface VersionCount {
  /** The version text. */
  version: string;
  /** How many units. */
  total: number;
}

/** A point of a keyed series, in key order. */
export interface KeyedPoint {
  /** The key (a day, an hour ...). */
  key: string;
  /** The value. */
  value: number;
}

/** The calendar colour of a day by the number of updates scheduled on it (back-office §9). */
export type DayLoadColour = 'green' | 'yellow' | 'red';

/**
 * The Installed Versions chart data (back-office §2.2): versions with more than 1 unit. With
 * `ascending` (gtps and Oasis tabs), sorted ascending by semantic version; otherwise in the order
 * given. Returns new objects; the input is not changed.
 */
export function installedVersionChartData(
  list: readonly VersionCount[],
  options: { ascending?: boolean } = {},
): VersionCount[] {
  const kept = list
    .filter((item) => typeof item?.total === 'number' && item.total > CHART_MIN_TOTAL_EXCLUSIVE)
    .map((item) => ({ version: item.version, total: item.total }));
  if (options.ascending) kept.sort((a, b) => compareVersionsListed(a.version, b.version));
  return kept;
}

/**
 * The "count at latest over the total" of the Installed Versions card (back-office §2.2): units whose
 * semantic version equals the latest's, and all units. Every version counts here, not only those
 * charted.
 */
export function installedCountAtLatest(
  list: readonly VersionCount[],
  latest: string | null | undefined,
): { atLatest: number; total: number } {
  let atLatest = 0;
  let total = 0;
  const latestSemantic = semanticOf(latest ?? '');
  for (const item of list) {
    const n = typeof item?.total === 'number' ? item.total : 0;
    total += n;
    if (latestSemantic !== '' && compareVersions(item.version, latestSemantic) === 0) atLatest += n;
  }
  return { atLatest, total };
}

/**
 * The Staged Updates column chart data (back-office §2.2; console-core §3 staged totals "versions map"):
 * the map as bars, ascending by version.
 */
export function stagedVersionChartData(
  versions: Readonly<Record<string, number>> | null | undefined,
): VersionCount[] {
  return Object.entries(versions ?? {})
    .filter(([, total]) => typeof total === 'number')
    .map(([version, total]) => ({ version, total }))
    .sort((a, b) => compareVersionsListed(a.version, b.version));
}

/** Each point minus the next point; n points give n-1 deltas (back-office §4). */
export function seriesDeltas(series: readonly number[]): number[] {
  const deltas: number[] = [];
  for (let i = 0; i + 1 < series.length; i += 1) deltas.push((series[i] ?? 0) - (series[i + 1] ?? 0));
  return deltas;
}

function compareKeys(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  if (a.trim() !== '' && b.trim() !== '' && Number.isFinite(na) && Number.isFinite(nb) && na !== nb)
    return na < nb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A keyed series (back-office §3: daily and hourly statistics are "keyed series") as points ordered by
 * key: numerically when both keys are numbers (hours '2' before '10'), else as text (ISO days sort as
 * text).
 */
export function keyedSeries(series: Readonly<Record<string, number>> | null | undefined): KeyedPoint[] {
  return Object.entries(series ?? {})
    .map(([key, value]) => ({ key, value: typeof value === 'number' ? value : 0 }))
    .sort((a, b) => compareKeys(a.key, b.key));
}

/**
 * The deltas of a keyed series ordered by key (back-office §4: "each point minus the next point"); each
 * delta carries the key of its first point. n points give n-1 deltas.
 */
export function keyedSeriesDeltas(series: Readonly<Record<string, number>> | null | undefined): KeyedPoint[] {
  const points = keyedSeries(series);
  const deltas = seriesDeltas(points.map((p) => p.value));
  return deltas.map((value, i) => ({ key: points[i]?.key ?? '', value }));
}

/**
 * Delivery count = autoStaged minus autoUnstaged minus autoUnstagedDueToHungCount (back-office §4).
 * Missing numbers count as 0.
 */
export function deliveryCount(stats: {
  autoStaged?: number | null;
  autoUnstaged?: number | null;
  autoUnstagedDueToHungCount?: number | null;
}): number {
  return (stats.autoStaged ?? 0) - (stats.autoUnstaged ?? 0) - (stats.autoUnstagedDueToHungCount ?? 0);
}

/** The day-load colour: at most 10 green, 11 to 20 yellow, above 20 red (back-office §9). */
export function dayLoadColour(count: number): DayLoadColour {
  if (count <= DAY_LOAD_GREEN_MAX) return 'green';
  if (count <= DAY_LOAD_YELLOW_MAX) return 'yellow';
  return 'red';
}

/**
 * The percentage of equipment connected, 0–100 unrounded (console-core §1), 0 when the total is 0 or
 * less. The console rounds for display.
 */
export function percentConnected(connected: number, total: number): number {
  if (!(total > 0) || !Number.isFinite(connected)) return 0;
  return (connected / total) * 100;
}

/**
 * The connected-aligner trend after a new sample: the last `max` samples, oldest first (console-core §1,
 * §9: the last 60 samples). Returns a new array.
 */
export function appendTrendSample(
  samples: readonly number[],
  sample: number,
  max: number = TREND_SAMPLES,
): number[] {
  const keep = Math.floor(max);
  if (!(keep > 0)) return [];
  const next = [...samples, sample];
  return next.length > keep ? next.slice(next.length - keep) : next;
}
