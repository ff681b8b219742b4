import type { UpdateSchedulerStatistics } from '@equipment-dashboard/contract';
import { keyedSeries, keyedSeriesDeltas, type Family, type KeyedPoint } from '@equipment-dashboard/domain';
import type { SeriesPoint } from '../../shared/charts/series';
import { SCHEDULER_TEXTS as T } from './texts';

/** Daily or hourly statistics of one family (back-office §3). */
export type SchedulerSeries = UpdateSchedulerStatistics['dailyStatistics'];

/** A point's key as people read it: days stay `YYYY-MM-DD`; hours `YYYY-MM-DDTHH` read `YYYY-MM-DD HH:00`. */
export function keyLabel(key: string): string {
  const hour = /^(\d{4}-\d\d-\d\d)T(\d\d)$/.exec(key);
  return hour ? `${hour[1]} ${hour[2]}:00` : key;
}

/**
 * The series a chart draws, named for its legend: deliveries, units at the current version (Tru-Point
 * statistics carry truPointsAtCurrentVersion, which is used when present), auto-staged and connected.
 */
function namedSeries(
  stats: SchedulerSeries,
  family: Family,
): { name: string; series: Record<string, number> }[] {
  const atCurrent =
    family === 'gtps' && stats.truPointsAtCurrentVersion
      ? stats.truPointsAtCurrentVersion
      : stats.alignersAtCurrentVersion;
  return [
    { name: T.series.deliveries, series: stats.deliveries },
    { name: T.series.atCurrentVersion(family), series: atCurrent },
    { name: T.series.autoStaged, series: stats.autoStaged },
    { name: T.series.connectedCount, series: stats.connectedCount },
  ];
}

function toPoints(name: string, points: KeyedPoint[]): SeriesPoint[] {
  return points.map((point) => ({ key: keyLabel(point.key), series: name, value: point.value }));
}

/** The activity chart: each series in key (time) order (libs/domain keyedSeries). */
export function activityPoints(stats: SchedulerSeries, family: Family): SeriesPoint[] {
  return namedSeries(stats, family).flatMap(({ name, series }) => toPoints(name, keyedSeries(series)));
}

/**
 * The deltas chart: each series' points minus the next point (back-office §4, libs/domain
 * keyedSeriesDeltas); a delta carries the key of its first point.
 */
export function deltaPoints(stats: SchedulerSeries, family: Family): SeriesPoint[] {
  return namedSeries(stats, family).flatMap(({ name, series }) => toPoints(name, keyedSeriesDeltas(series)));
}
