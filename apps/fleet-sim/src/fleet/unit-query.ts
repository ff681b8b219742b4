import { PAGE_SIZE, semanticOf } from '@equipment-dashboard/domain';
import { versionOrder } from '../store/version-order';
import type { UnitRuntime } from './unit-runtime';

export interface UnitQuery {
  page: number;
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: string;
  sortBy?: 'serialNumber' | 'countryCode' | 'family' | 'softwareVersion' | 'createdAt' | 'updatedAt';
  sortDesc?: boolean;
}

const orderOfVersion = new Map<string, number>();
/** The numeric order of a version string, memoised: a fleet has few distinct versions. */
function orderOf(version: string): number {
  let order = orderOfVersion.get(version);
  if (order === undefined) {
    order = versionOrder(semanticOf(version));
    orderOfVersion.set(version, order);
  }
  return order;
}

type Compare = (a: UnitRuntime, b: UnitRuntime) => number;
// Plain code-unit order, as the store's C collation sorts: localeCompare is ten times slower.
const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const bySerial: Compare = (a, b) => text(a.serialNumber, b.serialNumber);
const then =
  (first: Compare): Compare =>
  (a, b) =>
    first(a, b) || bySerial(a, b);

const KEYS: Record<NonNullable<UnitQuery['sortBy']>, Compare> = {
  serialNumber: bySerial,
  countryCode: then((a, b) => text(a.countryCode, b.countryCode)),
  family: then((a, b) => text(a.family, b.family)),
  softwareVersion: then((a, b) => orderOf(a.versionSemantic) - orderOf(b.versionSemantic) || text(a.versionSemantic, b.versionSemantic)),
  createdAt: then((a, b) => a.createdAt - b.createdAt),
  updatedAt: then((a, b) => a.updatedAt - b.updatedAt),
};

/** The units as the query reads them: all of them, in serial order, with counts per family. */
export interface UnitSource {
  units: Iterable<UnitRuntime>;
  bySerial: readonly UnitRuntime[];
  lowerBound(serial: string): number;
  familyTotal(family: string): number;
}

/**
 * The default order (by serial) needs no scan: the page is read off the serial-ordered list, and the
 * count comes from a binary search (serial prefix), the family totals, or the fleet size. Any other
 * combination of filters or order scans every unit once ({@link scanUnits}).
 */
export function queryUnits(source: UnitSource, query: UnitQuery): { serials: string[]; total: number } {
  const bySerialOrder = (query.sortBy ?? 'serialNumber') === 'serialNumber';
  const onlySerialFilters = !query.filterCountryCode && !query.filterSoftwareVersion;
  if (!bySerialOrder || !onlySerialFilters || (query.filterFamily && query.filterSerialNumber)) return scanUnits(source.units, query);
  const list = source.bySerial;
  const prefix = query.filterSerialNumber?.toUpperCase();
  const start = prefix ? source.lowerBound(prefix) : 0;
  const end = prefix ? source.lowerBound(`${prefix}\uffff`) : list.length;
  const total = query.filterFamily ? source.familyTotal(query.filterFamily) : end - start;
  const skip = (query.page - 1) * PAGE_SIZE;
  const serials: string[] = [];
  let seen = 0;
  const step = query.sortDesc ? -1 : 1;
  for (let i = query.sortDesc ? end - 1 : start; i >= start && i < end && serials.length < PAGE_SIZE; i += step) {
    const unit = list[i] as UnitRuntime;
    if (query.filterFamily && unit.family !== query.filterFamily) continue;
    if (seen++ >= skip) serials.push(unit.serialNumber);
  }
  return { serials, total };
}

/**
 * A page of the equipment list, answered from the engine's memory: every unit is scanned once with
 * the filters (prefix matches, case-insensitive), counted, and the best `page * 10` kept in a small
 * sorted buffer. It is exact to the moment (no write-behind lag) and needs no index for any sort.
 */
export function scanUnits(units: Iterable<UnitRuntime>, query: UnitQuery): { serials: string[]; total: number } {
  const serial = query.filterSerialNumber?.toUpperCase();
  const country = query.filterCountryCode?.toUpperCase();
  const version = query.filterSoftwareVersion;
  const family = query.filterFamily;
  const base = KEYS[query.sortBy ?? 'serialNumber'];
  const compare: Compare = query.sortDesc ? (a, b) => base(b, a) : base;
  const keep = query.page * PAGE_SIZE;
  const best: UnitRuntime[] = [];
  let total = 0;
  for (const unit of units) {
    if (family && unit.family !== family) continue;
    if (serial && !unit.serialNumber.startsWith(serial)) continue;
    if (country && !unit.countryCode.startsWith(country)) continue;
    if (version && !unit.versionSemantic.startsWith(version)) continue;
    total += 1;
    const worst = best[best.length - 1];
    if (best.length >= keep && worst && compare(unit, worst) >= 0) continue;
    // Binary insertion into the sorted buffer, which never grows beyond `keep`.
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(best[mid] as UnitRuntime, unit) <= 0) lo = mid + 1;
      else hi = mid;
    }
    best.splice(lo, 0, unit);
    if (best.length > keep) best.pop();
  }
  return { serials: best.slice(keep - PAGE_SIZE).map((u) => u.serialNumber), total };
}
