import { z } from 'zod';
import {
  FAMILIES,
  HISTORY_GROUP_BYS,
  HISTORY_METRIC_LABELS,
  HISTORY_METRICS,
  HISTORY_SPAN_KEYS,
  HISTORY_STEPS,
  PERMISSIONS,
  type CsvCellValue,
  type HistoryMetric,
} from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { binaryResponseSchema } from './endpoint';
import { familySchema, timestampSchema } from './primitives';
import { enumFilterQuery, filterQuery, idQuery, requiredText } from './query';
import { safeText } from './text';

// The fleet's history (Fleet Health, `/Health`): series of a metric over time from the hourly and daily rollups,
// release adoption, and two releases side by side. Every range rule (from before to, the retention, a step too
// fine for the range) is libs/domain's historyRangeProblems, which the server applies with its clock and retention.

const INSTANT_TEXT_MAX = 40;

/**
 * An instant given in the query: an ISO 8601 date-time with its offset (`2026-05-01T12:00:00Z`), a UTC day
 * (`2026-05-01`: its midnight), or milliseconds since the epoch. Missing or empty: the server's default.
 */
export const instantQuery = safeText(INSTANT_TEXT_MAX)
  .optional()
  .transform((value, ctx) => {
    const text = value?.trim();
    if (text === undefined || text === '') return undefined;
    const ms = /^\d{1,15}$/.test(text)
      ? Number(text)
      : /^\d{4}-\d{2}-\d{2}$/.test(text) || z.iso.datetime({ offset: true }).safeParse(text).success
        ? Date.parse(text.length === 10 ? `${text}T00:00:00Z` : text)
        : NaN;
    if (!Number.isFinite(ms)) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be an ISO 8601 date-time with its offset, a day (YYYY-MM-DD) or milliseconds',
      });
      return z.NEVER;
    }
    return ms;
  });

/** The equipment list's filters (its parameter names) and a saved view of it, as history reads take them. */
const historyFilters = {
  filterSerialNumber: filterQuery,
  filterCountryCode: filterQuery,
  filterSoftwareVersion: filterQuery,
  filterFamily: enumFilterQuery(FAMILIES),
  /** Refused with a reason: history keeps every unit's connection as the connected share, not units by it. */
  filterConnected: z
    .union([z.boolean(), z.enum(['true', 'false', ''])])
    .optional()
    .transform((value) =>
      value === undefined || value === '' ? undefined : value === true || value === 'true',
    ),
  viewId: idQuery.optional(),
};

/**
 * Query of GET /read/fleet_history/v1: a metric (required), the range (`to`: now, `from`: seven days before `to`,
 * or `last` (24h, 7d, 30d, 90d) before `to`, unless given; the simulated clock's now is the server's), the step (hours while the range fits 92 days of them, days beyond, unless given), what the series
 * are split by (none: one series, `all`), and the equipment list's filters or a saved view (filters given beside a
 * view win over the view's). A serial-number filter and `filterConnected` are refused: history is kept by family,
 * country and version (see decisions).
 */
export const fleetHistoryQuerySchema = z.object({
  metric: z.enum(HISTORY_METRICS, { error: `metric must be one of ${HISTORY_METRICS.join(', ')}` }),
  from: instantQuery,
  to: instantQuery,
  last: enumFilterQuery(HISTORY_SPAN_KEYS),
  step: enumFilterQuery(HISTORY_STEPS),
  groupBy: enumFilterQuery(HISTORY_GROUP_BYS),
  ...historyFilters,
});
/** The parsed query of GET /read/fleet_history/v1. */
export type FleetHistoryQuery = z.output<typeof fleetHistoryQuerySchema>;

/** One point of a series: the start of its bucket (UTC) and the value (null: the history did not cover it). */
export const historyPointSchema = z.tuple([timestampSchema, z.number().nullable()]);
/** See {@link historyPointSchema}. */
export type HistoryPoint = z.infer<typeof historyPointSchema>;

/** One series: its key (a family, a country code, a version, or `all`) and a point per bucket of the range. */
export const historySeriesSchema = z.object({ key: z.string(), points: z.array(historyPointSchema) });
/** See {@link historySeriesSchema}. */
export type HistorySeries = z.infer<typeof historySeriesSchema>;

/**
 * Answer of GET /read/fleet_history/v1: the metric and step read, the range as aligned to the step, what the
 * series are split by, and the series (keys in order: most units first, for a split by version the newest version
 * first). Every series has one point per bucket of the range, oldest first.
 */
export const fleetHistorySchema = z.object({
  metric: z.enum(HISTORY_METRICS),
  step: z.enum(HISTORY_STEPS),
  from: timestampSchema,
  to: timestampSchema,
  groupBy: z.enum(HISTORY_GROUP_BYS).nullable(),
  series: z.array(historySeriesSchema),
});
/** See {@link fleetHistorySchema}. */
export type FleetHistory = z.infer<typeof fleetHistorySchema>;

/** Query of GET /read/release_adoption/v1: one family, the range (90 days unless given) and the step (days unless given). */
export const releaseAdoptionQuerySchema = z.object({
  family: familySchema,
  from: instantQuery,
  to: instantQuery,
  last: enumFilterQuery(HISTORY_SPAN_KEYS),
  step: enumFilterQuery(HISTORY_STEPS),
});
/** The parsed query of GET /read/release_adoption/v1. */
export type ReleaseAdoptionQuery = z.output<typeof releaseAdoptionQuerySchema>;

/** A release of a family, as the adoption and the comparison name it. */
export const historyReleaseSchema = z.object({
  version: z.string().min(1),
  publishedAt: timestampSchema.nullable(),
});

/**
 * Answer of GET /read/release_adoption/v1: the family's releases (published ones, oldest first), and per version
 * run by its units a series of the average number of units on it per bucket (newest version first).
 */
export const releaseAdoptionSchema = z.object({
  family: familySchema,
  step: z.enum(HISTORY_STEPS),
  from: timestampSchema,
  to: timestampSchema,
  releases: z.array(historyReleaseSchema),
  series: z.array(historySeriesSchema),
});
/** See {@link releaseAdoptionSchema}. */
export type ReleaseAdoption = z.infer<typeof releaseAdoptionSchema>;

/** Query of GET /read/release_comparison/v1: a family and two of its versions (over the daily history kept). */
export const releaseComparisonQuerySchema = z.object({
  family: familySchema,
  a: requiredText,
  b: requiredText,
});
/** The parsed query of GET /read/release_comparison/v1. */
export type ReleaseComparisonQuery = z.output<typeof releaseComparisonQuerySchema>;

/** One release of the comparison (libs/domain `releaseComparisonRow`): rates are 0-1, null where nothing counted. */
export const releaseComparisonRowSchema = z.object({
  version: z.string().min(1),
  publishedAt: timestampSchema.nullable(),
  unitsAverage: z.number().min(0),
  updatesStarted: z.int().min(0),
  updatesSucceeded: z.int().min(0),
  updatesFailed: z.int().min(0),
  updateSuccessRate: z.number().min(0).max(1).nullable(),
  offlineRate: z.number().min(0).max(1).nullable(),
  alertsFired: z.int().min(0),
  alertsPer1000Units: z.number().min(0).nullable(),
  daysToHalfFamily: z.int().min(0).nullable(),
});
/** See {@link releaseComparisonRowSchema}. */
export type ReleaseComparisonRowDto = z.infer<typeof releaseComparisonRowSchema>;

/**
 * Answer of GET /read/release_comparison/v1: the family, the period compared (the daily history kept, up to now),
 * and the two releases in the order asked (`a`, then `b`).
 */
export const releaseComparisonSchema = z.object({
  family: familySchema,
  from: timestampSchema,
  to: timestampSchema,
  releases: z.tuple([releaseComparisonRowSchema, releaseComparisonRowSchema]),
});
/** See {@link releaseComparisonSchema}. */
export type ReleaseComparison = z.infer<typeof releaseComparisonSchema>;

/** A column of a history CSV: its header and its cell. */
export interface HistoryCsvColumn<Row> {
  readonly header: string;
  readonly cell: (row: Row) => CsvCellValue;
}

/** A line of a series CSV: one point of one series. */
export interface HistoryCsvLine {
  at: string;
  key: string;
  value: number | null;
}

/** The lines of a series answer, point after point of each series (the CSV of a chart's data). */
export function historyCsvLines(series: readonly HistorySeries[]): HistoryCsvLine[] {
  return series.flatMap((s) => s.points.map(([at, value]) => ({ at, key: s.key, value })));
}

/** The columns of the CSV of GET /read/fleet_history/v1 for a metric (and of the screen's tables). */
export function fleetHistoryCsvColumns(metric: HistoryMetric): readonly HistoryCsvColumn<HistoryCsvLine>[] {
  return [
    { header: 'Time', cell: (l) => l.at },
    { header: 'Series', cell: (l) => l.key },
    { header: HISTORY_METRIC_LABELS[metric], cell: (l) => l.value },
  ];
}

/** The columns of the release adoption's CSV: one line per bucket and version. */
export const RELEASE_ADOPTION_CSV_COLUMNS: readonly HistoryCsvColumn<HistoryCsvLine>[] = [
  { header: 'Time', cell: (l) => l.at },
  { header: 'Version', cell: (l) => l.key },
  { header: 'Units', cell: (l) => l.value },
];

/** The columns of the release comparison's CSV (and of its table), one line per release. */
export const RELEASE_COMPARISON_CSV_COLUMNS: readonly HistoryCsvColumn<ReleaseComparisonRowDto>[] = [
  { header: 'Version', cell: (r) => r.version },
  { header: 'Published At', cell: (r) => r.publishedAt },
  { header: 'Units (average)', cell: (r) => r.unitsAverage },
  { header: 'Updates Started', cell: (r) => r.updatesStarted },
  { header: 'Updates Succeeded', cell: (r) => r.updatesSucceeded },
  { header: 'Updates Failed', cell: (r) => r.updatesFailed },
  { header: 'Update Success Rate', cell: (r) => r.updateSuccessRate },
  { header: 'Offline Rate', cell: (r) => r.offlineRate },
  { header: 'Alerts Fired', cell: (r) => r.alertsFired },
  { header: 'Alerts per 1,000 Units', cell: (r) => r.alertsPer1000Units },
  { header: 'Days to Half the Family', cell: (r) => r.daysToHalfFamily },
];

/** The file name of a history CSV made on `day` (`YYYY-MM-DD`): `fleet-history-connectedShare-2026-05-01.csv`. */
export function historyCsvFileName(name: string, day: string): string {
  return `${name}-${day}.csv`;
}

const fleetHistory = areaEndpoints('fleetHistory');
const permission = PERMISSIONS.viewFleetHealth;
const csv = { response: binaryResponseSchema, binary: true, permission } as const;

export const readFleetHistory = fleetHistory.get('readFleetHistory', '/read/fleet_history/v1', {
  query: fleetHistoryQuerySchema,
  response: fleetHistorySchema,
  permission,
  summary:
    "Charts a metric of the fleet's history (hourly or daily), split by family, country or version, with the equipment list's filters or a saved view.",
});

export const readFleetHistoryCsv = fleetHistory.get(
  'readFleetHistoryCsv',
  '/read/fleet_history/v1/export.csv',
  {
    query: fleetHistoryQuerySchema,
    ...csv,
    summary: 'Exports the series of GET /read/fleet_history/v1 for the same query, as CSV.',
  },
);

export const readReleaseAdoption = fleetHistory.get('readReleaseAdoption', '/read/release_adoption/v1', {
  query: releaseAdoptionQuerySchema,
  response: releaseAdoptionSchema,
  permission,
  summary: "Charts a family's units on each version over time (release adoption).",
});

export const readReleaseAdoptionCsv = fleetHistory.get(
  'readReleaseAdoptionCsv',
  '/read/release_adoption/v1/export.csv',
  {
    query: releaseAdoptionQuerySchema,
    ...csv,
    summary: 'Exports the release adoption for the same query, as CSV.',
  },
);

export const readReleaseComparison = fleetHistory.get(
  'readReleaseComparison',
  '/read/release_comparison/v1',
  {
    query: releaseComparisonQuerySchema,
    response: releaseComparisonSchema,
    permission,
    summary:
      'Compares two releases of a family: update success, offline rate, alerts per 1,000 units and days to reach half the family.',
  },
);

export const readReleaseComparisonCsv = fleetHistory.get(
  'readReleaseComparisonCsv',
  '/read/release_comparison/v1/export.csv',
  {
    query: releaseComparisonQuerySchema,
    ...csv,
    summary: 'Exports the release comparison for the same query, as CSV.',
  },
);

/** The fleet's history: series, release adoption and the comparison of two releases, each with its CSV. */
export const fleetHistoryEndpoints = {
  readFleetHistory,
  readFleetHistoryCsv,
  readReleaseAdoption,
  readReleaseAdoptionCsv,
  readReleaseComparison,
  readReleaseComparisonCsv,
} as const;
