/**
 * Where the units are: a pool of real places per country of the plan (country-plans.ts), read from places-data.json, which
 * `tools/scripts/make-places.mjs` derived once from GeoNames (CC BY 4.0) with each place's coordinates and time zone.
 * Nothing is read from a package at run time.
 */
import type { UnitGeolocation } from '../store/schema';
import { WeightedTable, type Rng, type Weighted } from '../core/random';
import { COUNTRY_PLANS, type CountryPlan, type SpecMarket } from './country-plans';
import placesData from './places-data.json';

export type { SpecMarket } from './country-plans';

/** One place of the data file. */
export interface PlaceRecord {
  region: string;
  city: string;
  /** IANA time zone name. */
  zone: string;
  /** Standard offset from UTC, in seconds. */
  offset: number;
  lat: number;
  lon: number;
}

/** One country of the data file and its places. */
export interface CountryRecord {
  code: string;
  name: string;
  continent: string;
  /** ISO 3166-1 numeric code. */
  numeric?: string;
  places: readonly PlaceRecord[];
}

/** The countries of the data file, by code. */
export const PLACE_COUNTRIES: ReadonlyMap<string, CountryRecord> = new Map(
  (placesData.countries as readonly CountryRecord[]).map((country) => [country.code, country]),
);

/** Where the places' data comes from, as its licence asks it be said. */
export const PLACES_ATTRIBUTION: string = placesData.attribution;

/** One place units can be in, with a relative weight (some towns have many shops). */
interface Place {
  geolocation: UnitGeolocation;
  weight: number;
}

/** The places of the world, by country. */
export interface PlaceBook {
  /** Country codes in use, most units first. */
  readonly countryCodes: readonly string[];
  /** A place for a new unit, by country weight then place weight. */
  pick(rng: Rng): UnitGeolocation;
  /** The places of one country (for notification targets). */
  placesOf(countryCode: string): readonly UnitGeolocation[];
  /** The spec market of a country. */
  marketOf(countryCode: string): SpecMarket;
}

/** A place of the data file as a unit's geolocation. */
export function geolocationOf(country: CountryRecord, place: PlaceRecord): UnitGeolocation {
  return {
    continent_name: country.continent,
    country_name: country.name,
    region: place.region,
    city: place.city,
    country_code: country.code,
    time_zone: { name: place.zone, offset: place.offset },
  };
}

/**
 * Builds the place book: for each country of the plan, its pool of places from the data file, each given a weight
 * drawn from the seed's stream (so the same seed gives the same world).
 */
export function buildPlaceBook(rng: Rng): Promise<PlaceBook> {
  // The book depends only on the stream's seed: built once per process and seed.
  let book = books.get(rng.name);
  if (book === undefined) {
    book = makePlaceBook(rng);
    books.set(rng.name, book);
  }
  return Promise.resolve(book);
}

const books = new Map<string, PlaceBook>();

function makePlaceBook(rng: Rng): PlaceBook {
  const byCountry = new Map<string, Place[]>();
  const markets = new Map<string, SpecMarket>();
  const plans: CountryPlan[] = [];
  for (const plan of COUNTRY_PLANS) {
    const country = PLACE_COUNTRIES.get(plan.code);
    if (!country || country.places.length === 0) continue;
    byCountry.set(
      plan.code,
      country.places.map((place) => ({
        geolocation: geolocationOf(country, place),
        // A few towns with many shops, many with a few.
        weight: 1 / rng.float(0.08, 1),
      })),
    );
    markets.set(plan.code, plan.market);
    plans.push(plan);
  }
  if (plans.length === 0) throw new Error('No places in places-data.json.');

  const countryTable = new WeightedTable<string>(plans.map((p): Weighted<string> => [p.code, p.weight]));
  const placeTables = new Map<string, WeightedTable<UnitGeolocation>>(
    [...byCountry].map(([code, places]) => [
      code,
      new WeightedTable(places.map((p): Weighted<UnitGeolocation> => [p.geolocation, p.weight])),
    ]),
  );
  return {
    countryCodes: [...plans].sort((a, b) => b.weight - a.weight).map((p) => p.code),
    pick(r) {
      const table = placeTables.get(countryTable.pick(r));
      if (!table) throw new Error('place book out of step with its countries');
      return table.pick(r);
    },
    placesOf(code) {
      return (byCountry.get(code) ?? []).map((p) => p.geolocation);
    },
    marketOf(code) {
      return markets.get(code) ?? 'US';
    },
  };
}
