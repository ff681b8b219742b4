import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import { deltaOf, isPending, type DesiredStaging } from '../fleet/desired-state';
import { IDLE_STATE } from '../fleet/unit-runtime';
import type { Db } from '../store/database';
import { readAllIndexRows, readIndexRows, type IndexSourceRow } from '../store/repos/unit-index-repo';
import type { IndexedUnit, UnitIndex } from './unit-index';

const msOf = (value: string | Date): number => (value instanceof Date ? value.getTime() : Date.parse(value));
const numOf = (value: string | number | null): number => (value === null ? 0 : Number(value));

function isFamily(value: string): value is Family {
  return (FAMILIES as readonly string[]).includes(value);
}

/** The desired staging of an index or unit row (null when the API never staged the unit). */
export function desiredOfRow(row: {
  rev: string | number | null;
  staged_semantic: string | null;
  staged_at: string | Date | null;
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
  };
}

/** Fills an empty index with every unit of the store. */
export async function loadIndex(db: Db, index: UnitIndex): Promise<void> {
  for await (const rows of readAllIndexRows(db)) {
    index.upsert(rows.flatMap((row) => indexedUnitOf(row) ?? []));
  }
}

/** Re-reads some units into the index; those the store no longer has leave it. */
export async function refreshIndex(db: Db, index: UnitIndex, serials: readonly string[]): Promise<void> {
  for (let i = 0; i < serials.length; i += 2000) {
    const slice = serials.slice(i, i + 2000);
    const rows = await readIndexRows(db, slice);
    const found = new Set(rows.map((r) => r.serial_number));
    index.upsert(rows.flatMap((row) => indexedUnitOf(row) ?? []));
    index.remove(slice.filter((s) => !found.has(s)));
  }
}
