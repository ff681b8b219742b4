/**
 * Spec update rules (back-office §2.3, §5, §9): the filter list, the Filtered column, target families
 * and the spec statistics chart.
 */
import {
  CHART_MIN_TOTAL_EXCLUSIVE,
  DEFAULT_SPEC_FILTER,
  SPEC_TARGET_FAMILIES,
  UNKNOWN,
  type Family,
  type SpecTargetFamily,
} from '../constants/constants';

/**
 * The filter text split into a list (back-office §5: "The text is split on commas into a list. The
 * default is '*'"): split on commas, trim, drop empties. `undefined` or `null` gives ['*']; an empty or
 * only-commas text gives [] (which is invalid).
 */
export function parseSpecFilter(text: string | null | undefined): string[] {
  if (text === undefined || text === null) return [DEFAULT_SPEC_FILTER];
  return String(text)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/** True when the filter text gives at least one entry (back-office §5: "The filter must be non-empty"). */
export function isSpecFilterValid(text: string | null | undefined): boolean {
  return parseSpecFilter(text).length > 0;
}

/** The Filtered column: true when the list has no '*' and at least one entry (back-office §2.3). */
export function isFiltered(filter: readonly string[]): boolean {
  return Array.isArray(filter) && filter.length > 0 && !filter.includes(DEFAULT_SPEC_FILTER);
}

/** The filter list as text, joined by commas (back-office §2.3 hover; also the edit dialog's field). */
export function specFilterText(filter: readonly string[] | null | undefined): string {
  return Array.isArray(filter) ? filter.join(',') : '';
}

/** True when the value is a spec target family (back-office §5: all, aligner, gtps, aligner-oasis). */
export function isSpecTargetFamily(value: unknown): value is SpecTargetFamily {
  return typeof value === 'string' && (SPEC_TARGET_FAMILIES as readonly string[]).includes(value);
}

/** True when a spec update with this target family applies to units of a family ('all' applies to every family). */
export function specTargetsFamily(targetFamily: SpecTargetFamily, family: Family): boolean {
  return targetFamily === 'all' || targetFamily === family;
}

/** One bar of a version chart. */
export interface VersionTotal {
  /** The version text. */
  version: string;
  /** How many units run it. */
  total: number;
}

/**
 * True for a spec version left out of the statistics as unknown (back-office §2.3): 'unknown' in any
 * case, and the unknown marker. Decision: the unknown marker is a missing or blank version (null,
 * undefined, '' or spaces), which is what a unit without specs reports.
 */
export function isUnknownSpecVersion(version: string | null | undefined): boolean {
  if (typeof version !== 'string') return true;
  const trimmed = version.trim();
  return trimmed === '' || trimmed.toLowerCase() === UNKNOWN;
}

function majorOf(version: string): number {
  const head = version.split('.')[0] ?? '';
  return /^\s*\d+\s*$/.test(head) ? Number(head) : Number.POSITIVE_INFINITY;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The spec statistics chart data (back-office §2.3): leaves out totals of 1 or less, unknown versions,
 * the unknown marker and versions containing '?'; sorts by the major part (the number before the first
 * '.'), then by the text from the 7th character on. Versions without a numeric major sort last; ties
 * sort by the whole text so the order is stable. Returns new objects; the input is not changed.
 */
export function specStatisticsChartData(list: readonly VersionTotal[]): VersionTotal[] {
  return list
    .filter(
      (item) =>
        item !== null &&
        typeof item === 'object' &&
        typeof item.total === 'number' &&
        item.total > CHART_MIN_TOTAL_EXCLUSIVE &&
        !isUnknownSpecVersion(item.version) &&
        !item.version.includes('?'),
    )
    .map((item) => ({ version: item.version, total: item.total }))
    .sort((a, b) => {
      const ma = majorOf(a.version);
      const mb = majorOf(b.version);
      if (ma !== mb) return ma < mb ? -1 : 1;
      return compareText(a.version.slice(6), b.version.slice(6)) || compareText(a.version, b.version);
    });
}
