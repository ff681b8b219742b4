import type { City, Country, Region } from '@equipment-dashboard/contract';
import { distinctPlaces, type PlaceCount } from '../store/repos/places-repo';
import type { ServiceDeps } from './service-deps';

/*
 * The countries, regions and cities units are in (back-office §3 "Country, region and city records"),
 * for the notification wizard and the message market select. Units do not move, so the index is built
 * by one grouped query and kept until the fleet gains or loses units; a read is then a map lookup.
 */

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const byText = (a: string, b: string) => collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
const fold = (text: string) => text.trim().toLowerCase();

/** The places of the fleet, ready to answer. */
export class PlaceIndex {
  readonly countries: Country[];
  private readonly regions = new Map<string, Region[]>();
  private readonly cities = new Map<string, City[]>();
  /** Country code (upper case) → its regions (folded) → their cities (folded). */
  private readonly byCode = new Map<string, Map<string, Set<string>>>();
  /** Country name (folded) → its code (upper case). */
  private readonly codeByName = new Map<string, string>();
  /** Country code (upper case) → its name. */
  private readonly nameByCode = new Map<string, string>();
  /** Units per country code, and per code and region (folded). */
  private readonly units = new Map<string, number>();

  constructor(places: readonly PlaceCount[]) {
    const countries = new Map<string, Country>();
    const regionSets = new Map<string, Map<string, string>>();
    const citySets = new Map<string, Map<string, string>>();
    for (const place of places) {
      const code = place.countryCode.trim().toUpperCase();
      const name = place.countryName.trim();
      const region = place.region.trim();
      const city = place.city.trim();
      if (!code || !name || place.n <= 0) continue;
      countries.set(`${name}\u0000${code}`, { countryName: name, countryCode: code });
      this.codeByName.set(fold(name), code);
      this.nameByCode.set(code, name);
      this.units.set(code, (this.units.get(code) ?? 0) + place.n);
      if (region) {
        const key = `${code}\u0000${fold(region)}`;
        this.units.set(key, (this.units.get(key) ?? 0) + place.n);
      }
      let regionsOfCode = this.byCode.get(code);
      if (!regionsOfCode) this.byCode.set(code, (regionsOfCode = new Map()));
      if (!region) continue;
      add(regionSets, fold(name), region);
      let citiesOfRegion = regionsOfCode.get(fold(region));
      if (!citiesOfRegion) regionsOfCode.set(fold(region), (citiesOfRegion = new Set()));
      if (!city) continue;
      citiesOfRegion.add(fold(city));
      add(citySets, `${fold(name)}\u0000${fold(region)}`, city);
    }
    this.countries = [...countries.values()].sort(
      (a, b) => byText(a.countryName, b.countryName) || byText(a.countryCode, b.countryCode),
    );
    for (const [key, names] of regionSets)
      this.regions.set(
        key,
        [...names.values()].sort(byText).map((region) => ({ region })),
      );
    for (const [key, names] of citySets)
      this.cities.set(
        key,
        [...names.values()].sort(byText).map((city) => ({ city })),
      );
  }

  /** The regions of a country, by its name (ignoring case); [] for a country without units. */
  regionsOf(countryName: string): Region[] {
    return this.regions.get(fold(countryName)) ?? [];
  }

  /** The cities of a region of a country (names ignoring case); [] when none. */
  citiesOf(countryName: string, region: string): City[] {
    return this.cities.get(`${fold(countryName)}\u0000${fold(region)}`) ?? [];
  }

  /**
   * The code of a country units are in, given its code or its name (both ignoring case, as the regions
   * and cities calls take the name); undefined when it is neither.
   */
  countryCodeOf(codeOrName: string): string | undefined {
    const code = codeOrName.trim().toUpperCase();
    return this.byCode.has(code) ? code : this.codeByName.get(fold(codeOrName));
  }

  /** The name of a country units are in, by its code (ignoring case); undefined when none is. */
  countryNameOf(code: string): string | undefined {
    return this.nameByCode.get(code.trim().toUpperCase());
  }

  /** The units in a country (by code), or in one of its regions (ignoring case): 0 when none. */
  unitsIn(code: string, region?: string | null): number {
    const country = code.trim().toUpperCase();
    return this.units.get(region ? `${country}\u0000${fold(region)}` : country) ?? 0;
  }

  /** True when units are in the country (by code, ignoring case). */
  hasCountry(code: string): boolean {
    return this.byCode.has(code.trim().toUpperCase());
  }

  /** True when units are in the region of the country (by code). */
  hasRegion(code: string, region: string): boolean {
    return this.byCode.get(code.trim().toUpperCase())?.has(fold(region)) ?? false;
  }

  /** True when units are in the city of the region of the country (by code). */
  hasCity(code: string, region: string, city: string): boolean {
    return this.byCode.get(code.trim().toUpperCase())?.get(fold(region))?.has(fold(city)) ?? false;
  }
}

function add(map: Map<string, Map<string, string>>, key: string, value: string): void {
  let names = map.get(key);
  if (!names) map.set(key, (names = new Map()));
  // The first spelling met is kept for display; names that differ only in case are one place.
  if (!names.has(fold(value))) names.set(fold(value), value);
}

interface CachedIndex {
  /** The number of units the last build started from. */
  units: number;
  /** The last index built; served while a newer one builds. */
  current: PlaceIndex | null;
  building: Promise<PlaceIndex> | null;
}

const cache = new WeakMap<object, CachedIndex>();

/**
 * The fleet's place index. It is rebuilt (one grouped query, about 0.3 s at 100,000 units on PGlite)
 * when the number of units changed since the last build: units are added or deleted, never moved.
 * While a rebuild runs, the previous index answers, so a read never waits for it except the very first.
 */
export function placeIndex(deps: Pick<ServiceDeps, 'db' | 'readModels'>): Promise<PlaceIndex> {
  const units = deps.readModels.index.size;
  let entry = cache.get(deps);
  if (!entry) cache.set(deps, (entry = { units: -1, current: null, building: null }));
  if (entry.units !== units && !entry.building) {
    const target = entry;
    target.units = units;
    const building = distinctPlaces(deps.db).then((places) => new PlaceIndex(places));
    target.building = building;
    building.then(
      (index) => {
        target.current = index;
        target.building = null;
      },
      () => {
        // Not kept: the next read tries again.
        target.units = -1;
        target.building = null;
      },
    );
  }
  return entry.current ? Promise.resolve(entry.current) : (entry.building as Promise<PlaceIndex>);
}

/**
 * Forgets the place index built so far: the next read builds it again. Units do not move, but a test may rewrite
 * their places after the index was built.
 */
export function forgetPlaceIndex(deps: object): void {
  cache.delete(deps);
}

/** Back-office §7.4: the countries units are in, by name. */
export async function countries(deps: ServiceDeps): Promise<Country[]> {
  return (await placeIndex(deps)).countries;
}

/** The regions of a country (by name) that units are in, sorted. */
export async function regions(deps: ServiceDeps, countryName: string): Promise<Region[]> {
  return (await placeIndex(deps)).regionsOf(countryName);
}

/** The cities of a country's region that units are in, sorted. */
export async function cities(deps: ServiceDeps, countryName: string, region: string): Promise<City[]> {
  return (await placeIndex(deps)).citiesOf(countryName, region);
}
