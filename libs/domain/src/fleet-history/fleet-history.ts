/**
 * The fleet's history over time (Fleet Health, `/Health`): what a rollup bucket holds, how buckets align, which
 * ranges and steps a read may ask for, and the maths of a series value and of a release comparison. Pure: the
 * caller gives "now" and the retention.
 */
import { compareVersions } from '../version/version';

/** What GET /read/fleet_history/v1 can chart, one value per bucket. */
export const HISTORY_METRICS = [
  'connectedShare',
  'units',
  'updatesStarted',
  'updatesSucceeded',
  'updatesFailed',
  'alertsFired',
  'ticketsOpened',
] as const;
/** One of {@link HISTORY_METRICS}. */
export type HistoryMetric = (typeof HISTORY_METRICS)[number];

/** The metric names as the screen and the CSV title them. */
export const HISTORY_METRIC_LABELS: Record<HistoryMetric, string> = {
  connectedShare: 'Connected share',
  units: 'Units',
  updatesStarted: 'Updates started',
  updatesSucceeded: 'Updates succeeded',
  updatesFailed: 'Updates failed',
  alertsFired: 'Alerts fired',
  ticketsOpened: 'Tickets opened',
};

/** The buckets history is kept in: UTC hours and UTC days. */
export const HISTORY_STEPS = ['hour', 'day'] as const;
/** One of {@link HISTORY_STEPS}. */
export type HistoryStep = (typeof HISTORY_STEPS)[number];

/** What a read may split its series by (one series per value; none: one series for every unit it selects). */
export const HISTORY_GROUP_BYS = ['family', 'country', 'version'] as const;
/** One of {@link HISTORY_GROUP_BYS}. */
export type HistoryGroupBy = (typeof HISTORY_GROUP_BYS)[number];

const HOUR_MS = 3_600_000;
const MINUTES_A_DAY = 24 * 60;
const DAY_MS = 24 * HOUR_MS;

/** The ranges the screen reads back from now (`last=7d`): their length. */
export const HISTORY_SPANS = {
  '24h': DAY_MS,
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
} as const;
/** A key of {@link HISTORY_SPANS}. */
export type HistorySpan = keyof typeof HISTORY_SPANS;
/** The keys of {@link HISTORY_SPANS}, shortest first. */
export const HISTORY_SPAN_KEYS = Object.keys(HISTORY_SPANS) as [HistorySpan, ...HistorySpan[]];

/** The length of a bucket of each step. */
export const HISTORY_STEP_MS: Record<HistoryStep, number> = { hour: HOUR_MS, day: DAY_MS };

/**
 * The most points one series may have: 92 days of hours (a quarter, whatever the months' lengths), two years of
 * days. A finer step over a longer range is refused ("choose a day step"): a chart cannot show more, and the
 * answer stays small.
 */
export const HISTORY_MAX_POINTS = 92 * 24;

/** How long each step is kept (days), unless configured otherwise: hours 90 days, days 2 years. */
export const HISTORY_RETENTION_DEFAULTS = { hourDays: 90, dayDays: 730 } as const;

/** How long each step's buckets are kept, in days. */
export interface HistoryRetention {
  hourDays: number;
  dayDays: number;
}

/** The start (UTC) of the bucket of `step` that holds `at` (ms since the epoch). */
export function bucketStart(at: number, step: HistoryStep): number {
  const size = HISTORY_STEP_MS[step];
  return Math.floor(at / size) * size;
}

/** The starts of the buckets of `step` that meet [from, to): from the bucket holding `from`, in time order. */
export function bucketStarts(from: number, to: number, step: HistoryStep): number[] {
  const out: number[] = [];
  const size = HISTORY_STEP_MS[step];
  for (let at = bucketStart(from, step); at < to; at += size) out.push(at);
  return out;
}

/** How many buckets of `step` a range meets. */
export function bucketCount(from: number, to: number, step: HistoryStep): number {
  if (!(to > from)) return 0;
  return Math.ceil((to - bucketStart(from, step)) / HISTORY_STEP_MS[step]);
}

/** The step a read takes when it names none: hours while they fit {@link HISTORY_MAX_POINTS}, days beyond. */
export function defaultHistoryStep(from: number, to: number): HistoryStep {
  return bucketCount(from, to, 'hour') <= HISTORY_MAX_POINTS ? 'hour' : 'day';
}

/** The oldest instant a step's history still holds at `now` (the start of its oldest kept bucket). */
export function oldestKept(step: HistoryStep, now: number, retention: HistoryRetention): number {
  const days = step === 'hour' ? retention.hourDays : retention.dayDays;
  return bucketStart(now - days * DAY_MS, step);
}

/** A problem of a history read's range, named by the query parameter it is about. */
export interface HistoryRangeProblem {
  field: 'from' | 'to' | 'step';
  message: string;
}

const dateText = (at: number) => new Date(at).toISOString().replace('.000Z', 'Z');

/**
 * Every problem of a history range, all at once (an empty list: the range may be read): `from` after or at `to`,
 * `from` older than the step's retention, and a step too fine for the range (more than {@link HISTORY_MAX_POINTS}
 * points). An instant left undefined (it did not parse) is not checked.
 */
export function historyRangeProblems(
  range: { from?: number; to?: number; step?: HistoryStep },
  now: number,
  retention: HistoryRetention,
): HistoryRangeProblem[] {
  const problems: HistoryRangeProblem[] = [];
  const { from, to, step } = range;
  if (from !== undefined && to !== undefined && from >= to)
    problems.push({ field: 'from', message: `from (${dateText(from)}) must be before to (${dateText(to)})` });
  if (from !== undefined && step !== undefined) {
    const oldest = oldestKept(step, now, retention);
    if (from < oldest) {
      const days = step === 'hour' ? retention.hourDays : retention.dayDays;
      problems.push({
        field: 'from',
        message: `${step === 'hour' ? 'hourly' : 'daily'} history is kept ${days} days: from must be ${dateText(oldest)} or later`,
      });
    }
  }
  if (from !== undefined && to !== undefined && step !== undefined && from < to) {
    const points = bucketCount(from, to, step);
    if (points > HISTORY_MAX_POINTS)
      problems.push({
        field: 'step',
        message: `a ${step} step gives ${points} points over this range, at most ${HISTORY_MAX_POINTS}: choose step=day or a shorter range`,
      });
  }
  return problems;
}

/** What a bucket of the history holds for the units it counts (summed over families, countries and versions). */
export interface HistorySums {
  /** Units sampled, times the minutes they were sampled for (unit-minutes). */
  unitMinutes: number;
  /** Connected units sampled, times the minutes (connected unit-minutes). */
  connectedMinutes: number;
  updatesStarted: number;
  updatesSucceeded: number;
  updatesFailed: number;
  alertsFired: number;
  ticketsOpened: number;
}

/** A bucket with nothing counted. */
export const EMPTY_HISTORY_SUMS: Readonly<HistorySums> = Object.freeze({
  unitMinutes: 0,
  connectedMinutes: 0,
  updatesStarted: 0,
  updatesSucceeded: 0,
  updatesFailed: 0,
  alertsFired: 0,
  ticketsOpened: 0,
});

/** Adds `b` into `a` (changes and answers `a`). */
export function addHistorySums(a: HistorySums, b: Readonly<HistorySums>): HistorySums {
  a.unitMinutes += b.unitMinutes;
  a.connectedMinutes += b.connectedMinutes;
  a.updatesStarted += b.updatesStarted;
  a.updatesSucceeded += b.updatesSucceeded;
  a.updatesFailed += b.updatesFailed;
  a.alertsFired += b.alertsFired;
  a.ticketsOpened += b.ticketsOpened;
  return a;
}

/**
 * A metric's value for a bucket: null when the history did not cover the bucket at all (`minutesCovered` 0: before
 * history began, or while no process kept it), and a connected share of no unit is null too. Otherwise the connected
 * share is connected unit-minutes over unit-minutes (a time-weighted share), units the average number of units over
 * the minutes covered, and the counts as counted.
 */
export function historyValue(
  metric: HistoryMetric,
  sums: Readonly<HistorySums>,
  minutesCovered: number,
): number | null {
  if (!(minutesCovered > 0)) return null;
  switch (metric) {
    case 'connectedShare':
      return sums.unitMinutes > 0 ? Math.min(1, sums.connectedMinutes / sums.unitMinutes) : null;
    case 'units':
      return sums.unitMinutes / minutesCovered;
    default:
      return sums[metric];
  }
}

/** Succeeded updates over finished ones (succeeded and failed), or null when none finished. */
export function updateSuccessRate(succeeded: number, failed: number): number | null {
  const finished = succeeded + failed;
  return finished > 0 ? succeeded / finished : null;
}

/** A release's counts over a period, as the comparison reads them. */
export interface ReleaseFacts extends HistorySums {
  version: string;
  /** When the release was published (ms), or null when the releases do not list it. */
  publishedAt: number | null;
  /** Minutes the history covered over the period (the denominator of the average units). */
  minutesCovered: number;
  /** Days (ms at their start), each with the share of the family's units on this release or a newer one. */
  adoption: readonly { at: number; share: number }[];
}

/** One release of a side-by-side comparison (GET /read/release_comparison/v1). */
export interface ReleaseComparisonRow {
  version: string;
  publishedAt: number | null;
  /** Average units on the release over the period. */
  unitsAverage: number;
  updatesStarted: number;
  updatesSucceeded: number;
  updatesFailed: number;
  /** Succeeded over finished updates to the release (null: none finished). */
  updateSuccessRate: number | null;
  /** The share of time its units were offline (null: no unit ran it). */
  offlineRate: number | null;
  alertsFired: number;
  /**
   * Alerts fired on its units per 1,000 units running it a day (per 1,000 unit-days, so that a release run for a
   * week and one run for a year compare; null: no unit ran it).
   */
  alertsPer1000Units: number | null;
  /**
   * Days from its publication until half the family ran it or a newer release (null: not reached in the history
   * kept, or not published in it).
   */
  daysToHalfFamily: number | null;
}

/**
 * Days from `publishedAt` to the first day whose share reaches `threshold` (0 when it already had on its publication
 * day), or null: no publication date, or never reached in `adoption`. Days are counted whole, rounded up (a release
 * published at noon that reaches half the family the next day took 1 day).
 */
export function daysToReach(
  adoption: readonly { at: number; share: number }[],
  publishedAt: number | null,
  threshold: number,
): number | null {
  if (publishedAt === null) return null;
  const published = bucketStart(publishedAt, 'day');
  for (const point of [...adoption].sort((a, b) => a.at - b.at)) {
    if (point.at < published) continue;
    if (point.share >= threshold) return Math.round((point.at - published) / DAY_MS);
  }
  return null;
}

/** The comparison row of a release from its counts (see {@link ReleaseComparisonRow}). */
export function releaseComparisonRow(facts: ReleaseFacts): ReleaseComparisonRow {
  const unitsAverage = facts.minutesCovered > 0 ? facts.unitMinutes / facts.minutesCovered : 0;
  return {
    version: facts.version,
    publishedAt: facts.publishedAt,
    unitsAverage,
    updatesStarted: facts.updatesStarted,
    updatesSucceeded: facts.updatesSucceeded,
    updatesFailed: facts.updatesFailed,
    updateSuccessRate: updateSuccessRate(facts.updatesSucceeded, facts.updatesFailed),
    offlineRate: facts.unitMinutes > 0 ? Math.max(0, 1 - facts.connectedMinutes / facts.unitMinutes) : null,
    alertsFired: facts.alertsFired,
    alertsPer1000Units:
      facts.unitMinutes > 0 ? (facts.alertsFired / (facts.unitMinutes / MINUTES_A_DAY)) * 1000 : null,
    daysToHalfFamily: daysToReach(facts.adoption, facts.publishedAt, 0.5),
  };
}

/**
 * The share of a family's units on `version` or a newer one (by {@link compareVersions}), from its units per
 * version: 0 for a family with no unit.
 */
export function shareAtOrAbove(unitsByVersion: ReadonlyMap<string, number>, version: string): number {
  let total = 0;
  let atOrAbove = 0;
  for (const [v, n] of unitsByVersion) {
    total += n;
    if (compareVersions(v, version) >= 0) atOrAbove += n;
  }
  return total > 0 ? atOrAbove / total : 0;
}

/**
 * A series' key when reads are split by version: the version alone when the read is of one family (its versions
 * cannot collide), else the family and the version (`gtps 1.0.0` and `aligner-oasis 1.0.0` are different releases).
 */
export function versionSeriesKey(family: string, version: string, oneFamily: boolean): string {
  return oneFamily ? version : `${family} ${version}`;
}
