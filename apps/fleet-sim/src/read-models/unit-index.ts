import {
  FAMILIES,
  isUpdatingState,
  PAGE_SIZE,
  semanticOf,
  type Family,
  type MapLevel,
} from '@equipment-dashboard/domain';
import type { SCHEDULER_SORT_FIELDS } from '@equipment-dashboard/contract';
import { versionOrder } from '../store/version-order';
import {
  AUTO_STAGED,
  CellCounts,
  CONNECTED,
  HEAD_LENGTH,
  IndexFilter,
  ones,
  only,
  STAGED,
  type CountedColumn,
} from './index-cells';
import { BlockCounts } from './block-counts';
import { byCodeUnits, Interner } from './interner';
import { MapCells, PlaceTable } from './map-cells';
import { SerialStore } from './serial-store';
import { SlotTable } from './slot-table';
import { SortedColumn } from './sorted-column';

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
  /**
   * Where the unit is (its geolocation's region and city; '' when it has none). A unit does not move: a row that
   * does not carry them (a change record) leaves the place the index holds.
   */
  region?: string;
  city?: string;
}

/** Units of one family, country and version, and how many of them are connected. */
export interface FamilyCountryVersionCount {
  family: Family;
  countryCode: string;
  versionSemantic: string;
  units: number;
  connected: number;
}

/** The equipment list's query (console-core §7 read/aligners). */
export interface UnitQuery {
  page: number;
  filterSerialNumber?: string;
  filterCountryCode?: string;
  filterSoftwareVersion?: string;
  filterFamily?: string;
  /** true: connected units only; false: offline units only. */
  filterConnected?: boolean;
  sortBy?: 'serialNumber' | 'countryCode' | 'family' | 'softwareVersion' | 'createdAt' | 'updatedAt';
  sortDesc?: boolean;
}

/** The equipment list's filters but Connected (its query without page and sort): what rule scopes and rollouts target. */
export type EquipmentFilters = Omit<UnitQuery, 'page' | 'sortBy' | 'sortDesc' | 'filterConnected'>;

/** The equipment list's filters, Connected included (the list, its export, bulk actions, the fleet map). */
export type ListFilters = EquipmentFilters & Pick<UnitQuery, 'filterConnected'>;

/** What the alert evaluator reads of one unit. */
/** What a selection of units looks at (a scenario's): see {@link UnitIndex.countWhere}. */
export interface SelectionFacts {
  family: Family;
  countryCode: string;
  versionSemantic: string;
  connected: boolean;
  staged: boolean;
}

export interface UnitFacts {
  serialNumber: string;
  family: Family;
  countryCode: string;
  versionSemantic: string;
  connected: boolean;
  lastSeenOnlineAt: number | null;
  /** The updater state the console shows. */
  state: string;
}

/**
 * The equipment list's filters as tests of a unit's values: a serial prefix, a country prefix, a version prefix
 * (upper-cased as the list does) and a family. The list's index and the alert rules' scopes both apply these (a
 * scope leaves out `filterConnected`: whether a unit is connected is what a rule watches, not who it watches).
 */
function equipmentTests(filters: EquipmentFilters): {
  serialPrefix: string | undefined;
  family: number | undefined;
  country: ((c: string) => boolean) | undefined;
  version: ((v: string) => boolean) | undefined;
} {
  const country = filters.filterCountryCode?.toUpperCase();
  const version = filters.filterSoftwareVersion;
  return {
    serialPrefix: filters.filterSerialNumber?.toUpperCase(),
    family: filters.filterFamily === undefined ? undefined : (FAMILY_IDS.get(filters.filterFamily) ?? -1),
    country: country ? (c) => c.startsWith(country) : undefined,
    version: version ? (v) => v.startsWith(version) : undefined,
  };
}

/** A test of one unit against the equipment list's filters, exactly as the list applies them. */
export function equipmentMatcher(
  filters: EquipmentFilters,
): (unit: Pick<UnitFacts, 'serialNumber' | 'family' | 'countryCode' | 'versionSemantic'>) => boolean {
  const tests = equipmentTests(filters);
  return (unit) =>
    (tests.serialPrefix === undefined || unit.serialNumber.startsWith(tests.serialPrefix)) &&
    (tests.family === undefined || FAMILY_IDS.get(unit.family) === tests.family) &&
    (tests.country === undefined || tests.country(unit.countryCode)) &&
    (tests.version === undefined || tests.version(unit.versionSemantic));
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

/** One place of a fleet map's level and its counts (see {@link UnitIndex.fleetMap}). */
export interface MapGroupCount {
  countryCode: string;
  /** null at the country level. */
  region: string | null;
  /** null but at the city level. */
  city: string | null;
  units: number;
  connected: number;
  updating: number;
}

/** Where a unit is, as the index holds it. */
export interface UnitPlace {
  countryCode: string;
  region: string;
  city: string;
}

const FAMILY_IDS = new Map<string, number>(FAMILIES.map((family, i) => [family, i]));
/** Positions of the serial order per block of its counts (a few hundred blocks at a million units). */
const SERIAL_BLOCK = 4096;
const FAMILY_RANK = Int32Array.from(
  FAMILIES.map((family) => [...FAMILIES].sort(byCodeUnits).indexOf(family)),
);

/** Whether key `k` sorts strictly before `other` (NaN, "none", before nothing and after everything when `noneLast`). */
function beats(k: number, other: number, sign: number, noneLast: boolean): boolean {
  if (noneLast && (k !== k || other !== other)) return k === k;
  return sign * (k - other) < 0;
}

/** True when a filter's table accepts every id (the column is not filtered). */
function isAll(table: Uint8Array): boolean {
  for (let i = 0; i < table.length; i++) if (table[i] !== 1) return false;
  return true;
}

function compareVersions(a: string, b: string): number {
  return versionOrder(semanticOf(a)) - versionOrder(semanticOf(b)) || byCodeUnits(a, b);
}

/** A column of small ids that a list sorts by through a rank per id (a group of equal keys per id). */
type RankedColumn = Exclude<CountedColumn, 'head'>;

/**
 * The fleet as the lists see it, in typed arrays and buffers (about 90 bytes a unit with its serial and the
 * timestamp orders, none of it on the JS heap), kept by each API process from the store (read-models/unit-feed.ts).
 * Totals come from counts per combination of the filtered columns (`cells`), kept as units change, with no pass; a
 * page is walked only as far as it needs: in serial order directly, in the order of a column of few values
 * (country, version, state, family) group by group using the counts to skip the groups before the page, in a
 * timestamp's order along its sorted column. A walk runs in the page's direction, so equal keys arrive in order.
 */
export class UnitIndex {
  private capacity = 0;
  /** Slots ever used (the next new slot). */
  private used = 0;
  private readonly serials = new SerialStore();
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
  private head = new Uint16Array(0);
  /** Slots in serial order. */
  private order = new Int32Array(0);
  private orderLength = 0;
  /**
   * Each slot's position in {@link order}, so that equal timestamps are ordered by serial without comparing bytes
   * (most of the cost of moving a changed unit in the timestamp orders). Stale while units are added before the
   * end or removed: they are compared as bytes then, and the positions are renumbered after the change.
   */
  private rank = new Int32Array(0);
  private ranksStale = false;
  private readonly slots: SlotTable;
  private readonly cells = new CellCounts();
  /** Counts per block of the serial order, so that a walk in serial order skips blocks with nothing it wants. */
  private readonly blocks: BlockCounts;
  /** The block counts missed a change (the order moved, or an id or position past their room): rebuilt on settle. */
  private blocksStale = false;
  private readonly countries = new Interner();
  private readonly versions = new Interner(compareVersions);
  private readonly states = new Interner();
  private readonly heads = new Interner();
  /** Each slot's place (an id of {@link places}). */
  private place = new Uint32Array(0);
  private readonly places = new PlaceTable();
  /** Each place's country, as an id of {@link countries} (the filters' country table is by that id). */
  private readonly placeCountry: number[] = [];
  /** The fleet map's counts per place and counted columns. */
  private readonly map = new MapCells();
  /** Units indexed without their place (a unit new to the index, from a row without it): read back by the feed. */
  private readonly placeless = new Set<string>();
  /** updating[stateId] = 1 when units in that state are updating (isUpdatingState), grown with the states. */
  private updatingStates: Uint8Array = new Uint8Array(0);
  /** The timestamp columns lists sort by, in order (createdAt and updatedAt on the equipment list too). */
  private readonly sorted: Record<'createdAt' | 'updatedAt' | 'lastSeenOnlineAt' | 'stagedAt', SortedColumn>;

  /**
   * `block`: slots per block of the timestamp orders, and positions per block of the serial order's counts (tests
   * make it small, to move blocks with few units).
   */
  constructor(block?: number) {
    this.blocks = new BlockCounts(block ?? SERIAL_BLOCK);
    const bySerial = (a: number, b: number) =>
      this.ranksStale ? this.serials.compare(a, b) : (this.rank[a] as number) - (this.rank[b] as number);
    this.slots = new SlotTable(this.serials, () => this.order.subarray(0, this.orderLength));
    this.sorted = {
      createdAt: new SortedColumn(() => this.createdAt, bySerial, block),
      updatedAt: new SortedColumn(() => this.updatedAt, bySerial, block),
      lastSeenOnlineAt: new SortedColumn(() => this.lastSeen, bySerial, block),
      stagedAt: new SortedColumn(() => this.stagedAt, bySerial, block),
    };
  }

  get size(): number {
    return this.orderLength;
  }

  has(serialNumber: string): boolean {
    return this.slotOf(serialNumber) !== undefined;
  }

  /**
   * Adds or replaces units (a unit loaded at start, or changed since the last read of the store). A unit
   * seen with an older desired revision than the index holds (a simulator's write that had not read the
   * API's newest staging yet) keeps the index's staging and state.
   */
  upsert(units: readonly IndexedUnit[]): void {
    for (const unit of units) {
      let slot = this.slotOf(unit.serialNumber);
      const added = slot === undefined;
      let stale = false;
      let before = 0;
      if (slot === undefined) {
        slot = this.allocate(unit.serialNumber);
      } else {
        this.count(slot, -1);
        stale = unit.desiredRev < (this.desiredRev[slot] as number);
        before = this.mapKeyOf(slot);
      }
      const oldPlace = this.place[slot] as number;
      const oldFamily = this.family[slot] as number;
      const oldVersion = this.version[slot] as number;
      const stagedAt = stale
        ? (this.stagedAt[slot] as number)
        : unit.staged && unit.stagedAt !== null
          ? unit.stagedAt
          : NaN;
      this.setTime('createdAt', this.createdAt, slot, unit.createdAt, added);
      this.setTime('updatedAt', this.updatedAt, slot, unit.updatedAt, added);
      this.setTime('lastSeenOnlineAt', this.lastSeen, slot, unit.lastSeenOnlineAt ?? NaN, added);
      this.setTime('stagedAt', this.stagedAt, slot, stagedAt, added);
      this.family[slot] = FAMILY_IDS.get(unit.family) ?? 0;
      this.country[slot] = this.countries.id(unit.countryCode);
      this.version[slot] = this.versions.id(unit.versionSemantic);
      if (stale) {
        this.flags[slot] = ((this.flags[slot] as number) & ~CONNECTED) | (unit.connected ? CONNECTED : 0);
      } else {
        this.state[slot] = this.states.id(unit.state);
        this.flags[slot] =
          (unit.connected ? CONNECTED : 0) | (unit.staged ? STAGED : 0) | (unit.autoStaged ? AUTO_STAGED : 0);
        this.desiredRev[slot] = unit.desiredRev;
      }
      this.placeUnit(slot, unit, added);
      this.count(slot, 1);
      const after = this.mapKeyOf(slot);
      const moved =
        added ||
        before !== after ||
        oldPlace !== this.place[slot] ||
        oldFamily !== this.family[slot] ||
        oldVersion !== this.version[slot];
      if (moved) {
        if (!added) this.countOnMap(slot, -1, oldPlace, oldFamily, oldVersion, before);
        this.countOnMap(
          slot,
          1,
          this.place[slot] as number,
          this.family[slot] as number,
          this.version[slot] as number,
          after,
        );
      }
    }
    this.settle();
  }

  /** Sets a slot's place from the unit's row, or keeps it (a row without one); one unknown to the index is read back. */
  private placeUnit(slot: number, unit: IndexedUnit, added: boolean): void {
    if (unit.region !== undefined && unit.city !== undefined) {
      this.place[slot] = this.placeId(unit.countryCode, unit.region, unit.city);
      this.placeless.delete(unit.serialNumber);
    } else if (added || this.places.countryCodes[this.place[slot] as number] !== unit.countryCode) {
      this.place[slot] = this.placeId(unit.countryCode, '', '');
      this.placeless.add(unit.serialNumber);
    }
  }

  private placeId(countryCode: string, region: string, city: string): number {
    const id = this.places.id(countryCode, region, city);
    if (id === this.placeCountry.length) this.placeCountry.push(this.countries.id(countryCode));
    return id;
  }

  /** Whether the slot is connected (bit 0) and updating (bit 1): the map's flags of a unit. */
  private mapKeyOf(slot: number): number {
    const state = this.state[slot] as number;
    if (state >= this.updatingStates.length) {
      this.updatingStates = this.states.matching(isUpdatingState);
    }
    return ((this.flags[slot] as number) & CONNECTED ? 1 : 0) | ((this.updatingStates[state] as number) << 1);
  }

  private countOnMap(
    slot: number,
    by: number,
    place: number,
    family: number,
    version: number,
    key: number,
  ): void {
    this.map.add(place, family, version, this.head[slot] as number, (key & 1) === 1, (key & 2) === 2, by);
  }

  /** Grows each time a count of the fleet map moves (a unit added, removed, or changed place, family, version, connection or updating). */
  get mapRevision(): number {
    return this.map.revision;
  }

  /** Units indexed without their place since the last call (the feed reads them back). */
  takePlaceless(): string[] {
    const serials = [...this.placeless];
    this.placeless.clear();
    return serials;
  }

  get hasPlaceless(): boolean {
    return this.placeless.size > 0;
  }

  /** Where a unit is, as the index holds it. */
  placeOf(serialNumber: string): UnitPlace | undefined {
    const slot = this.slotOf(serialNumber);
    if (slot === undefined) return undefined;
    const place = this.place[slot] as number;
    return {
      countryCode: this.places.countryCodes[place] as string,
      region: this.places.regions[place] as string,
      city: this.places.cities[place] as string,
    };
  }

  /**
   * The fleet map at a level: the units the equipment list's filters accept, summed per country, per region of a
   * country or per city of a region (`drill` narrows to one country, and one region), with how many are connected
   * and updating. Sums of the map's counts (one pass over its cells, or over the places when nothing but the place is
   * filtered); a serial prefix longer than the counts' heads walks its short range. Places without a unit left out.
   */
  fleetMap(
    filters: ListFilters,
    level: MapLevel,
    drill: { country?: string; region?: string } = {},
  ): MapGroupCount[] {
    const filter = this.equipmentFilter(filters);
    const places = this.places;
    const groupOf = new Int32Array(places.size).fill(-1);
    const groups: MapGroupCount[] = [];
    const byKey = new Map<string, number>();
    for (let p = 0; p < places.size; p++) {
      const countryCode = places.countryCodes[p] as string;
      const region = places.regions[p] as string;
      const city = places.cities[p] as string;
      if (drill.country !== undefined && countryCode !== drill.country) continue;
      if (drill.region !== undefined && region !== drill.region) continue;
      if (filter.country[this.placeCountry[p] as number] !== 1) continue;
      const key =
        level === 'country'
          ? countryCode
          : level === 'region'
            ? `${countryCode}\u0000${region}`
            : `${countryCode}\u0000${region}\u0000${city}`;
      let g = byKey.get(key);
      if (g === undefined) {
        g = groups.length;
        byKey.set(key, g);
        groups.push({
          countryCode,
          region: level === 'country' ? null : region,
          city: level === 'city' ? city : null,
          units: 0,
          connected: 0,
          updating: 0,
        });
      }
      groupOf[p] = g;
    }
    const onlyConnected = (filter.need & CONNECTED) !== 0;
    const onlyOffline = (filter.refuse & CONNECTED) !== 0;
    const tally = (
      g: number,
      units: number,
      connected: number,
      updating: number,
      updatingConnected: number,
    ) => {
      const group = groups[g] as MapGroupCount;
      if (onlyConnected) {
        group.units += connected;
        group.connected += connected;
        group.updating += updatingConnected;
      } else if (onlyOffline) {
        group.units += units - connected;
        group.updating += updating - updatingConnected;
      } else {
        group.units += units;
        group.connected += connected;
        group.updating += updating;
      }
    };
    const m = this.map;
    if (filter.bySerial) {
      for (let i = filter.lo; i < filter.hi; i++) {
        const slot = this.order[i] as number;
        const g = groupOf[this.place[slot] as number] as number;
        if (g < 0 || !this.accepts(filter, slot)) continue;
        const key = this.mapKeyOf(slot);
        const group = groups[g] as MapGroupCount;
        group.units += 1;
        group.connected += key & 1;
        group.updating += (key >> 1) & 1;
      }
    } else if (isAll(filter.family) && isAll(filter.version) && isAll(filter.head)) {
      for (let p = 0; p < places.size; p++) {
        const g = groupOf[p] as number;
        if (g < 0) continue;
        tally(
          g,
          m.placeUnits[p] as number,
          m.placeConnected[p] as number,
          m.placeUpdating[p] as number,
          m.placeUpdatingConnected[p] as number,
        );
      }
    } else {
      for (let c = 0; c < m.size; c++) {
        if (m.units[c] === 0) continue;
        const g = groupOf[m.place[c] as number] as number;
        if (g < 0) continue;
        if (
          ((filter.family[m.family[c] as number] as number) &
            (filter.version[m.version[c] as number] as number) &
            (filter.head[m.head[c] as number] as number)) !==
          1
        )
          continue;
        tally(
          g,
          m.units[c] as number,
          m.connected[c] as number,
          m.updating[c] as number,
          m.updatingConnected[c] as number,
        );
      }
    }
    return groups.filter((group) => group.units > 0);
  }

  /** After a change: the serial order numbered again, and the block counts rebuilt when they missed any of it. */
  private settle(): void {
    this.renumber();
    if (!this.blocksStale) return;
    const maxId = Math.max(
      this.countries.values.length,
      this.versions.values.length,
      this.states.values.length,
      this.heads.values.length,
    );
    this.blocks.reset(Math.max(this.orderLength, this.capacity), maxId);
    for (let i = 0; i < this.orderLength; i++) this.countInBlock(this.order[i] as number, i, 1);
    this.blocksStale = false;
  }

  /** Numbers the serial order again after units were added before its end or removed. */
  private renumber(): void {
    if (!this.ranksStale) return;
    for (let i = 0; i < this.orderLength; i++) this.rank[this.order[i] as number] = i;
    this.ranksStale = false;
  }

  /** Writes a timestamp of a slot, moving the slot in that column's order when the value changes. */
  private setTime(
    column: keyof UnitIndex['sorted'],
    values: Float64Array,
    slot: number,
    value: number,
    added: boolean,
  ): void {
    const old = values[slot] as number;
    if (!added && (old === value || (old !== old && value !== value))) return;
    const sorted = this.sorted[column];
    if (!added) sorted.delete(slot);
    values[slot] = value;
    sorted.add(slot);
  }

  /** Sizes the arrays for about `units` units before a load, with room to grow by an eighth. */
  reserve(units: number): void {
    const capacity = Math.ceil(units * 1.125);
    if (capacity > this.capacity) this.grow(capacity);
    this.slots.reserve(units);
  }

  /** Packs the timestamp orders tight (after the load at start, whose random order left their blocks two-thirds full). */
  pack(): void {
    for (const sorted of Object.values(this.sorted)) sorted.pack();
  }

  remove(serialNumbers: readonly string[]): void {
    for (const serialNumber of serialNumbers) {
      const slot = this.slotOf(serialNumber);
      if (slot === undefined) continue;
      this.count(slot, -1);
      this.countOnMap(
        slot,
        -1,
        this.place[slot] as number,
        this.family[slot] as number,
        this.version[slot] as number,
        this.mapKeyOf(slot),
      );
      this.placeless.delete(serialNumber);
      for (const sorted of Object.values(this.sorted)) sorted.delete(slot);
      const at = this.ranksStale
        ? this.lowerBound(this.serials.encode(serialNumber))
        : (this.rank[slot] as number);
      this.order.copyWithin(at, at + 1, this.orderLength);
      this.orderLength -= 1;
      this.ranksStale = true;
      this.slots.delete(slot);
      this.serials.clear(slot);
      this.free.push(slot);
      // Every later position moved up by one: the block counts are rebuilt.
      this.blocksStale = true;
    }
    this.settle();
  }

  /** Serials of a family matching a pattern, in serial order (the schedule dialog's serial pattern). */
  serialsWhere(family: Family, test: (serialNumber: string) => boolean): string[] {
    const f = FAMILY_IDS.get(family);
    const out: string[] = [];
    for (let i = 0; i < this.orderLength; i++) {
      const slot = this.order[i] as number;
      if (this.family[slot] !== f) continue;
      const serialNumber = this.serials.get(slot);
      if (test(serialNumber)) out.push(serialNumber);
    }
    return out;
  }

  /** A page of the equipment list, its total exact. */
  queryEquipment(query: UnitQuery): IndexPage {
    return this.page(
      this.equipmentFilter(query),
      query.sortBy ?? 'serialNumber',
      Boolean(query.sortDesc),
      query.page,
    );
  }

  /** Every serial the equipment list's filters match, in serial order ("all N units matching the filters"). */
  serialsMatchingEquipment(filters: ListFilters): string[] {
    const filter = this.equipmentFilter(filters);
    const out: string[] = [];
    for (let i = filter.lo; i < filter.hi; i++) {
      const slot = this.order[i] as number;
      if (this.accepts(filter, slot)) out.push(this.serials.get(slot));
    }
    return out;
  }

  /**
   * Every serial of the equipment list's query in the order its pages show them, one page after the other (the
   * CSV export). The order is fixed when the walk starts (one slot a match, 4 bytes each); serials are read as
   * they are taken, so a unit removed meanwhile is left out.
   */
  equipmentSerials(query: Omit<UnitQuery, 'page'>): Generator<string> {
    return this.serialsOf(
      this.ordered(this.equipmentFilter(query), query.sortBy ?? 'serialNumber', Boolean(query.sortDesc)),
    );
  }

  private equipmentFilter(query: ListFilters): IndexFilter {
    const { serialPrefix, family, country, version } = equipmentTests(query);
    return this.filter(serialPrefix, {
      family: family === undefined ? ones(FAMILIES.length) : only(FAMILIES.length, family),
      country: country ? this.countries.matching(country) : ones(this.countries.values.length),
      version: version ? this.versions.matching(version) : ones(this.versions.values.length),
      state: ones(this.states.values.length),
      need: query.filterConnected === true ? CONNECTED : 0,
      refuse: query.filterConnected === false ? CONNECTED : 0,
    });
  }

  /**
   * How many units the equipment list's filters match, and how many of them are connected: from the counts per
   * cell (a serial prefix longer than the counts' heads walks its short range).
   */
  equipmentCounts(filters: ListFilters): { total: number; connected: number } {
    const filter = this.equipmentFilter(filters);
    if (!filter.bySerial) {
      const connected = new IndexFilter(
        filter.family,
        filter.country,
        filter.version,
        filter.state,
        filter.head,
        filter.need | CONNECTED,
        filter.lo,
        filter.hi,
        false,
        filter.refuse,
      );
      return { total: this.cells.total(filter), connected: this.cells.total(connected) };
    }
    let total = 0;
    let connected = 0;
    for (let i = filter.lo; i < filter.hi; i++) {
      const slot = this.order[i] as number;
      if (!this.accepts(filter, slot)) continue;
      total += 1;
      if ((this.flags[slot] as number) & CONNECTED) connected += 1;
    }
    return { total, connected };
  }

  /**
   * Units and connected units per family, country and version, from the counts per cell (no pass over the units):
   * what the fleet's history samples (jobs/fleet-rollups.ts).
   */
  familyCountryVersionCounts(): FamilyCountryVersionCount[] {
    const out = new Map<number, FamilyCountryVersionCount>();
    this.cells.forEach((cell) => {
      const key = (cell.family * 65536 + cell.country) * 65536 + cell.version;
      let row = out.get(key);
      if (!row) {
        row = {
          family: FAMILIES[cell.family] as Family,
          countryCode: this.countries.values[cell.country] as string,
          versionSemantic: this.versions.values[cell.version] as string,
          units: 0,
          connected: 0,
        };
        out.set(key, row);
      }
      row.units += cell.n;
      if (cell.flags & CONNECTED) row.connected += cell.n;
    });
    return [...out.values()];
  }

  /**
   * How many units pass a test of their family, country, version, connection and staging: from the counts per cell,
   * with no pass over the units (a scenario's preview at a million units).
   */
  countWhere(test: (facts: SelectionFacts) => boolean): number {
    let n = 0;
    this.cells.forEach((cell) => {
      if (test(this.selectionFacts(cell.family, cell.country, cell.version, cell.flags))) n += cell.n;
    });
    return n;
  }

  /** Of some units, those the index holds that pass the test (see {@link countWhere}). */
  countOfSerialsWhere(serials: readonly string[], test: (facts: SelectionFacts) => boolean): number {
    let n = 0;
    for (const serialNumber of serials) {
      const slot = this.slotOf(serialNumber);
      if (slot === undefined) continue;
      const facts = this.selectionFacts(
        this.family[slot] as number,
        this.country[slot] as number,
        this.version[slot] as number,
        this.flags[slot] as number,
      );
      if (test(facts)) n += 1;
    }
    return n;
  }

  private selectionFacts(family: number, country: number, version: number, flags: number): SelectionFacts {
    return {
      family: FAMILIES[family] as Family,
      countryCode: this.countries.values[country] as string,
      versionSemantic: this.versions.values[version] as string,
      connected: (flags & CONNECTED) !== 0,
      staged: (flags & STAGED) !== 0,
    };
  }

  /** What the alert evaluator reads of one unit, or undefined when the index does not hold it. */
  unitFacts(serialNumber: string): UnitFacts | undefined {
    const slot = this.slotOf(serialNumber);
    return slot === undefined ? undefined : this.factsOf(slot, serialNumber);
  }

  /**
   * A unit's slot (-1 when the index does not hold it), for a reader that looks at a few of its values before
   * deciding whether it needs them all (most changed units concern no alert rule): see isConnectedAt, stateAt, factsOf.
   */
  slotOfSerial(serialNumber: string): number {
    return this.slotOf(serialNumber) ?? -1;
  }

  isConnectedAt(slot: number): boolean {
    return ((this.flags[slot] as number) & CONNECTED) !== 0;
  }

  stateAt(slot: number): string {
    return this.states.values[this.state[slot] as number] as string;
  }

  /** The facts of the unit in a slot (its serial as the caller has it). */
  factsOf(slot: number, serialNumber: string): UnitFacts {
    const lastSeen = this.lastSeen[slot] as number;
    return {
      serialNumber,
      family: FAMILIES[this.family[slot] as number] as Family,
      countryCode: this.countries.values[this.country[slot] as number] as string,
      versionSemantic: this.versions.values[this.version[slot] as number] as string,
      connected: ((this.flags[slot] as number) & CONNECTED) !== 0,
      lastSeenOnlineAt: lastSeen === lastSeen ? lastSeen : null,
      state: this.states.values[this.state[slot] as number] as string,
    };
  }

  /**
   * Visits the units at positions [from, from + count) of the serial order (only the offline ones with
   * `offlineOnly`); answers the next position, or -1 past the end. A caller walks the fleet in slices with it.
   */
  visitUnits(from: number, count: number, visit: (unit: UnitFacts) => void, offlineOnly = false): number {
    const end = Math.min(this.orderLength, from + count);
    for (let i = from; i < end; i++) {
      const slot = this.order[i] as number;
      if (offlineOnly && ((this.flags[slot] as number) & CONNECTED) !== 0) continue;
      visit(this.factsOf(slot, this.serials.get(slot)));
    }
    return end >= this.orderLength ? -1 : end;
  }

  /** A page of one family's update scheduler table, its total exact. */
  queryScheduler(query: SchedulerQuery): IndexPage {
    if (query.filterFamily && query.filterFamily !== query.family) return { serials: [], total: 0 };
    const { filter, sortBy } = this.schedulerFilter(query);
    return this.page(filter, sortBy, Boolean(query.sortDesc), query.page);
  }

  /** Every serial of one family's update scheduler query, in its pages' order (see {@link equipmentSerials}). */
  schedulerSerials(query: Omit<SchedulerQuery, 'page'>): Generator<string> {
    if (query.filterFamily && query.filterFamily !== query.family) return this.serialsOf(new Int32Array(0));
    const { filter, sortBy } = this.schedulerFilter(query);
    return this.serialsOf(this.ordered(filter, sortBy, Boolean(query.sortDesc)));
  }

  private schedulerFilter(query: Omit<SchedulerQuery, 'page'>): {
    filter: IndexFilter;
    sortBy: SchedulerSortField;
  } {
    const country = query.filterCountryCode?.toUpperCase();
    const version = query.filterSoftwareVersion?.toLowerCase();
    const state = query.filterState?.toUpperCase();
    const filter = this.filter(query.filterSerialNumber?.toUpperCase(), {
      family: only(FAMILIES.length, FAMILY_IDS.get(query.family) ?? -1),
      country: country
        ? this.countries.matching((c) => c.toUpperCase().startsWith(country))
        : ones(this.countries.values.length),
      version: version
        ? this.versions.matching((v) => v.toLowerCase().startsWith(version))
        : ones(this.versions.values.length),
      state: state
        ? this.states.matching((s) => s.toUpperCase().startsWith(state))
        : ones(this.states.values.length),
      need: (query.onlyConnected ? CONNECTED : 0) | (query.onlyStaged ? STAGED : 0),
    });
    // One family: sorting by it is sorting by serial.
    const sortBy = query.sortBy === 'family' ? 'serialNumber' : (query.sortBy ?? 'serialNumber');
    return { filter, sortBy };
  }

  private *serialsOf(slots: Int32Array): Generator<string> {
    for (const slot of slots) {
      if (this.serials.has(slot)) yield this.serials.get(slot);
    }
  }

  /**
   * Every slot the filter accepts, in the order page() pages them: the matches in serial order (in the list's
   * direction), then for a column of few values a stable counting sort by its rank, for a timestamp its sorted
   * column's order (units without a value last); a long serial prefix sorts its short range by key instead.
   */
  private ordered(filter: IndexFilter, sortBy: SchedulerSortField, desc: boolean): Int32Array {
    const ranked = (column: RankedColumn, rank: Int32Array) =>
      this.byRank(this.matching(filter, desc), this[column], rank, desc);
    switch (sortBy) {
      case 'serialNumber':
        return this.matching(filter, desc);
      case 'family':
        return ranked('family', FAMILY_RANK);
      case 'countryCode':
        return ranked('country', this.countries.rank());
      case 'softwareVersion':
        return ranked('version', this.versions.rank());
      case 'state':
        return ranked('state', this.states.rank());
      case 'createdAt':
      case 'updatedAt':
      case 'lastSeenOnlineAt':
      case 'stagedAt':
        return this.byTimeOrder(filter, sortBy, desc);
    }
  }

  /** The accepted slots of the filter's range, in serial order (backwards when `desc`). */
  private matching(filter: IndexFilter, desc: boolean): Int32Array {
    const out = new Int32Array(Math.max(0, filter.hi - filter.lo));
    let n = 0;
    this.eachAccepted(filter, desc, (slot) => {
      out[n++] = slot;
      return true;
    });
    return out.subarray(0, n);
  }

  /** Slots stably sorted by the rank of their id in a column (descending when `desc`): a counting sort. */
  private byRank(
    slots: Int32Array,
    ids: Uint8Array | Uint16Array,
    rank: Int32Array,
    desc: boolean,
  ): Int32Array {
    const top = rank.length;
    const keyOf = (slot: number) =>
      desc ? top - 1 - (rank[ids[slot] as number] as number) : (rank[ids[slot] as number] as number);
    const starts = new Int32Array(top + 1);
    for (const slot of slots) starts[keyOf(slot) + 1] = (starts[keyOf(slot) + 1] as number) + 1;
    for (let k = 1; k <= top; k++) starts[k] = (starts[k] as number) + (starts[k - 1] as number);
    const out = new Int32Array(slots.length);
    for (const slot of slots) {
      const k = keyOf(slot);
      out[starts[k] as number] = slot;
      starts[k] = (starts[k] as number) + 1;
    }
    return out;
  }

  /** Accepted slots in a timestamp's order (ties by serial in the list's direction), units without a value last. */
  private byTimeOrder(filter: IndexFilter, column: keyof UnitIndex['sorted'], desc: boolean): Int32Array {
    const sorted = this.sorted[column];
    if (filter.bySerial) {
      const slots = this.matching(filter, desc);
      const at = Array.from(slots.keys());
      const sign = desc ? -1 : 1;
      at.sort((a, b) => {
        const [ka, kb] = [sorted.keyOf(slots[a] as number), sorted.keyOf(slots[b] as number)];
        if (ka !== ka || kb !== kb) return ka === ka ? -1 : kb === kb ? 1 : a - b;
        return sign * (ka - kb) || a - b;
      });
      return Int32Array.from(at, (i) => slots[i] as number);
    }
    const out = new Int32Array(this.cells.total(filter));
    let n = 0;
    if (out.length > 0) {
      sorted.walk(desc, (slot) => {
        if (this.accepts(filter, slot)) out[n++] = slot;
        return n < out.length;
      });
    }
    for (const slot of this.matching(filter, desc)) {
      if (n >= out.length) break;
      const value = sorted.keyOf(slot);
      if (value !== value) out[n++] = slot;
    }
    return out.subarray(0, n);
  }

  private page(filter: IndexFilter, sortBy: SchedulerSortField, desc: boolean, page: number): IndexPage {
    switch (sortBy) {
      case 'serialNumber': {
        const skip = (page - 1) * PAGE_SIZE;
        const total = filter.bySerial ? undefined : this.cells.total(filter);
        const walked = this.walk(filter, desc, skip, total);
        return { serials: walked.serials, total: total ?? walked.matched };
      }
      case 'family':
        return this.byGroups(filter, 'family', FAMILY_RANK, desc, page);
      case 'countryCode':
        return this.byGroups(filter, 'country', this.countries.rank(), desc, page);
      case 'softwareVersion':
        return this.byGroups(filter, 'version', this.versions.rank(), desc, page);
      case 'state':
        return this.byGroups(filter, 'state', this.states.rank(), desc, page);
      case 'createdAt':
        return this.byTime(filter, 'createdAt', desc, page);
      case 'updatedAt':
        return this.byTime(filter, 'updatedAt', desc, page);
      case 'lastSeenOnlineAt':
        return this.byTime(filter, 'lastSeenOnlineAt', desc, page);
      case 'stagedAt':
        return this.byTime(filter, 'stagedAt', desc, page);
    }
  }

  private accepts(filter: IndexFilter, slot: number): boolean {
    return (
      ((filter.family[this.family[slot] as number] as number) &
        (filter.country[this.country[slot] as number] as number) &
        (filter.version[this.version[slot] as number] as number) &
        (filter.state[this.state[slot] as number] as number) &
        (filter.head[this.head[slot] as number] as number)) ===
        1 &&
      ((this.flags[slot] as number) & filter.need) === filter.need &&
      ((this.flags[slot] as number) & filter.refuse) === 0
    );
  }

  /**
   * Walks the filter's range in serial order (backwards when `desc`), collecting the accepted units after the
   * first `skip`; stops once the page is full when the total is known, or when every accepted unit was seen.
   */
  private walk(
    filter: IndexFilter,
    desc: boolean,
    skip: number,
    total: number | undefined,
  ): { serials: string[]; matched: number } {
    const serials: string[] = [];
    const stopAt = total === undefined ? Infinity : Math.min(total, skip + PAGE_SIZE);
    let matched = 0;
    this.eachAccepted(filter, desc, (slot) => {
      if (matched >= skip && serials.length < PAGE_SIZE) serials.push(this.serials.get(slot));
      matched += 1;
      return matched < stopAt;
    });
    return { serials, matched };
  }

  /**
   * Visits the slots the filter accepts in serial order (backwards when `desc`) until `visit` answers false,
   * passing over the blocks of the order whose counts say they hold none.
   */
  private eachAccepted(filter: IndexFilter, desc: boolean, visit: (slot: number) => boolean): void {
    const { lo, hi } = filter;
    if (hi <= lo) return;
    const holds = this.blocksStale ? null : this.blocks.probe(filter);
    const size = this.blocks.size;
    let p = desc ? hi - 1 : lo;
    while (desc ? p >= lo : p < hi) {
      const block = this.blocks.blockOf(p);
      // The block's part of [lo, hi), in the walk's direction: positions p to end (excluded).
      const end = desc ? Math.max(lo, block * size) - 1 : Math.min(hi, (block + 1) * size);
      if (holds && !holds(block)) {
        p = end;
        continue;
      }
      for (; p !== end; p += desc ? -1 : 1) {
        const slot = this.order[p] as number;
        if (this.accepts(filter, slot) && !visit(slot)) return;
      }
    }
  }

  /**
   * A page in the order of a column of few values, ties by serial: the counts per value say which groups come
   * before the page; each group the page takes is then walked in serial order with the filter narrowed to it.
   */
  private byGroups(
    filter: IndexFilter,
    column: RankedColumn,
    rank: Int32Array,
    desc: boolean,
    page: number,
  ): IndexPage {
    if (filter.bySerial) {
      const ids = this[column];
      return this.best(filter, (slot) => rank[ids[slot] as number] as number, desc, page, false);
    }
    const skip = (page - 1) * PAGE_SIZE;
    const perId = this.cells.countsBy(filter, column);
    const ids = Array.from(perId.keys()).sort(
      (a, b) => (desc ? -1 : 1) * ((rank[a] as number) - (rank[b] as number)),
    );
    const serials: string[] = [];
    let total = 0;
    for (const id of ids) {
      const n = perId.get(id) as number;
      const from = Math.max(0, skip + serials.length - total);
      if (serials.length < PAGE_SIZE && from < n) {
        const group = filter.narrowed(column, id);
        serials.push(...this.walk(group, desc, from, n).serials.slice(0, PAGE_SIZE - serials.length));
      }
      total += n;
    }
    return { serials, total };
  }

  /**
   * A page in the order of a timestamp, ties by serial, units without one last: its column's tree is walked in
   * the page's direction as far as the page needs, then (for a page past them) the units without a value in
   * serial order. Totals come from the counts; a serial prefix longer than the counts' heads is one short pass.
   */
  private byTime(
    filter: IndexFilter,
    column: keyof UnitIndex['sorted'],
    desc: boolean,
    page: number,
  ): IndexPage {
    const sorted = this.sorted[column];
    if (filter.bySerial) return this.best(filter, sorted.keyOf, desc, page, true);
    const total = this.cells.total(filter);
    const skip = (page - 1) * PAGE_SIZE;
    const stopAt = Math.min(total, skip + PAGE_SIZE);
    const serials: string[] = [];
    let matched = 0;
    const visit = (slot: number): boolean => {
      if (this.accepts(filter, slot)) {
        if (matched >= skip) serials.push(this.serials.get(slot));
        matched += 1;
      }
      return matched < stopAt;
    };
    if (stopAt > 0) sorted.walk(desc, visit);
    const { lo, hi } = filter;
    for (let n = 0; n < hi - lo && matched < stopAt; n++) {
      const slot = this.order[desc ? hi - 1 - n : lo + n] as number;
      const value = sorted.keyOf(slot);
      if (value !== value) visit(slot);
    }
    return { serials, total };
  }

  /**
   * One pass over the filter's range (short: a serial prefix narrowed it), in the page's direction, keeping the
   * best `page * 10` by key; equal keys keep the order they arrive in (serial order in that direction), and with
   * `noneLast` units without a value (NaN) come after the others in both directions. The pass also counts.
   */
  private best(
    filter: IndexFilter,
    key: (slot: number) => number,
    desc: boolean,
    page: number,
    noneLast: boolean,
  ): IndexPage {
    const sign = desc ? -1 : 1;
    const keep = page * PAGE_SIZE;
    const slots = new Int32Array(keep);
    const keys = new Float64Array(keep);
    let kept = 0;
    let total = 0;
    const { lo, hi } = filter;
    for (let n = 0; n < hi - lo; n++) {
      const slot = this.order[desc ? hi - 1 - n : lo + n] as number;
      if (!this.accepts(filter, slot)) continue;
      total += 1;
      const k = key(slot);
      // k beats an entry e when it is strictly before it; NaN (none) never beats, and beats nothing.
      if (kept === keep && !beats(k, keys[kept - 1] as number, sign, noneLast)) continue;
      let at = kept === keep ? kept - 1 : kept;
      while (at > 0 && beats(k, keys[at - 1] as number, sign, noneLast)) {
        slots[at] = slots[at - 1] as number;
        keys[at] = keys[at - 1] as number;
        at -= 1;
      }
      slots[at] = slot;
      keys[at] = k;
      if (kept < keep) kept += 1;
    }
    const serials: string[] = [];
    for (let i = keep - PAGE_SIZE; i < kept; i++) serials.push(this.serials.get(slots[i] as number));
    return { serials, total };
  }

  /**
   * A filter over the serial-order positions whose serial starts with `prefix` (all without one); a prefix of at
   * most HEAD_LENGTH characters is also a filter on the counts' heads, so totals need no walk.
   */
  private filter(
    prefix: string | undefined,
    columns: Pick<IndexFilter, 'family' | 'country' | 'version' | 'state' | 'need'> & { refuse?: number },
  ): IndexFilter {
    const { family, country, version, state, need } = columns;
    const refuse = columns.refuse ?? 0;
    const heads = this.heads.values.length;
    if (!prefix)
      return new IndexFilter(
        family,
        country,
        version,
        state,
        ones(heads),
        need,
        0,
        this.orderLength,
        false,
        refuse,
      );
    const n = this.serials.encode(prefix);
    const [lo, hi] = [this.lowerBound(n), this.lowerBound(n, true)];
    const head =
      prefix.length <= HEAD_LENGTH ? this.heads.matching((h) => h.startsWith(prefix)) : ones(heads);
    return new IndexFilter(
      family,
      country,
      version,
      state,
      head,
      need,
      lo,
      hi,
      prefix.length > HEAD_LENGTH,
      refuse,
    );
  }

  private slotOf(serialNumber: string): number | undefined {
    return this.slots.find(this.serials.encode(serialNumber));
  }

  /**
   * The first serial-order position whose serial is not before the `n` bytes last encoded by the serial store; with
   * `past`, the first whose serial neither is before them nor starts with them (the end of a prefix's range).
   */
  private lowerBound(n: number, past = false): number {
    let lo = 0;
    let hi = this.orderLength;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = this.serials.compareToEncoded(this.order[mid] as number, n, past);
      if (c < 0 || (past && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Moves a slot's unit into (+1) or out of (-1) the count of its cell and of its block of the serial order. */
  private count(slot: number, by: number): void {
    const flags = (this.flags[slot] as number) & (CONNECTED | STAGED);
    this.cells.add(
      this.family[slot] as number,
      this.country[slot] as number,
      this.version[slot] as number,
      this.state[slot] as number,
      this.head[slot] as number,
      flags,
      by,
    );
    if (this.blocksStale) return;
    if (this.ranksStale) this.blocksStale = true;
    else this.countInBlock(slot, this.rank[slot] as number, by);
  }

  private countInBlock(slot: number, position: number, by: number): void {
    const ids = this.blockIds;
    ids[0] = this.family[slot] as number;
    ids[1] = this.country[slot] as number;
    ids[2] = this.version[slot] as number;
    ids[3] = this.state[slot] as number;
    ids[4] = this.head[slot] as number;
    const flags = (this.flags[slot] as number) & (CONNECTED | STAGED);
    if (!this.blocks.add(position, ids, flags, by)) this.blocksStale = true;
  }

  /** The ids of one unit in BLOCK_COLUMNS' order (one array, reused). */
  private readonly blockIds = [0, 0, 0, 0, 0];

  private allocate(serialNumber: string): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.used === this.capacity) this.grow(Math.max(1024, this.capacity * 2));
      slot = this.used;
      this.used += 1;
    }
    this.serials.set(slot, serialNumber);
    this.head[slot] = this.heads.id(serialNumber.slice(0, HEAD_LENGTH));
    // Units arrive in serial order at start: appending keeps that load linear.
    const n = this.serials.encode(serialNumber);
    const after =
      this.orderLength === 0 ||
      this.serials.compareToEncoded(this.order[this.orderLength - 1] as number, n) < 0;
    const at = after ? this.orderLength : this.lowerBound(n);
    this.slots.add(slot);
    this.order.copyWithin(at + 1, at, this.orderLength);
    this.order[at] = slot;
    this.orderLength += 1;
    if (after) this.rank[slot] = at;
    else this.ranksStale = true;
    return slot;
  }

  private grow(capacity: number): void {
    const grown = <T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(
      old: T,
      make: (n: number) => T,
    ): T => {
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
    this.head = grown(this.head, (n) => new Uint16Array(n));
    this.place = grown(this.place, (n) => new Uint32Array(n));
    this.order = grown(this.order, (n) => new Int32Array(n));
    this.rank = grown(this.rank, (n) => new Int32Array(n));
    this.serials.grow(capacity);
    this.capacity = capacity;
  }
}
