import type { VersionTotals } from '@equipment-dashboard/contract';
import { installedVersionChartData, stagedVersionChartData } from '@equipment-dashboard/domain';
import type { CategoryPoint, TrendPoint } from '../../shared/charts';

/** The trend line: one point per sample, oldest first, numbered from 1. */
export function trendPoints(samples: readonly number[]): TrendPoint[] {
  return samples.map((connected, index) => ({ sample: index + 1, connected }));
}

/** Open tickets per issuer, the largest first; issuers with none are left out. */
export function issuerPoints(
  byIssuer: readonly { issuerUsername: string; total: number }[],
): CategoryPoint[] {
  return byIssuer
    .filter((item) => item.total > 0)
    .map((item) => ({ label: item.issuerUsername, value: item.total }))
    .sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
}

/** Installed versions of a family as bars (libs/domain decides which versions are charted and their order). */
export function installedVersionPoints(list: VersionTotals, ascending: boolean): CategoryPoint[] {
  return installedVersionChartData(list, { ascending }).map((item) => ({
    label: item.version,
    value: item.total,
  }));
}

/** The staged totals' version map as "version: count" pairs, ascending by version. */
export function stagedVersionEntries(
  versions: Readonly<Record<string, number>> | undefined,
): CategoryPoint[] {
  return stagedVersionChartData(versions).map((item) => ({ label: item.version, value: item.total }));
}

/** Height of a chart of bars across (issuers, versions): a readable bar each, within sensible bounds. */
export function barChartHeight(bars: number): number {
  return Math.min(480, Math.max(160, 40 + bars * 22));
}
