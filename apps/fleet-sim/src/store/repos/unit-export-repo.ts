import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../database';
import type { DesiredRow } from './desired-repo';
import { rowsOf } from './feed-repo';
import type { UnitRow } from './units-repo';

// The CSV exports read only the columns their rows are built from, by one `= ANY($1::text[])` parameter per
// chunk of serials (not a placeholder per serial), and times as epoch milliseconds (float8), which both drivers
// answer as numbers: no jsonb document, timestamp text or drizzle mapping per row. About 4x the rows per second
// of reading whole unit rows at 1,000,000 units (docs/performance.md).

/** Time columns as whole epoch milliseconds (timestamptz holds microseconds; a Date keeps milliseconds, truncated). */
const ms = (column: string) => sql.raw(`floor(extract(epoch from ${column}) * 1000)::float8`);

async function byKey<T>(db: Db, columns: SQL, serials: readonly string[]): Promise<T[]> {
  if (serials.length === 0) return [];
  return rowsOf<T>(
    await db.execute(sql`SELECT ${columns} FROM units u LEFT JOIN unit_desired d USING (serial_number)
      WHERE u.serial_number = ANY(${sql.param([...serials])}::text[])`),
  );
}

/** What the equipment list's rows are made of (its geolocation reduced to the country the export shows). */
export interface EquipmentExportSource {
  serialNumber: string;
  family: string;
  systemClass: string;
  versionSemantic: string;
  versionMeta: string;
  countryCode: string | null;
  createdAt: number;
  updatedAt: number;
  connected: boolean;
}

const EQUIPMENT = sql`u.serial_number AS "serialNumber", u.family, u.system_class AS "systemClass",
  u.version_semantic AS "versionSemantic", u.version_meta AS "versionMeta", u.geolocation->>'country_code' AS "countryCode",
  ${ms('u.created_at')} AS "createdAt", ${ms('u.updated_at')} AS "updatedAt", u.connected`;

/** The equipment list's columns of these units, in no particular order (a serial not found is left out). */
export function equipmentExportSources(db: Db, serials: readonly string[]): Promise<EquipmentExportSource[]> {
  return byKey<EquipmentExportSource>(db, EQUIPMENT, serials);
}

/** The unit fields an update scheduler row is made of (services/update-scheduler-service.ts schedulerDeviceOf). */
export type SchedulerUnitFields = Pick<
  UnitRow,
  | 'serialNumber'
  | 'family'
  | 'countryCode'
  | 'versionSemantic'
  | 'versionMeta'
  | 'lastSeenOnlineAt'
  | 'connected'
  | 'stagedRevDone'
  | 'flowRev'
  | 'updateState'
  | 'createdAt'
  | 'updatedAt'
>;

/** A unit as the update scheduler reads it: its fields and its desired staging (null when never staged). */
export interface SchedulerSource {
  unit: SchedulerUnitFields;
  desired: Omit<DesiredRow, 'serialNumber'> | null;
}

interface SchedulerSqlRow {
  serialNumber: string;
  family: string;
  countryCode: string;
  versionSemantic: string;
  versionMeta: string;
  lastSeenOnlineAt: number | null;
  connected: boolean;
  stagedRevDone: string | number;
  flowRev: string | number | null;
  state: string | null;
  hasSim: boolean;
  simTargetSemantic: string | null;
  simTargetMeta: string | null;
  downloadSemantic: string | null;
  createdAt: number;
  updatedAt: number;
  rev: string | number | null;
  stagedSemantic: string | null;
  stagedMeta: string | null;
  path: string | null;
  stagedAt: number | null;
  autoStaged: boolean | null;
}

// Of the updater state, the scheduler reads the state, whether the simulator's bookkeeping is there and its flow's
// target, and the version a download names: those paths are taken out of the jsonb by PostgreSQL.
const SCHEDULER = sql`u.serial_number AS "serialNumber", u.family, u.country_code AS "countryCode",
  u.version_semantic AS "versionSemantic", u.version_meta AS "versionMeta", ${ms('u.last_seen_online_at')} AS "lastSeenOnlineAt",
  u.connected, u.staged_rev_done AS "stagedRevDone", u.flow_rev AS "flowRev", u.update_state->>'state' AS state,
  coalesce(jsonb_typeof(u.update_state->'sim'), 'null') <> 'null' AS "hasSim",
  u.update_state#>>'{sim,flow,target,semantic}' AS "simTargetSemantic", u.update_state#>>'{sim,flow,target,meta}' AS "simTargetMeta",
  u.update_state#>>'{softwareUpdateDownload,version,semantic}' AS "downloadSemantic",
  ${ms('u.created_at')} AS "createdAt", ${ms('u.updated_at')} AS "updatedAt",
  d.rev, d.staged_semantic AS "stagedSemantic", d.staged_meta AS "stagedMeta", d.path, ${ms('d.staged_at')} AS "stagedAt",
  d.auto_staged AS "autoStaged"`;

const dateOrNull = (at: number | null): Date | null => (at === null ? null : new Date(at));

/** The updater state reduced to what the scheduler reads of it (see SCHEDULER). */
function updateStateOf(row: SchedulerSqlRow): Record<string, unknown> {
  const state: Record<string, unknown> = {};
  if (row.state !== null) state['state'] = row.state;
  if (row.hasSim) {
    const target =
      row.simTargetSemantic === null
        ? null
        : { semantic: row.simTargetSemantic, meta: row.simTargetMeta ?? '' };
    state['sim'] = { flow: target ? { target } : null };
  }
  state['softwareUpdateDownload'] =
    row.downloadSemantic === null ? null : { version: { semantic: row.downloadSemantic } };
  return state;
}

/** The update scheduler's fields of these units, in no particular order (a serial not found is left out). */
export async function schedulerExportSources(db: Db, serials: readonly string[]): Promise<SchedulerSource[]> {
  return (await byKey<SchedulerSqlRow>(db, SCHEDULER, serials)).map((row) => ({
    unit: {
      serialNumber: row.serialNumber,
      family: row.family,
      countryCode: row.countryCode,
      versionSemantic: row.versionSemantic,
      versionMeta: row.versionMeta,
      lastSeenOnlineAt: dateOrNull(row.lastSeenOnlineAt),
      connected: row.connected,
      stagedRevDone: Number(row.stagedRevDone),
      flowRev: row.flowRev === null ? null : Number(row.flowRev),
      updateState: updateStateOf(row),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    },
    desired:
      row.rev === null
        ? null
        : {
            rev: Number(row.rev),
            stagedSemantic: row.stagedSemantic,
            stagedMeta: row.stagedMeta ?? '',
            path: row.path,
            stagedAt: dateOrNull(row.stagedAt),
            autoStaged: Boolean(row.autoStaged),
          },
  }));
}
