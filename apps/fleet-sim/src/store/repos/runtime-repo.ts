import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { UPDATE_FAILED_STATE, UPDATE_FLOW_STATES, UPDATE_STATE_LABELS } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { unitDesired, units } from '../schema';
import { desiredStateColumns, type DesiredRow } from './desired-repo';
import { fencedShards, type ShardFence } from './leases-repo';

const PAGE = 10_000;

/** What a unit reports of its connection and its work: held in memory, read from its row, written behind. */
export interface ReportedConnection {
  connected: boolean;
  connectCount: number;
  port: number | null;
  address: string | null;
  currentProcedure: string | null;
  alignmentCount: number;
}

/** The columns of a `units` row (with its stored desired row) a simulator reads when it takes a unit. */
export interface RuntimeRow extends ReportedConnection {
  serialNumber: string;
  shard: number;
  family: string;
  versionSemantic: string;
  versionMeta: string;
  specs: { name: string } | null;
  systemClass: string;
  boardFeatures: { numCameras: number; isDDAligner?: boolean } | null;
  logLevel: string;
  targetType: string | null;
  countryCode: string;
  updateState: Record<string, unknown>;
  stagedRevDone: number;
  /** The desired revision the unit's flow serves (null without a flow). */
  flowRev: number | null;
  /** The unit's desired row, its key aside (null when the API never staged the unit). */
  desired: Omit<DesiredRow, 'serialNumber'> | null;
  lastSeenOnlineAt: Date | null;
  sshPortOpenUntil: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

type Selected = Omit<RuntimeRow, 'desired'> & {
  rev: number | null;
  stagedSemantic: string | null;
  stagedMeta: string | null;
  path: string | null;
  stagedAt: Date | null;
  autoStaged: boolean | null;
};

function withDesired(row: Selected): RuntimeRow {
  const { rev, stagedSemantic, stagedMeta, path, stagedAt, autoStaged, ...unit } = row;
  return {
    ...unit,
    stagedRevDone: Number(unit.stagedRevDone),
    flowRev: unit.flowRev === null ? null : Number(unit.flowRev),
    desired:
      rev === null
        ? null
        : {
            rev: Number(rev),
            stagedSemantic,
            stagedMeta: stagedMeta ?? '',
            path,
            stagedAt,
            autoStaged: Boolean(autoStaged),
          },
  };
}

/** The columns of what a unit reports: read when a simulator takes the unit, written behind by it. */
const REPORTED_COLUMNS = {
  connected: units.connected,
  connectCount: units.connectCount,
  port: units.port,
  address: units.address,
  currentProcedure: units.currentProcedure,
  alignmentCount: units.alignmentCount,
  updateState: units.updateState,
  stagedRevDone: units.stagedRevDone,
  flowRev: units.flowRev,
  versionSemantic: units.versionSemantic,
  versionMeta: units.versionMeta,
  logLevel: units.logLevel,
  targetType: units.targetType,
  lastSeenOnlineAt: units.lastSeenOnlineAt,
  sshPortOpenUntil: units.sshPortOpenUntil,
  updatedAt: units.updatedAt,
};

/** The columns a runtime row is read from (with the desired staging's). */
const RUNTIME_COLUMNS = {
  serialNumber: units.serialNumber,
  shard: units.shard,
  family: units.family,
  specs: units.specs,
  systemClass: units.systemClass,
  boardFeatures: units.boardFeatures,
  countryCode: units.countryCode,
  createdAt: units.createdAt,
  ...REPORTED_COLUMNS,
  ...desiredStateColumns,
};

/**
 * Streams the runtime columns and desired staging of the units of some shards (all of them without a
 * list) in serial order, a page at a time (a million units never sit in one result).
 */
export async function* readRuntimeRows(db: Db, shards?: readonly number[]): AsyncGenerator<RuntimeRow[]> {
  // Shard by shard: each page is then a range of the (shard, serial) index.
  if (shards && shards.length > 1) {
    for (const shard of shards) yield* readRuntimeRows(db, [shard]);
    return;
  }
  const pageAfter = (after: string) =>
    db
      .select(RUNTIME_COLUMNS)
      .from(units)
      .leftJoin(unitDesired, eq(unitDesired.serialNumber, units.serialNumber))
      .where(
        and(
          after ? gt(units.serialNumber, after) : undefined,
          shards ? inArray(units.shard, [...shards]) : undefined,
        ),
      )
      .orderBy(asc(units.serialNumber))
      .limit(PAGE)
      .then((rows) => rows as Selected[]);
  // The next page is asked for before this one is handed over: the store reads it while the caller makes units.
  let next: Promise<Selected[]> | null = pageAfter('');
  while (next) {
    const rows: Selected[] = await next;
    const last = rows[rows.length - 1]?.serialNumber;
    next = last !== undefined && rows.length === PAGE ? pageAfter(last) : null;
    // A caller that stops early leaves the page asked for unread: its failure is nobody's.
    next?.catch(() => undefined);
    if (rows.length > 0) yield rows.map(withDesired);
  }
}

/** The runtime columns and desired staging of the named units (those that exist), a statement per 1,000. */
export async function readRuntimeRowsOf(db: Db, serials: readonly string[]): Promise<RuntimeRow[]> {
  const out: RuntimeRow[] = [];
  for (let i = 0; i < serials.length; i += 1000) {
    const rows = await db
      .select(RUNTIME_COLUMNS)
      .from(units)
      .leftJoin(unitDesired, eq(unitDesired.serialNumber, units.serialNumber))
      .where(inArray(units.serialNumber, serials.slice(i, i + 1000)));
    out.push(...(rows as Selected[]).map(withDesired));
  }
  return out;
}

/** The reported values the write-behind stores for one unit (the simulator is their only writer). */
export interface RuntimeWrite extends ReportedConnection {
  serialNumber: string;
  updateState: Record<string, unknown>;
  stagedRevDone: number;
  flowRev: number | null;
  versionSemantic: string;
  versionMeta: string;
  versionOrder: number;
  logLevel: string;
  targetType: string | null;
  lastSeenOnlineAt: Date | null;
  sshPortOpenUntil: Date | null;
  updatedAt: Date;
}

/** The columns the write-behind writes (a unit's reported ones and its version's sort key), by their write's field. */
const WRITTEN_COLUMNS = Object.entries({ ...REPORTED_COLUMNS, versionOrder: units.versionOrder }) as [
  keyof RuntimeWrite,
  PgColumn,
][];
const WRITTEN_NAMES = sql.join(
  WRITTEN_COLUMNS.map(([, column]) => sql.identifier(column.name)),
  sql`, `,
);
const WRITTEN_SET = sql.join(
  WRITTEN_COLUMNS.map(([, column]) => sql`${sql.identifier(column.name)} = d.${sql.identifier(column.name)}`),
  sql`, `,
);

/** A written value as its column's array parameter carries it: a time as ISO text, JSON as text. */
const asParam = (value: unknown) =>
  value instanceof Date
    ? value.toISOString()
    : value !== null && typeof value === 'object'
      ? JSON.stringify(value)
      : value;

/** The updater states of an update flow, with their labels: entering one is a notable change. */
const FLOW_PHASES = JSON.stringify(
  Object.fromEntries(
    ([...UPDATE_FLOW_STATES, 'INSTALLATION_COMPLETE'] as const)
      .map((state): [string, string] => [state, UPDATE_STATE_LABELS[state]])
      // A failed install ends the flow: on the unit's timeline, and counted by the fleet's history.
      .concat([[UPDATE_FAILED_STATE, 'Install Failed']]),
  ),
);

/**
 * The timeline entries (a unit's history) of the write-behind's notable changes, from the `changed` rows:
 * connected, disconnected, version changed, a new update phase. Only what differs from the stored row is
 * recorded (a flush's net change), never progress or counts; the unit itself is the actor.
 */
function timelineOfChanges() {
  const version = (semantic: string, meta: string) =>
    sql.raw(`${semantic} || CASE WHEN ${meta} <> '' THEN ' - ' || ${meta} ELSE '' END`);
  return sql`
    INSERT INTO unit_history (serial_number, kind, summary, detail, actor, at)
    SELECT c.serial_number, e.kind, e.summary, e.detail, NULL, c.updated_at
    FROM changed c CROSS JOIN LATERAL (
      SELECT CASE WHEN c.connected THEN 'connected' ELSE 'disconnected' END AS kind,
             CASE WHEN c.connected THEN 'Connected' ELSE 'Disconnected' END AS summary, '{}'::jsonb AS detail
      WHERE c.connected IS DISTINCT FROM c.was_connected
      UNION ALL
      SELECT 'updatePhase', 'Update phase: ' || (${FLOW_PHASES}::jsonb ->> c.phase), jsonb_build_object('state', c.phase)
      WHERE c.phase IS DISTINCT FROM c.was_phase AND (${FLOW_PHASES}::jsonb ->> c.phase) IS NOT NULL
      UNION ALL
      SELECT 'versionChanged',
             'Version changed from ' || ${version('c.was_semantic', 'c.was_meta')} || ' to ' || ${version('c.version_semantic', 'c.version_meta')},
             jsonb_build_object('from', c.was_semantic, 'to', c.version_semantic)
      WHERE (c.version_semantic, c.version_meta) IS DISTINCT FROM (c.was_semantic, c.was_meta)
    ) e`;
}

/**
 * Each changed unit's index columns as the change record carries them ({@link LoggedIndexRow}), with its desired
 * staging as this statement reads it: API processes index them without reading the units back.
 */
function loggedIndexRows() {
  const ms = (column: string) => sql.raw(`(extract(epoch FROM ${column}) * 1000)::float8`);
  return sql`json_agg(json_build_array(
    c.serial_number, c.family, c.country_code, c.version_semantic, ${ms('c.created_at')}, ${ms('c.updated_at')}, c.connected,
    ${ms('c.last_seen_online_at')}, c.staged_rev_done, c.phase, c.flow_rev,
    d.rev, d.staged_semantic, ${ms('d.staged_at')}, d.auto_staged))`;
}

/**
 * Writes many units' reported columns in one statement (UPDATE ... FROM unnest of column arrays), and logs
 * them for readers, with their index columns, as written by `writer` (a simulator hands its own writes to its process's read models).
 * `fence`: only units of shards the simulator still holds with the tokens it took them with are written (a
 * simulator frozen past its lease writes not one row of a shard another took meanwhile).
 */
export async function writeRuntime(
  db: Db,
  rows: RuntimeWrite[],
  writer: string | null = null,
  fence: ShardFence | null = null,
): Promise<void> {
  if (rows.length === 0) return;
  // One bound parameter per column, an array of its type (drizzle would otherwise spread an array into a list).
  const arrays = WRITTEN_COLUMNS.map(
    ([field, column]) =>
      sql`${sql.param(rows.map((r) => asParam(r[field])))}::${sql.raw(column.getSQLType())}[]`,
  );
  // The statement also logs which units it changed, for the readers that follow the table (one log row).
  await db.execute(sql`
    WITH ${fence ? sql`fence AS MATERIALIZED (${fencedShards(fence, fence.tokens.keys())}),` : sql``} changed AS (
    UPDATE units AS u SET ${WRITTEN_SET}
    FROM unnest(${sql.param(rows.map((r) => r.serialNumber))}::text[], ${sql.join(arrays, sql`, `)})
      AS d(serial_number, ${WRITTEN_NAMES}),
      -- The row as it was before this statement (same snapshot): what changed goes on the unit's timeline.
      units AS old
    WHERE u.serial_number = d.serial_number AND old.serial_number = u.serial_number
      ${fence ? sql`AND u.shard IN (SELECT shard FROM fence)` : sql``}
    RETURNING u.serial_number, u.updated_at, u.connected, old.connected AS was_connected,
      u.version_semantic, u.version_meta, old.version_semantic AS was_semantic, old.version_meta AS was_meta,
      u.update_state->>'state' AS phase, old.update_state->>'state' AS was_phase,
      u.family, u.country_code, u.created_at, u.last_seen_online_at, u.staged_rev_done, u.flow_rev
    ), history AS (
    ${timelineOfChanges()}
    )
    INSERT INTO unit_change_log (serials, writer, rows)
    SELECT array_agg(c.serial_number), ${writer}::text, ${loggedIndexRows()}
    FROM changed c LEFT JOIN unit_desired d USING (serial_number) HAVING count(*) > 0
  `);
}
