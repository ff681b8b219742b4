/**
 * The fleet map's counts, kept by the lists' index as units change (read-models/unit-index.ts): the places units are
 * in (country, region, city, interned), and counts of units per combination of place and the equipment list's
 * counted columns (family, version, the serial's first characters), each with how many are connected, updating, and
 * both. A map of any level is then a sum over these cells (a few tens of thousands at 1,000,000 units), never a
 * pass over the units; an unfiltered map sums the places' own totals.
 */

/** The places units are in: each (country code, region, city) once, with a small id. */
export class PlaceTable {
  private readonly ids = new Map<string, number>();
  readonly countryCodes: string[] = [];
  readonly regions: string[] = [];
  readonly cities: string[] = [];

  /** The id of a place, made on first sight. */
  id(countryCode: string, region: string, city: string): number {
    const key = `${countryCode}\u0000${region}\u0000${city}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.countryCodes.length;
      this.countryCodes.push(countryCode);
      this.regions.push(region);
      this.cities.push(city);
      this.ids.set(key, id);
    }
    return id;
  }

  get size(): number {
    return this.countryCodes.length;
  }
}

/** The four counts of a cell or a place. */
export interface MapTally {
  units: number;
  connected: number;
  updating: number;
  /** Updating units that are connected (a map of connected or of offline units only takes its share). */
  updatingConnected: number;
}

const grown = <T extends Int32Array | Uint8Array | Uint16Array>(
  old: T,
  make: (n: number) => T,
  n: number,
): T => {
  if (old.length >= n) return old;
  const next = make(Math.max(n, old.length * 2, 1024));
  next.set(old);
  return next;
};

/**
 * Units per (place, family, version, head), with their connected, updating and connected-and-updating counts, in
 * typed arrays (one slot per combination ever seen: a combination left empty keeps its slot, with zeros).
 */
export class MapCells {
  private readonly slotOf = new Map<number, number>();
  /** Combinations in use. */
  size = 0;
  place = new Int32Array(0);
  family = new Uint8Array(0);
  version = new Uint16Array(0);
  head = new Uint16Array(0);
  units = new Int32Array(0);
  connected = new Int32Array(0);
  updating = new Int32Array(0);
  updatingConnected = new Int32Array(0);
  /** Per place: its totals, whatever the filters (the unfiltered map). */
  placeUnits = new Int32Array(0);
  placeConnected = new Int32Array(0);
  placeUpdating = new Int32Array(0);
  placeUpdatingConnected = new Int32Array(0);
  /** Grows by one each time a count moves: a reader tells whether the map changed since it last looked. */
  revision = 0;

  /** Counts a unit into (+1) or out of (-1) its combination and its place. */
  add(
    place: number,
    family: number,
    version: number,
    head: number,
    connected: boolean,
    updating: boolean,
    by: number,
  ): void {
    // Exact while place * 4 + family < 2^21 (two million places): the rest is below 2^32.
    const key = (place * 4 + family) * 4294967296 + version * 65536 + head;
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.size;
      this.size += 1;
      this.ensure(slot + 1);
      this.place[slot] = place;
      this.family[slot] = family;
      this.version[slot] = version;
      this.head[slot] = head;
      this.slotOf.set(key, slot);
    }
    this.units[slot] = (this.units[slot] as number) + by;
    if (connected) this.connected[slot] = (this.connected[slot] as number) + by;
    if (updating) this.updating[slot] = (this.updating[slot] as number) + by;
    if (connected && updating) this.updatingConnected[slot] = (this.updatingConnected[slot] as number) + by;
    this.ensurePlaces(place + 1);
    this.placeUnits[place] = (this.placeUnits[place] as number) + by;
    if (connected) this.placeConnected[place] = (this.placeConnected[place] as number) + by;
    if (updating) this.placeUpdating[place] = (this.placeUpdating[place] as number) + by;
    if (connected && updating)
      this.placeUpdatingConnected[place] = (this.placeUpdatingConnected[place] as number) + by;
    this.revision += 1;
  }

  private ensure(n: number): void {
    this.place = grown(this.place, (k) => new Int32Array(k), n);
    this.family = grown(this.family, (k) => new Uint8Array(k), n);
    this.version = grown(this.version, (k) => new Uint16Array(k), n);
    this.head = grown(this.head, (k) => new Uint16Array(k), n);
    this.units = grown(this.units, (k) => new Int32Array(k), n);
    this.connected = grown(this.connected, (k) => new Int32Array(k), n);
    this.updating = grown(this.updating, (k) => new Int32Array(k), n);
    this.updatingConnected = grown(this.updatingConnected, (k) => new Int32Array(k), n);
  }

  private ensurePlaces(n: number): void {
    this.placeUnits = grown(this.placeUnits, (k) => new Int32Array(k), n);
    this.placeConnected = grown(this.placeConnected, (k) => new Int32Array(k), n);
    this.placeUpdating = grown(this.placeUpdating, (k) => new Int32Array(k), n);
    this.placeUpdatingConnected = grown(this.placeUpdatingConnected, (k) => new Int32Array(k), n);
  }
}
