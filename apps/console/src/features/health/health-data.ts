import dayjs from 'dayjs';
import type { HistorySeries } from '@equipment-dashboard/contract';
import {
  compareVersionsListed,
  csvCellText,
  updateSuccessRate,
  type CsvCellValue,
  type HistoryStep,
} from '@equipment-dashboard/domain';
import type { SeriesPoint } from '../../shared/charts/series';

/** A bucket's start as the screen shows it, in the viewer's local time: the hour, or the day. */
export function timeLabel(iso: string, step: HistoryStep): string {
  return dayjs(iso).format(step === 'hour' ? 'YYYY-MM-DD HH:mm' : 'YYYY-MM-DD');
}

/** Series of an answer as chart points (buckets with no value are left out: a gap, not a zero). */
export function chartPoints(
  series: readonly HistorySeries[],
  step: HistoryStep,
  name: (key: string) => string,
  scale = 1,
): SeriesPoint[] {
  const points: SeriesPoint[] = [];
  for (const s of series) {
    for (const [at, value] of s.points) {
      if (value !== null)
        points.push({ key: timeLabel(at, step), series: name(s.key), value: round(value * scale) });
    }
  }
  return points;
}

const round = (value: number) => Math.round(value * 100) / 100;

/** An answer as a table: a row per bucket, a column per series (the chart's table view and its CSV). */
export interface HistoryTable {
  /** The series keys, in the answer's order. */
  keys: string[];
  rows: { at: string; values: (number | null)[] }[];
}

export function historyTable(series: readonly HistorySeries[]): HistoryTable {
  const keys = series.map((s) => s.key);
  const byTime = new Map<string, (number | null)[]>();
  series.forEach((s, i) => {
    for (const [at, value] of s.points) {
      let values = byTime.get(at);
      if (!values) byTime.set(at, (values = new Array<number | null>(keys.length).fill(null)));
      values[i] = value;
    }
  });
  return {
    keys,
    rows: [...byTime.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([at, values]) => ({ at, values })),
  };
}

/**
 * A CSV file's text: a header line, then a line per row; every cell through libs/domain's csvCellText (a cell that a
 * spreadsheet would run as a formula is made text), quoted where it must be. Lines end with CRLF.
 */
export function csvText(header: readonly string[], rows: readonly (readonly CsvCellValue[])[]): string {
  const line = (cells: readonly CsvCellValue[]) =>
    cells
      .map((cell) => {
        const text = csvCellText(cell);
        return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
      })
      .join(',');
  return `\ufeff${[line(header), ...rows.map(line)].join('\r\n')}\r\n`;
}

/** One release's finished updates over the range, and its success rate. */
export interface ReleaseSuccess {
  version: string;
  succeeded: number;
  failed: number;
  rate: number | null;
}

const total = (series: readonly HistorySeries[], key: string) =>
  series.find((s) => s.key === key)?.points.reduce((n, [, v]) => n + (v ?? 0), 0) ?? 0;

/** Each release's update success from the answers of updatesSucceeded and updatesFailed split by version, newest first. */
export function successRates(
  succeeded: readonly HistorySeries[],
  failed: readonly HistorySeries[],
): ReleaseSuccess[] {
  const versions = [...new Set([...succeeded, ...failed].map((s) => s.key))].filter((v) => v !== 'other');
  return versions
    .map((version) => {
      const ok = total(succeeded, version);
      const bad = total(failed, version);
      return { version, succeeded: ok, failed: bad, rate: updateSuccessRate(ok, bad) };
    })
    .filter((r) => r.succeeded + r.failed > 0)
    .sort((a, b) => compareVersionsListed(b.version, a.version));
}

/** A share as a percent with one decimal ('61.2%'), or '' for none. */
export function percentText(share: number | null | undefined): string {
  return share === null || share === undefined ? '' : `${Math.round(share * 1000) / 10}%`;
}
