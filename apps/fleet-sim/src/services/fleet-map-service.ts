import {
  type FleetMap,
  type FleetMapCell,
  type FleetMapQuery,
  FLEET_MAP_CSV_COLUMNS,
  readAlignersQuerySchema,
} from '@equipment-dashboard/contract';
import { mapCellKey, type MapLevel } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ValidationError } from '../core/errors';
import type { ListFilters, MapGroupCount } from '../read-models/unit-index';
import { PLACE_COUNTRIES } from '../seed/places';
import { firingAlertsByPlace, firingAlertUnitsOf } from '../store/repos/fleet-map-repo';
import { csvChunks } from './csv-export-service';
import { resolveSavedView } from './saved-views-service';
import type { ServiceDeps } from './service-deps';

/*
 * The fleet map (`GET /read/fleet_map/v1`): the lists' index sums its counts per place (never a pass over the units),
 * the places' points come from the seed's places data (derived once, see tools/scripts/make-places.mjs), and the
 * firing alerts per place are one grouped read of the open alerts, kept a second.
 */

/** How long a read of the firing alerts per place serves (the issue: "cached a second, not a query per call"). */
const ALERTS_FRESH_MS = 1_000;

const FILTER_KEYS = [
  'filterSerialNumber',
  'filterCountryCode',
  'filterSoftwareVersion',
  'filterFamily',
  'filterConnected',
] as const;

type Point = { lat: number; lon: number };

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const pointOf = (points: Point[]): Point => ({
  lat: Math.round(median(points.map((p) => p.lat)) * 1e4) / 1e4,
  lon: Math.round(median(points.map((p) => p.lon)) * 1e4) / 1e4,
});

/**
 * The points of the places data: a city's own coordinates; a region's and a country's, the median latitude and
 * longitude of their places (a fixed point, which stays inside most shapes and does not move with the fleet).
 */
const POINTS: ReadonlyMap<string, Point> = (() => {
  const out = new Map<string, Point>();
  for (const country of PLACE_COUNTRIES.values()) {
    const byRegion = new Map<string, Point[]>();
    for (const place of country.places) {
      const point = { lat: place.lat, lon: place.lon };
      out.set(mapCellKey(country.code, place.region, place.city), point);
      byRegion.set(place.region, [...(byRegion.get(place.region) ?? []), point]);
    }
    for (const [region, points] of byRegion) out.set(mapCellKey(country.code, region), pointOf(points));
    if (country.places.length > 0)
      out.set(country.code, pointOf(country.places.map((p) => ({ lat: p.lat, lon: p.lon }))));
  }
  return out;
})();

const displayNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** A country's name: the places data's, or the ISO name for a country it does not hold. */
function countryName(code: string): string {
  const known = PLACE_COUNTRIES.get(code)?.name;
  if (known) return known;
  try {
    return displayNames.of(code) ?? code;
  } catch {
    // Not a code Intl knows (a test's 'XX'): the code says it.
    return code;
  }
}

/**
 * The equipment list's filters of a map query: a saved view's (of the equipment list; 404 for one unknown or not
 * the caller's to apply, 400 for a view of another list), then the filters given beside it, which win.
 */
async function filtersOf(deps: ServiceDeps, user: AuthUser, query: FleetMapQuery): Promise<ListFilters> {
  let filters: Record<string, unknown> = {};
  if (query.viewId !== undefined) {
    const view = await resolveSavedView(deps, user, query.viewId);
    if (view.screen !== 'equipment')
      throw new ValidationError(
        `Saved view ${view.name} is a view of another list; the map takes a view of the equipment list.`,
        [{ path: 'viewId', message: 'Not an equipment list view.' }],
      );
    // A view's values are as the URL held them: the list's own schema reads them (the view was checked when saved).
    const parsed = readAlignersQuerySchema.safeParse(view.query);
    if (parsed.success) filters = { ...parsed.data };
  }
  for (const key of FILTER_KEYS) if (query[key] !== undefined) filters[key] = query[key];
  const out: Record<string, unknown> = {};
  for (const key of FILTER_KEYS) if (filters[key] !== undefined) out[key] = filters[key];
  return out as ListFilters;
}

interface AlertTally {
  total: number;
  byKind: Record<string, number>;
}

interface CachedAlerts {
  at: number;
  read: Promise<Map<string, AlertTally>>;
}

const alertCaches = new WeakMap<object, Map<string, CachedAlerts>>();

/** A read of the store, shared by every call of the next second (a failed read is not kept). */
function cached(
  deps: ServiceDeps,
  key: string,
  read: () => Promise<Map<string, AlertTally>>,
): Promise<Map<string, AlertTally>> {
  let byKey = alertCaches.get(deps);
  if (!byKey) alertCaches.set(deps, (byKey = new Map()));
  const hit = byKey.get(key);
  const now = Date.now();
  if (hit && now - hit.at < ALERTS_FRESH_MS) return hit.read;
  const entry: CachedAlerts = { at: now, read: read() };
  byKey.set(key, entry);
  entry.read.catch(() => byKey.delete(key));
  return entry.read;
}

function tallyInto(out: Map<string, AlertTally>, key: string, kind: string, n: number): void {
  let tally = out.get(key);
  if (!tally) out.set(key, (tally = { total: 0, byKind: {} }));
  tally.total += n;
  tally.byKind[kind] = (tally.byKind[kind] ?? 0) + n;
}

/**
 * The firing alerts per map key of a level. Countries and regions: the alerts' own place (their unit's country and
 * region when they opened). Cities: the drilled country's (or region's) firing alerts of units, each counted in the
 * city the lists' index holds its unit in.
 */
async function firingAlerts(
  deps: ServiceDeps,
  level: MapLevel,
  country: string | undefined,
  region: string | undefined,
): Promise<Map<string, AlertTally>> {
  if (level !== 'city' || country === undefined) {
    const byRegion = await cached(deps, 'places', async () => {
      const out = new Map<string, AlertTally>();
      for (const row of await firingAlertsByPlace(deps.db)) {
        tallyInto(out, mapCellKey(row.countryCode, row.region), row.kind, row.n);
        tallyInto(out, row.countryCode, row.kind, row.n);
      }
      return out;
    });
    if (level !== 'city') return byRegion;
  }
  if (country === undefined) return new Map();
  return cached(deps, mapCellKey(country, region ?? null), async () => {
    const out = new Map<string, AlertTally>();
    for (const row of await firingAlertUnitsOf(deps.db, country, region)) {
      const place = deps.readModels.index.placeOf(row.serialNumber);
      if (place) tallyInto(out, mapCellKey(place.countryCode, place.region, place.city), row.kind, 1);
    }
    return out;
  });
}

function cellOf(level: MapLevel, group: MapGroupCount, alerts: Map<string, AlertTally>): FleetMapCell {
  const key = mapCellKey(group.countryCode, group.region, group.city);
  const point = POINTS.get(key);
  const tally = alerts.get(key);
  const name =
    level === 'country'
      ? countryName(group.countryCode)
      : level === 'region'
        ? group.region || 'Unknown region'
        : group.city || 'Unknown city';
  return {
    key,
    name,
    countryCode: group.countryCode,
    region: group.region,
    city: group.city,
    lat: point?.lat ?? null,
    lon: point?.lon ?? null,
    units: group.units,
    connected: group.connected,
    offline: group.units - group.connected,
    updating: group.updating,
    alertsFiring: tally?.total ?? 0,
    alertsByKind: tally?.byKind ?? {},
  };
}

/** The fleet map at the query's level: one cell per place with units, most units first (then by name). */
export async function readFleetMap(
  deps: ServiceDeps,
  user: AuthUser,
  query: FleetMapQuery,
): Promise<FleetMap> {
  const filters = await filtersOf(deps, user, query);
  const groups = deps.readModels.index.fleetMap(filters, query.level, {
    country: query.country,
    region: query.region,
  });
  const alerts = await firingAlerts(deps, query.level, query.country, query.region);
  const cells = groups
    .map((group) => cellOf(query.level, group, alerts))
    .sort((a, b) => b.units - a.units || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { level: query.level, cells };
}

/** The map's cells for the same query, as CSV text chunks (the columns of the table beside the map). */
export async function fleetMapCsv(
  deps: ServiceDeps,
  user: AuthUser,
  query: FleetMapQuery,
): Promise<AsyncIterable<string>> {
  const map = await readFleetMap(deps, user, query);
  async function* batches() {
    yield map.cells;
  }
  return csvChunks(FLEET_MAP_CSV_COLUMNS, batches());
}
