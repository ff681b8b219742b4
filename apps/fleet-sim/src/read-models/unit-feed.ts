import { setImmediate } from 'node:timers/promises';
import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import { deltaOf, isPending, type DesiredStaging } from '../fleet/desired-state';
import { updateStateOf } from '../fleet/update-flow';
import { IDLE_STATE, type UnitRuntime } from '../fleet/unit-runtime';
import type { Db } from '../store/database';
import type { ChangedUnits } from '../store/repos/feed-repo';
import type { DesiredRow } from '../store/repos/desired-repo';
import {
  estimatedUnitCount,
  readAllIndexRows,
  readIndexRows,
  type IndexSourceRow,
} from '../store/repos/unit-index-repo';
import type { UnitRow } from '../store/repos/units-repo';
import type { LoggedIndexRow } from '../store/schema';
import type { IndexedUnit, UnitIndex } from './unit-index';

const msOf = (value: string | number | Date): number =>
  typeof value === 'number' ? value : value instanceof Date ? value.getTime() : Date.parse(value);
const numOf = (value: string | number | null): number => (value === null ? 0 : Number(value));

function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}

/** The desired staging of an index or unit row (null when the API never staged the unit). */
export function desiredOfRow(row: {
  rev: string | number | null;
  staged_semantic: string | null;
  staged_at: string | number | Date | null;
  auto_staged: boolean | null;
}): DesiredStaging | null {
  if (row.rev === null) return null;
  return {
    rev: numOf(row.rev),
    semantic: row.staged_semantic,
    meta: '',
    path: null,
    stagedAt: row.staged_at === null ? null : msOf(row.staged_at),
    autoStaged: Boolean(row.auto_staged),
  };
}

export function indexedUnitOf(row: IndexSourceRow): IndexedUnit | null {
  if (!isFamily(row.family)) return null;
  const desired = desiredOfRow(row);
  const doneRev = numOf(row.staged_rev_done);
  const reported = row.state ?? IDLE_STATE;
  const delta = deltaOf(reported, row.flow_rev === null ? null : numOf(row.flow_rev), desired, doneRev);
  const staged = isPending(desired, doneRev);
  return {
    serialNumber: row.serial_number,
    family: row.family,
    countryCode: row.country_code,
    versionSemantic: row.version_semantic,
    createdAt: msOf(row.created_at),
    updatedAt: msOf(row.updated_at),
    connected: row.connected,
    lastSeenOnlineAt: row.last_seen_online_at === null ? null : msOf(row.last_seen_online_at),
    staged,
    autoStaged: staged && Boolean(desired?.autoStaged),
    stagedAt: staged ? (desired?.stagedAt ?? null) : null,
    state: delta?.state ?? reported,
    desiredRev: desired?.rev ?? 0,
    ...(row.region !== undefined && { region: row.region ?? '', city: row.city ?? '' }),
  };
}

/** A unit as its simulator just wrote it (this process's own writes, handed over without a read). */
export function indexedUnitOfRuntime(unit: UnitRuntime, now: number): IndexedUnit {
  const staged = isPending(unit.desired, unit.stagedRevDone);
  const reported = updateStateOf(unit, now).state;
  const delta = deltaOf(reported, unit.flow ? unit.flow.rev : null, unit.desired, unit.stagedRevDone);
  return {
    serialNumber: unit.serialNumber,
    family: unit.family,
    countryCode: unit.countryCode,
    versionSemantic: unit.versionSemantic,
    createdAt: unit.createdAt,
    updatedAt: unit.updatedAt,
    connected: unit.connected,
    lastSeenOnlineAt: unit.lastSeenOnlineAt,
    staged,
    autoStaged: staged && Boolean(unit.desired?.autoStaged),
    stagedAt: staged ? (unit.desired?.stagedAt ?? null) : null,
    state: delta?.state ?? reported,
    desiredRev: unit.desired?.rev ?? 0,
  };
}

/** A unit as its rows read (a write of this process that already holds them). */
export function indexedUnitOfRows(unit: UnitRow, desired: DesiredRow | null): IndexedUnit | null {
  return indexedUnitOf({
    serial_number: unit.serialNumber,
    family: unit.family,
    country_code: unit.countryCode,
    version_semantic: unit.versionSemantic,
    created_at: unit.createdAt,
    updated_at: unit.updatedAt,
    connected: unit.connected,
    last_seen_online_at: unit.lastSeenOnlineAt,
    staged_rev_done: unit.stagedRevDone,
    state: String(unit.updateState['state'] ?? IDLE_STATE),
    flow_rev: unit.flowRev,
    rev: desired?.rev ?? null,
    staged_semantic: desired?.stagedSemantic ?? null,
    staged_at: desired?.stagedAt ?? null,
    auto_staged: desired?.autoStaged ?? null,
    region: unit.geolocation?.region ?? '',
    city: unit.geolocation?.city ?? '',
  });
}

/**
 * How long the index takes changed units before it lets the event loop turn (ms), and in how many units at a time it
 * looks at the clock. A request waits for the index at each of its steps (its store read, its answer): slices of
 * 250 units took about 5 ms at 1,000,000 units, and a storm's 100,000 changes added them to every step of every list
 * page in its first seconds.
 */
const SLICE_MS = 1;
const SLICE_STEP = 16;

async function upsertInSlices<T>(
  index: UnitIndex,
  rows: readonly T[],
  sourceOf: (row: T) => IndexSourceRow,
): Promise<void> {
  for (let i = 0; i < rows.length;) {
    if (i > 0) await setImmediate();
    const started = performance.now();
    do {
      index.upsert(rows.slice(i, i + SLICE_STEP).flatMap((row) => indexedUnitOf(sourceOf(row)) ?? []));
      i += SLICE_STEP;
    } while (i < rows.length && performance.now() - started < SLICE_MS);
  }
}

const asSource = (row: IndexSourceRow) => row;

/** A unit's index row as a change record carries it. */
export function sourceOfLogged(row: LoggedIndexRow): IndexSourceRow {
  const [
    serial_number,
    family,
    country_code,
    version_semantic,
    created_at,
    updated_at,
    connected,
    last_seen_online_at,
    ...rest
  ] = row;
  const [staged_rev_done, state, flow_rev, rev, staged_semantic, staged_at, auto_staged] = rest;
  return {
    serial_number,
    family,
    country_code,
    version_semantic,
    created_at,
    updated_at,
    connected,
    last_seen_online_at,
    staged_rev_done,
    state,
    flow_rev,
    rev,
    staged_semantic,
    staged_at,
    auto_staged,
  };
}

/**
 * Brings the index up to what changed in the store: the units the change records carry as they are (the last
 * row of each), then those to read back (read after the records, so at least as new). A record of a unit the
 * index does not hold is read back too: the unit may have been deleted since it was written; and so is a unit the
 * index holds without its place (a record carries no place: the fleet map needs it once).
 */
export async function applyUnitChanges(db: Db, index: UnitIndex, changes: ChangedUnits): Promise<void> {
  const readBack = new Set([...changes.serials, ...index.takePlaceless()]);
  for (const row of changes.logged) if (!index.has(row[0])) readBack.add(row[0]);
  const latest = new Map<string, LoggedIndexRow>();
  for (const row of changes.logged) if (!readBack.has(row[0])) latest.set(row[0], row);
  await upsertInSlices(index, [...latest.values()], sourceOfLogged);
  await refreshIndex(db, index, [...readBack]);
}

/**
 * Fills an empty index with every unit of the store, before the process serves: the arrays sized once from the
 * planner's estimate, and each page indexed at once so that its rows die young (indexed in slices between turns of
 * the event loop, they reached the old generation: a fresh API process at 1,000,000 units held about 40 MB more).
 */
export async function loadIndex(db: Db, index: UnitIndex): Promise<void> {
  index.reserve(await estimatedUnitCount(db));
  for await (const rows of readAllIndexRows(db))
    index.upsert(rows.flatMap((row) => indexedUnitOf(row) ?? []));
  index.pack();
}

/** Re-reads some units into the index; those the store no longer has leave it. */
export async function refreshIndex(db: Db, index: UnitIndex, serials: readonly string[]): Promise<void> {
  for (let i = 0; i < serials.length; i += 2000) {
    const slice = serials.slice(i, i + 2000);
    const rows = await readIndexRows(db, slice);
    const found = new Set(rows.map((r) => r.serial_number));
    await upsertInSlices(index, rows, asSource);
    index.remove(slice.filter((s) => !found.has(s)));
  }
}
