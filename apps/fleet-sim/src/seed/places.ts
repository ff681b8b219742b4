/**
 * Where the units are: a pool of real places per country, drawn from country-state-city (countries,
 * states as regions, cities, time zones) and countries-list (continent names).
 */
import type { UnitGeolocation } from '../store/schema';
import { WeightedTable, type Rng, type Weighted } from '../core/random';

/** Market of a country's spec data sets (the prefix of a spec name, e.g. 'US-2025-03'). */
export type SpecMarket = 'US' | 'EU' | 'AP' | 'LA';

interface CountryPlan {
  code: string;
  /** Relative share of the fleet. */
  weight: number;
  market: SpecMarket;
}

/** Where a maker of US-designed shop equipment sells: mostly North America and Europe. */
const COUNTRY_PLANS: readonly CountryPlan[] = [
  { code: 'US', weight: 38, market: 'US' },
  { code: 'CA', weight: 6, market: 'US' },
  { code: 'MX', weight: 3.5, market: 'LA' },
  { code: 'GB', weight: 5, market: 'EU' },
  { code: 'DE', weight: 6, market: 'EU' },
  { code: 'FR', weight: 4, market: 'EU' },
  { code: 'IT', weight: 3.5, market: 'EU' },
  { code: 'ES', weight: 2.5, market: 'EU' },
  { code: 'NL', weight: 1.5, market: 'EU' },
  { code: 'BE', weight: 1, market: 'EU' },
  { code: 'CH', weight: 1, market: 'EU' },
  { code: 'AT', weight: 0.8, market: 'EU' },
  { code: 'SE', weight: 1, market: 'EU' },
  { code: 'PL', weight: 1, market: 'EU' },
  { code: 'IE', weight: 0.5, market: 'EU' },
  { code: 'PT', weight: 0.5, market: 'EU' },
  { code: 'AU', weight: 3.5, market: 'AP' },
  { code: 'NZ', weight: 0.7, market: 'AP' },
  { code: 'JP', weight: 2.5, market: 'AP' },
  { code: 'KR', weight: 1, market: 'AP' },
  { code: 'CN', weight: 4, market: 'AP' },
  { code: 'IN', weight: 2.5, market: 'AP' },
  { code: 'TH', weight: 0.5, market: 'AP' },
  { code: 'BR', weight: 3, market: 'LA' },
  { code: 'AR', weight: 0.8, market: 'LA' },
  { code: 'CL', weight: 0.6, market: 'LA' },
  { code: 'ZA', weight: 1.5, market: 'EU' },
  { code: 'AE', weight: 0.5, market: 'EU' },
];

/**
 * When a country has several zones at the nearest offset (America/New_York and America/Detroit are
 * both UTC-5), the zone people know wins; then the shorter name, then the alphabet.
 */
const PRINCIPAL_ZONES = new Set([
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
  'America/Toronto',
  'America/Winnipeg',
  'America/Edmonton',
  'America/Vancouver',
  'America/Halifax',
  'America/St_Johns',
  'America/Mexico_City',
  'America/Cancun',
  'America/Hermosillo',
  'America/Tijuana',
  'America/Sao_Paulo',
  'America/Manaus',
  'America/Rio_Branco',
  'America/Argentina/Buenos_Aires',
  'Europe/Berlin',
  'Asia/Shanghai',
]);

/**
 * Zones of island groups and special cases: never chosen by longitude (the Canary Islands' zone
 * would otherwise win all of western Spain), only through {@link STATE_ZONES}.
 */
const MINOR_ZONES = new Set([
  'Atlantic/Canary',
  'Atlantic/Azores',
  'Atlantic/Madeira',
  'Africa/Ceuta',
  'Pacific/Easter',
  'Pacific/Chatham',
  'America/Noronha',
  'America/Adak',
  'Australia/Eucla',
  'Australia/Lord_Howe',
  'Australia/Broken_Hill',
  'Australia/Lindeman',
  'Australia/Currie',
  'Antarctica/Macquarie',
]);

/** Regions whose zone longitude does not tell: the state decides (country/state code). */
const STATE_ZONES: Readonly<Record<string, string>> = {
  'ES/CN': 'Atlantic/Canary',
  'PT/20': 'Atlantic/Azores',
  'PT/30': 'Atlantic/Madeira',
  'AU/NSW': 'Australia/Sydney',
  'AU/ACT': 'Australia/Sydney',
  'AU/VIC': 'Australia/Melbourne',
  'AU/QLD': 'Australia/Brisbane',
  'AU/SA': 'Australia/Adelaide',
  'AU/WA': 'Australia/Perth',
  'AU/TAS': 'Australia/Hobart',
  'AU/NT': 'Australia/Darwin',
};

/** Countries with one mainland zone beside minor ones: the mainland zone unless the state says otherwise. */
const COUNTRY_ZONES: Readonly<Record<string, string>> = {
  ES: 'Europe/Madrid',
  PT: 'Europe/Lisbon',
  CL: 'America/Santiago',
  NZ: 'Pacific/Auckland',
};

/**
 * Political zones run ahead of solar time (evenings stay light): longitude/15 h is shifted a quarter
 * of an hour east before the nearest zone is taken.
 */
const SOLAR_BIAS_S = 900;

/** A state more than this far (in hours of longitude) from every zone of its country is overseas: skipped. */
const MAX_ZONE_DISTANCE_S = 2.5 * 3600;

interface Zone {
  zoneName: string;
  gmtOffset: number;
}

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

interface CityRecord {
  name: string;
  stateCode: string;
  longitude?: string | null;
}

/** The packages, loaded on first use: country-state-city parses its 8 MB city list when required. */
async function loadPackages() {
  const [csc, countriesList] = await Promise.all([import('country-state-city'), import('countries-list')]);
  return { Country: csc.Country, State: csc.State, City: csc.City, countriesList };
}

function zoneOffsetDistance(zone: Zone, offsetSeconds: number): number {
  return Math.abs(zone.gmtOffset - offsetSeconds);
}

/** The zone whose offset is nearest to solar time at `longitude` (longitude/15 hours). */
export function nearestZone(zones: readonly Zone[], longitude: number): Zone | undefined {
  const solar = longitude * 240 + SOLAR_BIAS_S;
  let best: Zone | undefined;
  for (const zone of zones) {
    if (best === undefined) {
      best = zone;
      continue;
    }
    const d = zoneOffsetDistance(zone, solar) - zoneOffsetDistance(best, solar);
    if (d < 0 || (d === 0 && preferZone(zone, best))) best = zone;
  }
  return best;
}

/**
 * The zone of a place: the state's or the country's fixed zone where one is set, otherwise the
 * country's (non-minor) zone nearest to the place's solar time.
 */
export function zoneOf(
  countryCode: string,
  stateCode: string,
  zones: readonly Zone[],
  longitude: number,
): Zone | undefined {
  const fixed = STATE_ZONES[`${countryCode}/${stateCode}`] ?? COUNTRY_ZONES[countryCode];
  const fixedZone = fixed === undefined ? undefined : zones.find((z) => z.zoneName === fixed);
  if (fixedZone) return fixedZone;
  const major = zones.filter((z) => !MINOR_ZONES.has(z.zoneName));
  return nearestZone(major.length > 0 ? major : zones, longitude);
}

function preferZone(a: Zone, b: Zone): boolean {
  const pa = PRINCIPAL_ZONES.has(a.zoneName);
  const pb = PRINCIPAL_ZONES.has(b.zoneName);
  if (pa !== pb) return pa;
  if (a.zoneName.length !== b.zoneName.length) return a.zoneName.length < b.zoneName.length;
  return a.zoneName < b.zoneName;
}

/** Places per country: enough for realistic spread, few enough to keep seeding fast. */
function poolSize(weight: number): number {
  return Math.max(8, Math.min(150, Math.round(weight * 5)));
}

/**
 * Builds the place book: for each country of the plan, a pool of places (state, city, time zone).
 * Only the planned countries are read; a country's cities are grouped by state the first time one
 * of its states is drawn (one pass over the city list per country, instead of one per state).
 */
export function buildPlaceBook(rng: Rng): Promise<PlaceBook> {
  // The book depends only on the stream's seed: built once per process and seed.
  let book = books.get(rng.name);
  if (book === undefined) {
    book = makePlaceBook(rng);
    books.set(rng.name, book);
    book.catch(() => books.delete(rng.name));
  }
  return book;
}

const books = new Map<string, Promise<PlaceBook>>();

async function makePlaceBook(rng: Rng): Promise<PlaceBook> {
  const { Country, State, City, countriesList } = await loadPackages();
  const continents: Record<string, string> = countriesList.continents;
  const countryInfo: Record<string, { continent: string } | undefined> = countriesList.countries;
  const byCountry = new Map<string, Place[]>();
  const markets = new Map<string, SpecMarket>();
  const plans: CountryPlan[] = [];

  for (const plan of COUNTRY_PLANS) {
    const country = Country.getCountryByCode(plan.code);
    const zones = country?.timezones ?? [];
    if (!country || zones.length === 0) continue;
    const continentCode = countryInfo[plan.code]?.continent;
    const continentName = (continentCode && continents[continentCode]) || 'unknown';
    const states = State.getStatesOfCountry(plan.code).filter((state) => {
      const lon = Number(state.longitude);
      if (!state.longitude || Number.isNaN(lon)) return true;
      const zone = nearestZone(zones, lon);
      return zone !== undefined && zoneOffsetDistance(zone, lon * 240) <= MAX_ZONE_DISTANCE_S;
    });
    if (states.length === 0) continue;
    let citiesByState: Map<string, CityRecord[]> | undefined;
    const citiesOf = (stateCode: string): CityRecord[] => {
      if (citiesByState === undefined) {
        citiesByState = new Map();
        for (const city of City.getCitiesOfCountry(plan.code) ?? []) {
          const list = citiesByState.get(city.stateCode);
          if (list) list.push(city);
          else citiesByState.set(city.stateCode, [city]);
        }
      }
      return citiesByState.get(stateCode) ?? [];
    };

    const places: Place[] = [];
    const seen = new Set<string>();
    const wanted = poolSize(plan.weight);
    for (let attempt = 0; attempt < wanted * 3 && places.length < wanted; attempt++) {
      const state = rng.pick(states);
      const cities = citiesOf(state.isoCode);
      if (cities.length === 0) continue;
      const city = rng.pick(cities);
      // The city list has US counties too; a shop's address names a town.
      if (/ County$/.test(city.name)) continue;
      const key = `${state.isoCode}/${city.name}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const lon = Number(city.longitude ?? state.longitude ?? country.longitude);
      const zone = zoneOf(plan.code, state.isoCode, zones, Number.isNaN(lon) ? 0 : lon) ?? zones[0];
      if (!zone) continue;
      places.push({
        geolocation: {
          continent_name: continentName,
          country_name: country.name,
          region: state.name,
          city: city.name,
          country_code: plan.code,
          time_zone: { name: zone.zoneName, offset: zone.gmtOffset },
        },
        // A few towns with many shops, many with a few.
        weight: 1 / rng.float(0.08, 1),
      });
    }
    if (places.length === 0) continue;
    byCountry.set(plan.code, places);
    markets.set(plan.code, plan.market);
    plans.push(plan);
  }
  if (plans.length === 0) throw new Error('No places could be built from country-state-city.');

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
