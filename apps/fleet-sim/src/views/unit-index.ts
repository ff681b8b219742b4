import { FAMILIES, PAGE_SIZE, semanticOf, type Family } from '@equipment-dashboard/domain';
import type { SCHEDULER_SORT_FIELDS } from '@equipment-dashboard/api';
import { versionOrder } from '../store/version-order';
import { byCodeUnits, Interner } from './interner';

/** What the lists filter and sort a unit by: the index keeps these and nothing else. */
export interface IndexedUnit {
  serialNumber: string;
  family: Family;
  countryCode: string;
  versionSemantic: string;
  createdAt: number;
  updatedAt: number;
  connected: boolean;
  lastSeenOnlineAt: number | null;
  /** A staged update is pending (desired and not installed yet). */
  staged: boolean;
  autoStaged: boolean;
  stagedAt: number | null;
  /** The updater state the console shows (UPDATE_STATE_LABELS key or a raw value). */
  state: string;
  /** The desired revision the staged fields and the state were read with. */
  desiredRev: number;
}

/** The equipment list's query (console-core §7 read/aligners). */
export interface UnitQuery {
  page: number;
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: string;
  sortBy?: 'serialNumber' | 'countryCode' | 'family' | 'softwareVersion' | 'createdAt' | 'updatedAt';
  sortDesc?: boolean;
}

/** A sortable column of the update scheduler table. */
export type SchedulerSortField = (typeof SCHEDULER_SORT_FIELDS)[number];

/** One family's update scheduler query (back-office §2.4, §7.3). */
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

export interface IndexPage {
  serials: string[];
  total: number;
}

const CONNECTED = 1;
const STAGED = 2;
const AUTO_STAGED = 4;
const FAMILY_IDS = new Map<string, number>(FAMILIES.map((family, i) => [family, i]));
const FAMILY_RANK = Int32Array.from(FAMILIES.map((family) => [...FAMILIES].sort(byCodeUnits).indexOf(family)));

function compareVersions(a: string, b: string): number {
  return versionOrder(semanticOf(a)) - versionOrder(semanticOf(b)) || byCodeUnits(a, b);
}

type Accept = (slot: number) => boolean;
/** A sort key of a slot; NaN is "none" (sorts last in both directions where a column allows none). */
type Key = (slot: number) => number;

/**
 * The fleet as the lists see it, in typed arrays (about 60 bytes a unit plus its serial), kept by each API
 * process from the store (views/unit-feed.ts). Every list page is one pass over it: filters on small ids
 * checked against per-query tables, the count exact, and the best `page * 10` kept in a small buffer;
 * the default order (by serial) is read off a serial-ordered array with no pass at all when it can be.
 */
export class UnitIndex {
  private capacity = 0;
  private serial: string[] = [];
  private readonly slotOf = new Map<string, number>();
  private readonly free: number[] = [];
  private family = new Uint8Array(0);
  private country = new Uint16Array(0);
  private version = new Uint16Array(0);
  private state = new Uint16Array(0);
  private flags = new Uint8Array(0);
  private createdAt = new Float64Array(0);
  private updatedAt = new Float64Array(0);
  private lastSeen = new Float64Array(0);
  private stagedAt = new Float64Array(0);
  private desiredRev = new Float64Array(0);
  /** Slots in serial order. */
  private order = new Int32Array(0);
  private orderLength = 0;
  /** rank[slot]: the slot's position in serial order (tie-breaks); rebuilt when the order changed. */
  private rank = new Int32Array(0);
  private rankDirty = false;
  private readonly familyTotals = new Int32Array(FAMILIES.length);
  private readonly countries = new Interner();
  private readonly versions = new Interner(compareVersions);
  private readonly states = new Interner();

  get size(): number {
    return this.slotOf.size;
  }

  has(serialNumber: string): boolean {
    return this.slotOf.has(serialNumber);
  }

  /**
   * Adds or replaces units (a unit loaded at start, or changed since the last read of the store). A unit
   * seen with an older desired revision than the index holds (a simulator's write that had not read the
   * API's newest staging yet) keeps the index's staging and state.
   */
  upsert(units: readonly IndexedUnit[]): void {
    for (const unit of units) {
      let slot = this.slotOf.get(unit.serialNumber);
      let stale = false;
      if (slot === undefined) {
        slot = this.allocate(unit.serialNumber);
      } else {
        this.countFamily(this.family[slot] as number, -1);
        stale = unit.desiredRev < (this.desiredRev[slot] as number);
      }
      const family = FAMILY_IDS.get(unit.family) ?? 0;
      this.family[slot] = family;
      this.countFamily(family, 1);
      this.country[slot] = this.countries.id(unit.countryCode);
      this.version[slot] = this.versions.id(unit.versionSemantic);
      this.createdAt[slot] = unit.createdAt;
      this.updatedAt[slot] = unit.updatedAt;
      this.lastSeen[slot] = unit.lastSeenOnlineAt ?? NaN;
      if (stale) {
        this.flags[slot] = ((this.flags[slot] as number) & ~CONNECTED) | (unit.connected ? CONNECTED : 0);
        continue;
      }
      this.state[slot] = this.states.id(unit.state);
      this.flags[slot] = (unit.connected ? CONNECTED : 0) | (unit.staged ? STAGED : 0) | (unit.autoStaged ? AUTO_STAGED : 0);
      this.stagedAt[slot] = unit.staged && unit.stagedAt !== null ? unit.stagedAt : NaN;
      this.desiredRev[slot] = unit.desiredRev;
    }
  }

  remove(serialNumbers: readonly string[]): void {
    for (const serialNumber of serialNumbers) {
      const slot = this.slotOf.get(serialNumber);
      if (slot === undefined) continue;
      const at = this.lowerBound(serialNumber);
      this.order.copyWithin(at, at + 1, this.orderLength);
      this.orderLength -= 1;
      this.countFamily(this.family[slot] as number, -1);
      this.slotOf.delete(serialNumber);
      this.serial[slot] = '';
      this.free.push(slot);
      this.rankDirty = true;
    }
  }

  /** Serials of a family matching a pattern, in serial order (the schedule dialog's serial pattern). */
  serialsWhere(family: Family, test: (serialNumber: string) => boolean): string[] {
    const f = FAMILY_IDS.get(family);
    const out: string[] = [];
    for (let i = 0; i < this.orderLength; i++) {
      const slot = this.order[i] as number;
      if (this.family[slot] === f && test(this.serial[slot] as string)) out.push(this.serial[slot] as string);
    }
    return out;
  }

  /** A page of the equipment list, its total exact. */
  queryEquipment(query: UnitQuery): IndexPage {
    const serial = query.filterSerialNumber?.toUpperCase();
    const country = query.filterCountryCode?.toUpperCase();
    const version = query.filterSoftwareVersion;
    const family = query.filterFamily === undefined ? undefined : (FAMILY_IDS.get(query.filterFamily) ?? -1);
    const countryOk = country ? this.countries.matching((c) => c.startsWith(country)) : null;
    const versionOk = version ? this.versions.matching((v) => v.startsWith(version)) : null;
    const otherFilters = countryOk !== null || versionOk !== null;
    const accept: Accept = (slot) =>
      (family === undefined || this.family[slot] === family) &&
      (countryOk === null || countryOk[this.country[slot] as number] === 1) &&
      (versionOk === null || versionOk[this.version[slot] as number] === 1);
    const [lo, hi] = this.range(serial);
    const sortBy = query.sortBy ?? 'serialNumber';
    const desc = Boolean(query.sortDesc);
    if (sortBy === 'serialNumber') {
      // Without other filters the count needs no pass: the serial range, or a family's total.
      const known = otherFilters ? undefined : family === undefined ? hi - lo : serial ? undefined : (this.familyTotals[family] ?? 0);
      return this.inSerialOrder(lo, hi, desc, query.page, accept, known);
    }
    return this.best(lo, hi, query.page, accept, this.keyOf(sortBy), desc, false);
  }

  /** A page of one family's update scheduler table, its total exact. */
  queryScheduler(query: SchedulerQuery): IndexPage {
    if (query.filterFamily && query.filterFamily !== query.family) return { serials: [], total: 0 };
    const family = FAMILY_IDS.get(query.family) ?? -1;
    const serial = query.filterSerialNumber?.toUpperCase();
    const country = query.filterCountryCode?.toUpperCase();
    const version = query.filterSoftwareVersion?.toLowerCase();
    const state = query.filterState?.toUpperCase();
    const countryOk = country ? this.countries.matching((c) => c.toUpperCase().startsWith(country)) : null;
    const versionOk = version ? this.versions.matching((v) => v.toLowerCase().startsWith(version)) : null;
    const stateOk = state ? this.states.matching((s) => s.toUpperCase().startsWith(state)) : null;
    const need = (query.onlyConnected ? CONNECTED : 0) | (query.onlyStaged ? STAGED : 0);
    const accept: Accept = (slot) =>
      this.family[slot] === family &&
      ((this.flags[slot] as number) & need) === need &&
      (countryOk === null || countryOk[this.country[slot] as number] === 1) &&
      (versionOk === null || versionOk[this.version[slot] as number] === 1) &&
      (stateOk === null || stateOk[this.state[slot] as number] === 1);
    const [lo, hi] = this.range(serial);
    const sortBy = query.sortBy ?? 'serialNumber';
    const desc = Boolean(query.sortDesc);
    if (sortBy === 'serialNumber') return this.inSerialOrder(lo, hi, desc, query.page, accept, undefined);
    return this.best(lo, hi, query.page, accept, this.keyOf(sortBy), desc, true);
  }

  private keyOf(sortBy: SchedulerSortField): Key {
    switch (sortBy) {
      case 'countryCode': {
        const rank = this.countries.rank();
        return (slot) => rank[this.country[slot] as number] as number;
      }
      case 'family':
        return (slot) => FAMILY_RANK[this.family[slot] as number] as number;
      case 'softwareVersion': {
        const rank = this.versions.rank();
        return (slot) => rank[this.version[slot] as number] as number;
      }
      case 'state': {
        const rank = this.states.rank();
        return (slot) => rank[this.state[slot] as number] as number;
      }
      case 'createdAt':
        return (slot) => this.createdAt[slot] as number;
      case 'updatedAt':
        return (slot) => this.updatedAt[slot] as number;
      case 'lastSeenOnlineAt':
        return (slot) => this.lastSeen[slot] as number;
      case 'stagedAt':
        return (slot) => this.stagedAt[slot] as number;
      case 'serialNumber':
        return () => 0;
    }
  }

  /** Walks [lo, hi) of the serial order; stops early once the page is full when the total is known. */
  private inSerialOrder(lo: number, hi: number, desc: boolean, page: number, accept: Accept, known: number | undefined): IndexPage {
    const skip = (page - 1) * PAGE_SIZE;
    const serials: string[] = [];
    let total = 0;
    for (let n = 0; n < hi - lo; n++) {
      const slot = this.order[desc ? hi - 1 - n : lo + n] as number;
      if (!accept(slot)) continue;
      if (total >= skip && serials.length < PAGE_SIZE) serials.push(this.serial[slot] as string);
      total += 1;
      if (known !== undefined && serials.length === PAGE_SIZE) break;
    }
    return { serials, total: known ?? total };
  }

  /** One pass over [lo, hi) keeping the best `page * 10` by key, ties by serial; "none" keys last. */
  private best(lo: number, hi: number, page: number, accept: Accept, key: Key, desc: boolean, noneLast: boolean): IndexPage {
    const rank = this.serialRank();
    const sign = desc ? -1 : 1;
    const before = (ka: number, a: number, kb: number, b: number): boolean => {
      if (noneLast && (ka !== ka || kb !== kb)) {
        if (ka !== ka && kb !== kb) return sign * ((rank[a] as number) - (rank[b] as number)) < 0;
        return kb !== kb;
      }
      const byKey = ka - kb;
      return sign * (byKey !== 0 ? byKey : (rank[a] as number) - (rank[b] as number)) < 0;
    };
    const keep = page * PAGE_SIZE;
    const slots = new Int32Array(keep + 1);
    const keys = new Float64Array(keep + 1);
    let kept = 0;
    let total = 0;
    for (let i = lo; i < hi; i++) {
      const slot = this.order[i] as number;
      if (!accept(slot)) continue;
      total += 1;
      const k = key(slot);
      if (kept === keep && !before(k, slot, keys[kept - 1] as number, slots[kept - 1] as number)) continue;
      let at = kept;
      while (at > 0 && before(k, slot, keys[at - 1] as number, slots[at - 1] as number)) {
        slots[at] = slots[at - 1] as number;
        keys[at] = keys[at - 1] as number;
        at -= 1;
      }
      slots[at] = slot;
      keys[at] = k;
      if (kept < keep) kept += 1;
    }
    const serials: string[] = [];
    for (let i = keep - PAGE_SIZE; i < kept; i++) serials.push(this.serial[slots[i] as number] as string);
    return { serials, total };
  }

  /** The serial-order positions whose serial starts with `prefix` (all of them without one). */
  private range(prefix: string | undefined): [number, number] {
    if (!prefix) return [0, this.orderLength];
    return [this.lowerBound(prefix), this.lowerBound(`${prefix}\uffff`)];
  }

  private lowerBound(serialNumber: string): number {
    let lo = 0;
    let hi = this.orderLength;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.serial[this.order[mid] as number] as string) < serialNumber) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private serialRank(): Int32Array {
    if (this.rankDirty || this.rank.length !== this.capacity) {
      if (this.rank.length !== this.capacity) this.rank = new Int32Array(this.capacity);
      for (let i = 0; i < this.orderLength; i++) this.rank[this.order[i] as number] = i;
      this.rankDirty = false;
    }
    return this.rank;
  }

  private countFamily(family: number, by: number): void {
    this.familyTotals[family] = (this.familyTotals[family] ?? 0) + by;
  }

  private allocate(serialNumber: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.serial.length === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      slot = this.serial.length;
      this.serial.push(serialNumber);
    } else {
      this.serial[slot] = serialNumber;
    }
    this.slotOf.set(serialNumber, slot);
    // Units arrive in serial order at start: appending keeps that load linear.
    const last = this.orderLength > 0 ? (this.serial[this.order[this.orderLength - 1] as number] as string) : undefined;
    const at = last === undefined || last < serialNumber ? this.orderLength : this.lowerBound(serialNumber);
    this.order.copyWithin(at + 1, at, this.orderLength);
    this.order[at] = slot;
    this.orderLength += 1;
    this.rankDirty = true;
    return slot;
  }

  private grow(capacity: number): void {
    const grown = <T extends Uint8Array | Uint16Array | Int32Array | Float64Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.family = grown(this.family, (n) => new Uint8Array(n));
    this.country = grown(this.country, (n) => new Uint16Array(n));
    this.version = grown(this.version, (n) => new Uint16Array(n));
    this.state = grown(this.state, (n) => new Uint16Array(n));
    this.flags = grown(this.flags, (n) => new Uint8Array(n));
    this.createdAt = grown(this.createdAt, (n) => new Float64Array(n));
    this.updatedAt = grown(this.updatedAt, (n) => new Float64Array(n));
    this.lastSeen = grown(this.lastSeen, (n) => new Float64Array(n));
    this.stagedAt = grown(this.stagedAt, (n) => new Float64Array(n));
    this.desiredRev = grown(this.desiredRev, (n) => new Float64Array(n));
    this.order = grown(this.order, (n) => new Int32Array(n));
    this.capacity = capacity;
  }
}
