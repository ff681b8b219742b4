import type { SCHEDULER_SORT_FIELDS } from '@equipment-dashboard/api';
import { PAGE_SIZE, semanticOf, type Family } from '@equipment-dashboard/domain';
import { versionOrder } from '../store/version-order';
import { PHASE_STATE } from './update-flow';
import { IDLE_STATE, type UnitRuntime } from './unit-runtime';

/** A sortable column of the update scheduler table. */
export type SchedulerSortField = (typeof SCHEDULER_SORT_FIELDS)[number];

/** The query of an update scheduler list (back-office §2.4, §7.3) for one family. */
export interface SchedulerQuery {
  family: Family;
  page: number;
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: string;
  filterState?: string;
  sortBy?: SchedulerSortField;
  sortDesc?: boolean;
  onlyConnected?: boolean;
  onlyStaged?: boolean;
}

/**
 * The updater state a unit reports now (the key of UPDATE_STATE_LABELS, or a raw value): its update
 * flow's phase, Busy while a check runs, else its idle state. The same rule as `updateStateOf`, without
 * building the whole object, because a list computes it for every unit.
 */
export function updaterStateOf(unit: UnitRuntime, now: number): string {
  if (unit.flow) return PHASE_STATE[unit.flow.phase];
  if (unit.busyUntil !== null && unit.busyUntil > now) return 'BUSY';
  return unit.idleState || IDLE_STATE;
}

const orderOfVersion = new Map<string, number>();
function orderOf(version: string): number {
  let order = orderOfVersion.get(version);
  if (order === undefined) {
    order = versionOrder(semanticOf(version));
    orderOfVersion.set(version, order);
  }
  return order;
}

type Key = number | string | null;

function timeOf(iso: string | null): number | null {
  if (!iso) return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

/** The value a unit is sorted by; null sorts last in both directions ("never" / "not staged"). */
const SORT_KEYS: Record<SchedulerSortField, (unit: UnitRuntime, now: number) => Key> = {
  serialNumber: (u) => u.serialNumber,
  countryCode: (u) => u.countryCode,
  family: (u) => u.family,
  // Numeric version order first; the text breaks ties between versions of one order (5.4 and 5.4.0).
  softwareVersion: (u) => orderOf(u.versionSemantic),
  lastSeenOnlineAt: (u) => u.lastSeenOnlineAt,
  stagedAt: (u) => (u.staging.isStaged ? timeOf(u.staging.stagedAt) : null),
  state: (u, now) => updaterStateOf(u, now),
  createdAt: (u) => u.createdAt,
  updatedAt: (u) => u.updatedAt,
};

interface Entry {
  unit: UnitRuntime;
  key: Key;
}

// Plain code-unit order, as the equipment list sorts text (fleet/unit-query.ts).
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function compareKeys(a: Key, b: Key): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return text(String(a), String(b));
}

function comparator(sortBy: SchedulerSortField, desc: boolean): (a: Entry, b: Entry) => number {
  const sign = desc ? -1 : 1;
  return (a, b) => {
    if (a.key === null || b.key === null) {
      if (a.key !== b.key) return a.key === null ? 1 : -1;
    } else {
      const byKey = compareKeys(a.key, b.key);
      if (byKey !== 0) return sign * byKey;
    }
    if (sortBy === 'softwareVersion') {
      const byText = text(a.unit.versionSemantic, b.unit.versionSemantic);
      if (byText !== 0) return sign * byText;
    }
    return sign * text(a.unit.serialNumber, b.unit.serialNumber);
  };
}

/** The filters of a query as one predicate (the family included). */
function matcher(query: SchedulerQuery, now: number): (unit: UnitRuntime) => boolean {
  const serial = query.filterSerialNumber?.toUpperCase();
  const country = query.filterCountryCode?.toUpperCase();
  const version = query.filterSoftwareVersion?.toLowerCase();
  const state = query.filterState?.toUpperCase();
  return (unit) =>
    unit.family === query.family &&
    (!query.onlyConnected || unit.connected) &&
    (!query.onlyStaged || unit.staging.isStaged) &&
    (!serial || unit.serialNumber.toUpperCase().startsWith(serial)) &&
    (!country || unit.countryCode.toUpperCase().startsWith(country)) &&
    (!version || unit.versionSemantic.toLowerCase().startsWith(version)) &&
    (!state || updaterStateOf(unit, now).toUpperCase().startsWith(state));
}

/**
 * A page of one family's update scheduler table, from the engine's memory like the equipment list:
 * every unit is tested once with the filters (text filters match the start of the value, ignoring
 * case; the state filter matches the updater state key) and counted. In serial order (the default),
 * given the units already in serial order (`bySerial`), the page is picked off as it passes; any
 * other order keeps the best `page * 10` in a small sorted buffer. `filterFamily` naming another
 * family gives an empty list.
 */
export function scanSchedulerUnits(
  units: Iterable<UnitRuntime>,
  query: SchedulerQuery,
  now: number,
  bySerial?: readonly UnitRuntime[],
): { units: UnitRuntime[]; total: number } {
  if (query.filterFamily && query.filterFamily !== query.family) return { units: [], total: 0 };
  const matches = matcher(query, now);
  const sortBy = query.sortBy ?? 'serialNumber';
  const skip = (query.page - 1) * PAGE_SIZE;
  if (sortBy === 'serialNumber' && bySerial) {
    const page: UnitRuntime[] = [];
    let total = 0;
    const step = query.sortDesc ? -1 : 1;
    for (let i = query.sortDesc ? bySerial.length - 1 : 0; i >= 0 && i < bySerial.length; i += step) {
      const unit = bySerial[i] as UnitRuntime;
      if (!matches(unit)) continue;
      if (total >= skip && page.length < PAGE_SIZE) page.push(unit);
      total += 1;
    }
    return { units: page, total };
  }
  const keyOf = SORT_KEYS[sortBy];
  const compare = comparator(sortBy, Boolean(query.sortDesc));
  const keep = query.page * PAGE_SIZE;
  const best: Entry[] = [];
  let total = 0;
  for (const unit of units) {
    if (!matches(unit)) continue;
    total += 1;
    const entry: Entry = { unit, key: keyOf(unit, now) };
    const worst = best[best.length - 1];
    if (best.length >= keep && worst && compare(entry, worst) >= 0) continue;
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid] as Entry, entry) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, entry);
    if (best.length > keep) best.pop();
  }
  return { units: best.slice(skip).map((e) => e.unit), total };
}
