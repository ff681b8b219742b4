import type { HistorySums } from '@equipment-dashboard/domain';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import { fleetRollupState } from '../schema';
import { rowsOf } from './feed-repo';

/** The hourly columns of fleet_rollups, in the order reads unnest them, with their day-total column. */
const HOURLY = [
  ['unit_minutes', 'day_unit_minutes', 'real'],
  ['connected_minutes', 'day_connected_minutes', 'real'],
  ['updates_started', 'day_updates_started', 'integer'],
  ['updates_succeeded', 'day_updates_succeeded', 'integer'],
  ['updates_failed', 'day_updates_failed', 'integer'],
  ['alerts_fired', 'day_alerts_fired', 'integer'],
  ['tickets_opened', 'day_tickets_opened', 'integer'],
] as const;

/** The counts of one rollup row (a UTC day of one family, country and version), hour by hour (24 values each). */
export interface RollupHours {
  unitMinutes?: number[];
  connectedMinutes?: number[];
  updatesStarted?: number[];
  updatesSucceeded?: number[];
  updatesFailed?: number[];
  alertsFired?: number[];
  ticketsOpened?: number[];
  /** The day's fired alerts by kind. */
  alertsByKind?: Record<string, number>;
}

/** What a rollup row is keyed by: the UTC day (`YYYY-MM-DD`), family, country code and version. */
export interface RollupKey {
  day: string;
  family: string;
  countryCode: string;
  version: string;
}

export type RollupRow = RollupKey & RollupHours;

const FIELD: Record<(typeof HOURLY)[number][0], keyof RollupHours> = {
  unit_minutes: 'unitMinutes',
  connected_minutes: 'connectedMinutes',
  updates_started: 'updatesStarted',
  updates_succeeded: 'updatesSucceeded',
  updates_failed: 'updatesFailed',
  alerts_fired: 'alertsFired',
  tickets_opened: 'ticketsOpened',
};

/** Rows per statement: one JSON parameter each, expanded by the store. */
const ROWS_PER_STATEMENT = 2000;

const sumOf = (values: readonly number[] | undefined) => (values ?? []).reduce((a, b) => a + b, 0);
const hasAny = (values: readonly number[] | undefined) => values !== undefined && values.some((v) => v !== 0);

/** A row as the statements' JSON parameter carries it: arrays of no count are left null (most update arrays). */
function recordOf(row: RollupRow): Record<string, unknown> {
  const record: Record<string, unknown> = {
    day: row.day,
    family: row.family,
    country_code: row.countryCode,
    version: row.version,
    day_alerts_by_kind:
      row.alertsByKind && Object.keys(row.alertsByKind).length > 0 ? row.alertsByKind : null,
  };
  for (const [column, dayColumn] of HOURLY) {
    const values = row[FIELD[column]] as number[] | undefined;
    record[column] = hasAny(values) ? values : null;
    record[dayColumn] = sumOf(values);
  }
  return record;
}

/** Element-wise sum of a stored array and the added one (null on either side: the other). */
function addedArray(column: string): SQL {
  const old = sql.raw(`r.${column}`);
  const add = sql.raw(`excluded.${column}`);
  return sql`CASE WHEN ${add} IS NULL THEN ${old} WHEN ${old} IS NULL THEN ${add}
    ELSE ARRAY(SELECT coalesce(a, 0) + coalesce(b, 0) FROM unnest(${old}, ${add}) WITH ORDINALITY AS t(a, b, i) ORDER BY i) END`;
}

const RECORD_COLUMNS = `day date, family text, country_code text, version text, ${HOURLY.map(
  ([c, d, type]) => `${c} ${type}[], ${d} ${type === 'real' ? 'float8' : 'integer'}`,
).join(', ')}, day_alerts_by_kind jsonb`;
const COLUMN_LIST = `day, family, country_code, version, ${HOURLY.map(([c, d]) => `${c}, ${d}`).join(', ')}, day_alerts_by_kind`;

/**
 * Writes rollup rows: `add` adds them to what is stored (hour by hour, and the day's totals), `replace` stores them
 * as they are (a scenario's history rewritten). One statement per {@link ROWS_PER_STATEMENT} rows.
 */
export async function writeRollups(
  db: Db,
  rows: readonly RollupRow[],
  mode: 'add' | 'replace' = 'add',
): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const records = rows.slice(i, i + ROWS_PER_STATEMENT).map(recordOf);
    const set =
      mode === 'add'
        ? sql.join(
            [
              ...HOURLY.flatMap(([column, dayColumn]) => [
                sql`${sql.raw(column)} = ${addedArray(column)}`,
                sql`${sql.raw(dayColumn)} = r.${sql.raw(dayColumn)} + excluded.${sql.raw(dayColumn)}`,
              ]),
              sql`day_alerts_by_kind = CASE WHEN excluded.day_alerts_by_kind IS NULL THEN r.day_alerts_by_kind
                WHEN r.day_alerts_by_kind IS NULL THEN excluded.day_alerts_by_kind
                ELSE (SELECT jsonb_object_agg(k, coalesce((r.day_alerts_by_kind ->> k)::int, 0) + coalesce((excluded.day_alerts_by_kind ->> k)::int, 0))
                      FROM jsonb_object_keys(r.day_alerts_by_kind || excluded.day_alerts_by_kind) AS k) END`,
            ],
            sql`, `,
          )
        : sql.raw(
            [...HOURLY.flatMap(([c, d]) => [c, d]), 'day_alerts_by_kind']
              .map((c) => `${c} = excluded.${c}`)
              .join(', '),
          );
    await db.execute(sql`
      INSERT INTO fleet_rollups AS r (${sql.raw(COLUMN_LIST)})
      SELECT ${sql.raw(COLUMN_LIST)} FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS d(${sql.raw(RECORD_COLUMNS)})
      ON CONFLICT (family, country_code, day, version) DO UPDATE SET ${set}`);
  }
}

/**
 * Writes the coverage of some days (sampled minutes, 24 values each, one per hour): `add` adds them to what is stored,
 * `replace` stores them as given (the demo world's history, a scenario's rewritten days keep theirs).
 */
export async function writeCoverage(
  db: Db,
  days: readonly { day: string; minutes: number[] }[],
  mode: 'add' | 'replace' = 'add',
): Promise<void> {
  if (days.length === 0) return;
  const records = days.map((d) => ({ day: d.day, minutes: d.minutes, day_minutes: sumOf(d.minutes) }));
  const set =
    mode === 'add'
      ? sql`minutes = ${addedArray('minutes')}, day_minutes = r.day_minutes + excluded.day_minutes`
      : sql`minutes = excluded.minutes, day_minutes = excluded.day_minutes`;
  await db.execute(sql`
    INSERT INTO fleet_rollup_coverage AS r (day, minutes, day_minutes)
    SELECT day, minutes, day_minutes FROM jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS d(day date, minutes real[], day_minutes float8)
    ON CONFLICT (day) DO UPDATE SET ${set}`);
}

/**
 * Applies the retention: hours of days before `hourlyBefore` are emptied (their day totals stay), days before
 * `dailyBefore` are deleted, with their coverage. Answers the rows deleted and emptied.
 */
export async function applyRollupRetention(
  db: Db,
  hourlyBefore: string,
  dailyBefore: string,
): Promise<{ deleted: number; emptied: number }> {
  const deleted = rowsOf<{ n: number }>(
    await db.execute(
      sql`WITH d AS (DELETE FROM fleet_rollups WHERE day < ${dailyBefore}::date RETURNING 1) SELECT count(*)::int AS n FROM d`,
    ),
  )[0]?.n;
  await db.execute(sql`DELETE FROM fleet_rollup_coverage WHERE day < ${dailyBefore}::date`);
  const emptied = rowsOf<{ n: number }>(
    await db.execute(sql`WITH e AS (
      UPDATE fleet_rollups SET ${sql.raw(HOURLY.map(([c]) => `${c} = NULL`).join(', '))}
      WHERE day < ${hourlyBefore}::date AND (unit_minutes IS NOT NULL OR connected_minutes IS NOT NULL
        OR updates_started IS NOT NULL OR updates_succeeded IS NOT NULL OR updates_failed IS NOT NULL
        OR alerts_fired IS NOT NULL OR tickets_opened IS NOT NULL)
      RETURNING 1) SELECT count(*)::int AS n FROM e`),
  )[0]?.n;
  return { deleted: Number(deleted ?? 0), emptied: Number(emptied ?? 0) };
}

/**
 * The rollups of some days, as stored (a scenario reshapes them; tests compare them); `lock`: held until the
 * transaction ends (the job's additions wait, and are not lost to a rewrite).
 */
export async function readRollupRows(
  db: Db,
  fromDay: string,
  toDay: string,
  options: { lock?: boolean } = {},
): Promise<RollupRow[]> {
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT day::text AS day, family, country_code, version, ${sql.raw(HOURLY.map(([c]) => c).join(', '))}, day_alerts_by_kind
      FROM fleet_rollups WHERE day >= ${fromDay}::date AND day <= ${toDay}::date
      ORDER BY day, family, country_code, version ${sql.raw(options.lock ? 'FOR UPDATE' : '')}`),
  );
  return rows.map((r) => {
    const row: RollupRow = {
      day: String(r['day']),
      family: String(r['family']),
      countryCode: String(r['country_code']),
      version: String(r['version']),
    };
    for (const [column] of HOURLY) {
      const values = r[column] as (number | string)[] | null;
      if (values) (row as unknown as Record<string, unknown>)[FIELD[column]] = values.map(Number);
    }
    const byKind = r['day_alerts_by_kind'] as Record<string, number> | null;
    if (byKind) row.alertsByKind = byKind;
    return row;
  });
}

/** Whether the store holds any history yet. */
export async function hasRollups(db: Db): Promise<boolean> {
  const [row] = rowsOf<{ any: boolean }>(
    await db.execute(sql`SELECT EXISTS (SELECT 1 FROM fleet_rollups) AS any`),
  );
  return row?.any === true;
}

/** Deletes the rollups of some days (a scenario's history rewritten from scratch). */
export async function deleteRollupDays(db: Db, fromDay: string, toDay: string): Promise<void> {
  await db.execute(sql`DELETE FROM fleet_rollups WHERE day >= ${fromDay}::date AND day <= ${toDay}::date`);
}

/** The coverage of some days: minutes sampled per hour. */
export async function readCoverage(db: Db, fromDay: string, toDay: string): Promise<Map<string, number[]>> {
  const rows = rowsOf<{ day: string; minutes: (number | string)[] }>(
    await db.execute(
      sql`SELECT day::text AS day, minutes FROM fleet_rollup_coverage WHERE day >= ${fromDay}::date AND day <= ${toDay}::date`,
    ),
  );
  return new Map(rows.map((r) => [r.day, r.minutes.map(Number)]));
}

/** Which units a read counts: the equipment list's filters as the rollups hold them. */
export interface RollupFilter {
  family?: string;
  /** A country code or its start (upper case). */
  countryPrefix?: string;
  /** A version or its start. */
  versionPrefix?: string;
  /** Only these versions (a release comparison). */
  versions?: readonly string[];
}

/** What a read splits its rows by: a column, the family and the version together, or nothing. */
export type RollupKeyColumn = 'family' | 'country' | 'version' | 'familyVersion' | null;

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function whereOf(filter: RollupFilter, fromDay: string, toDay: string): SQL {
  const parts: SQL[] = [sql`r.day >= ${fromDay}::date`, sql`r.day <= ${toDay}::date`];
  if (filter.family !== undefined) parts.push(sql`r.family = ${filter.family}`);
  const country = filter.countryPrefix;
  if (country !== undefined)
    // A whole code is looked up in the primary key; a shorter start is a LIKE over the family's rows.
    parts.push(
      country.length === 2
        ? sql`r.country_code = ${country}`
        : sql`r.country_code LIKE ${likePrefix(country)}`,
    );
  if (filter.versionPrefix !== undefined) parts.push(sql`r.version LIKE ${likePrefix(filter.versionPrefix)}`);
  if (filter.versions !== undefined)
    parts.push(sql`r.version = ANY(${sql.param([...filter.versions])}::text[])`);
  return sql.join(parts, sql` AND `);
}

function keyOf(column: RollupKeyColumn): SQL {
  switch (column) {
    case 'family':
      return sql`r.family`;
    case 'country':
      return sql`r.country_code`;
    case 'version':
      return sql`r.version`;
    case 'familyVersion':
      return sql`r.family || ' ' || r.version`;
    default:
      return sql`'all'`;
  }
}

/** A bucket's sums of one series, keyed by its day and hour (hour -1: the whole day). */
export interface BucketSums extends HistorySums {
  day: string;
  hour: number;
  key: string;
}

const SUM_COLUMNS = [
  'unit_minutes',
  'connected_minutes',
  'updates_started',
  'updates_succeeded',
  'updates_failed',
  'alerts_fired',
  'tickets_opened',
] as const;

function bucketOf(r: Record<string, unknown>, hour: number): BucketSums {
  const n = (c: string) => Number(r[c] ?? 0);
  return {
    day: String(r['day']),
    hour,
    key: String(r['key']),
    unitMinutes: n('unit_minutes'),
    connectedMinutes: n('connected_minutes'),
    updatesStarted: n('updates_started'),
    updatesSucceeded: n('updates_succeeded'),
    updatesFailed: n('updates_failed'),
    alertsFired: n('alerts_fired'),
    ticketsOpened: n('tickets_opened'),
  };
}

/**
 * Sums of the rows a filter selects over some days, per series key and bucket, never a read of unit history: by hour,
 * one range scan of the rollups (each row's hours unnested and summed in the store); by day, the day totals (no hours
 * read).
 */
export async function bucketSums(
  db: Db,
  filter: RollupFilter,
  keyColumn: RollupKeyColumn,
  fromDay: string,
  toDay: string,
  step: 'hour' | 'day',
): Promise<BucketSums[]> {
  const where = whereOf(filter, fromDay, toDay);
  const query =
    step === 'hour'
      ? sql`
      SELECT r.day::text AS day, t.i::int AS hour, ${keyOf(keyColumn)} AS key,
        ${sql.raw(SUM_COLUMNS.map((c, i) => `sum(t.v${i})::float8 AS ${c}`).join(', '))}
      FROM fleet_rollups r,
        unnest(${sql.raw(SUM_COLUMNS.map((c) => `r.${c}`).join(', '))}) WITH ORDINALITY AS t(${sql.raw(SUM_COLUMNS.map((_c, i) => `v${i}`).join(', '))}, i)
      WHERE ${where}
      GROUP BY 1, 2, 3`
      : sql`
      SELECT r.day::text AS day, ${keyOf(keyColumn)} AS key,
        ${sql.raw(HOURLY.map(([c, d]) => `sum(r.${d})::float8 AS ${c}`).join(', '))}
      FROM fleet_rollups r
      WHERE ${where}
      GROUP BY 1, 2`;
  const rows = rowsOf<Record<string, unknown>>(await db.execute(query));
  return rows.map((r) => bucketOf(r, step === 'hour' ? Number(r['hour']) - 1 : -1));
}

/** Where the rollups job stands (see fleet_rollup_state), or undefined before its first pass. */
export async function readRollupState<T>(db: Db, name: string): Promise<T | undefined> {
  const [row] = await db
    .select({ value: fleetRollupState.value })
    .from(fleetRollupState)
    .where(eq(fleetRollupState.name, name))
    .limit(1);
  return row?.value as T | undefined;
}

export async function writeRollupState(db: Db, name: string, value: object): Promise<void> {
  await db
    .insert(fleetRollupState)
    .values({ name, value: value as Record<string, unknown> })
    .onConflictDoUpdate({
      target: fleetRollupState.name,
      set: { value: value as Record<string, unknown>, updatedAt: new Date() },
    });
}

/**
 * What the event cursors read up to: the highest ids of unit_history and alert_events now, and the snapshot's
 * bounds. Rows are counted only once every transaction that was running when their ids were read has ended
 * (`xmin` at or above the `xmax` read with them): a row of a transaction still open then, with a lower id, is not
 * passed over (ids are taken in one order and committed in another).
 */
export async function eventHorizon(
  db: Db,
): Promise<{ xmin: string; xmax: string; historyMax: number; alertsMax: number }> {
  const [row] = rowsOf<{ xmin: string; xmax: string; h: string | number | null; a: string | number | null }>(
    await db.execute(sql`
      SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, pg_snapshot_xmax(pg_current_snapshot())::text AS xmax,
        (SELECT max(id) FROM unit_history) AS h, (SELECT max(id) FROM alert_events) AS a`),
  );
  if (!row) throw new Error('the store gave no snapshot');
  return { xmin: row.xmin, xmax: row.xmax, historyMax: Number(row.h ?? 0), alertsMax: Number(row.a ?? 0) };
}

/** Counted events of one hour, family, country and version (the version a unit installs, for update events). */
export interface EventCounts {
  hour: number;
  family: string;
  countryCode: string;
  version: string;
  updatesStarted: number;
  updatesSucceeded: number;
  updatesFailed: number;
  ticketsOpened: number;
  alertsFired: number;
  /** Alerts fired by kind. */
  alertsByKind: Record<string, number>;
}

/**
 * Update outcomes and tickets opened on units' timelines with ids in (after, upTo], by hour, family, country and
 * version: an update that begins downloading started, Install Complete succeeded, a failed install failed (the
 * version the unit was to install: its staged version, else the one it runs now); a ticket goes by the unit's version.
 */
export async function unitEventCounts(db: Db, after: number, upTo: number): Promise<EventCounts[]> {
  if (upTo <= after) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT (extract(epoch FROM date_trunc('hour', h.at)) * 1000)::float8 AS hour, u.family, u.country_code,
        CASE WHEN h.kind = 'updatePhase' AND h.detail ->> 'state' <> 'INSTALLATION_COMPLETE'
             THEN coalesce(d.staged_semantic, u.version_semantic) ELSE u.version_semantic END AS version,
        count(*) FILTER (WHERE h.kind = 'updatePhase' AND h.detail ->> 'state' = 'DOWNLOADING')::int AS started,
        count(*) FILTER (WHERE h.kind = 'updatePhase' AND h.detail ->> 'state' = 'INSTALLATION_COMPLETE')::int AS succeeded,
        count(*) FILTER (WHERE h.kind = 'updatePhase' AND h.detail ->> 'state' = 'INSTALLATION_FAILED')::int AS failed,
        count(*) FILTER (WHERE h.kind = 'ticketOpened')::int AS tickets
      FROM unit_history h JOIN units u USING (serial_number) LEFT JOIN unit_desired d USING (serial_number)
      WHERE h.id > ${after} AND h.id <= ${upTo} AND h.kind IN ('updatePhase', 'ticketOpened')
      GROUP BY 1, 2, 3, 4`),
  );
  return rows
    .map((r) => ({
      hour: Number(r['hour']),
      family: String(r['family']),
      countryCode: String(r['country_code']),
      version: String(r['version']),
      updatesStarted: Number(r['started']),
      updatesSucceeded: Number(r['succeeded']),
      updatesFailed: Number(r['failed']),
      ticketsOpened: Number(r['tickets']),
      alertsFired: 0,
      alertsByKind: {},
    }))
    .filter((c) => c.updatesStarted + c.updatesSucceeded + c.updatesFailed + c.ticketsOpened > 0);
}

/**
 * Alerts that fired (pending or new to firing) in alert_events with ids in (after, upTo], by hour, family, country,
 * version and kind; an alert not about a unit has country and version ''.
 */
export async function alertEventCounts(db: Db, after: number, upTo: number): Promise<EventCounts[]> {
  if (upTo <= after) return [];
  const rows = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      SELECT (extract(epoch FROM date_trunc('hour', e.at)) * 1000)::float8 AS hour,
        coalesce(u.family, a.family, '') AS family, coalesce(a.country_code, u.country_code, '') AS country_code,
        coalesce(u.version_semantic, '') AS version, a.kind, count(*)::int AS n
      FROM alert_events e JOIN alerts a ON a.id = e.alert_id LEFT JOIN units u ON u.serial_number = a.serial_number
      WHERE e.id > ${after} AND e.id <= ${upTo} AND e.to_state = 'firing' AND (e.from_state IS NULL OR e.from_state = 'pending')
      GROUP BY 1, 2, 3, 4, 5`),
  );
  return rows.map((r) => ({
    hour: Number(r['hour']),
    family: String(r['family']),
    countryCode: String(r['country_code']),
    version: String(r['version']),
    updatesStarted: 0,
    updatesSucceeded: 0,
    updatesFailed: 0,
    ticketsOpened: 0,
    alertsFired: Number(r['n']),
    alertsByKind: { [String(r['kind'])]: Number(r['n']) },
  }));
}

/** The rows of fleet_rollups and the bytes it takes with its indexes (the bench states them). */
export async function rollupTableSize(db: Db): Promise<{ rows: number; bytes: number }> {
  const [row] = rowsOf<{ n: number; bytes: string | number }>(
    await db.execute(
      sql`SELECT (SELECT count(*) FROM fleet_rollups)::int AS n, pg_total_relation_size('fleet_rollups')::text AS bytes`,
    ),
  );
  return { rows: Number(row?.n ?? 0), bytes: Number(row?.bytes ?? 0) };
}
