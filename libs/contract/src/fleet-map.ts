import { z } from 'zod';
import { FAMILIES, MAP_LEVELS, PERMISSIONS, type CsvCellValue } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { binaryResponseSchema } from './endpoint';
import { countSchema } from './primitives';
import { enumFilterQuery, filterQuery, idQuery, optionalFlagQuery } from './query';

// The fleet map (`/Map`): where the units are, as cells of a level (countries, a country's regions, a region's
// cities) with their counts.

/**
 * Query of GET /read/fleet_map/v1: the level (countries unless said), the country and region drilled into, the
 * equipment list's filters with its parameter names, and a saved view of the equipment list (`viewId`: its filters
 * apply, and a filter given beside it wins over the view's).
 */
export const fleetMapQuerySchema = z
  .object({
    level: z
      .union([z.enum(MAP_LEVELS), z.literal('')])
      .optional()
      .transform((value) => (value === undefined || value === '' ? 'country' : value)),
    /** The country drilled into (its ISO code; any case). */
    country: filterQuery.transform((value) => value?.toUpperCase()),
    /** The region drilled into (its name as the cells name it); needs `country`. */
    region: filterQuery,
    filterSerialNumber: filterQuery,
    filterCountryCode: filterQuery,
    filterSoftwareVersion: filterQuery,
    filterFamily: enumFilterQuery(FAMILIES),
    filterConnected: optionalFlagQuery,
    viewId: idQuery.optional(),
  })
  .refine((query) => query.region === undefined || query.country !== undefined, {
    path: ['region'],
    message: 'a region is drilled into within a country: give country too',
    // Checked beside the other problems (a bad level too), so that one answer names every problem.
    when: (payload) => typeof payload.value === 'object' && payload.value !== null,
  });
/** The parsed query of the fleet map. */
export type FleetMapQuery = z.output<typeof fleetMapQuerySchema>;

/**
 * One place of the map. `key` is the country code, then the region and the city at the deeper levels, joined by
 * '/'; `name` is the place's own name. `lat`/`lon` are the place's point (a country's and a region's: the median of
 * their places' coordinates), null for a place the places' data does not know. `offline` is `units - connected`;
 * `updating` counts units between download and install's end; `alertsFiring` the firing alerts of the place's units
 * (of the place's region at city level, see decisions), `alertsByKind` the same by alert kind.
 */
export const fleetMapCellSchema = z.object({
  key: z.string().min(1),
  name: z.string(),
  countryCode: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
  units: countSchema,
  connected: countSchema,
  offline: countSchema,
  updating: countSchema,
  alertsFiring: countSchema,
  alertsByKind: z.record(z.string(), countSchema),
});
/** See {@link fleetMapCellSchema}. */
export type FleetMapCell = z.infer<typeof fleetMapCellSchema>;

/** Answer of GET /read/fleet_map/v1: the level asked and its cells, most units first. */
export const fleetMapSchema = z.object({
  level: z.enum(MAP_LEVELS),
  cells: z.array(fleetMapCellSchema),
});
/** See {@link fleetMapSchema}. */
export type FleetMap = z.infer<typeof fleetMapSchema>;

/** FLEET_MAP_CHANGED: some place's counts moved (at most once a second per process); open maps read theirs again. */
export const fleetMapChangedPayloadSchema = z.object({});
/** See {@link fleetMapChangedPayloadSchema}. */
export type FleetMapChangedPayload = z.infer<typeof fleetMapChangedPayloadSchema>;

/** The columns of the map's CSV and of the table beside the map, titled as the table titles them. */
export const FLEET_MAP_CSV_COLUMNS: readonly {
  header: string;
  cell: (cell: FleetMapCell) => CsvCellValue;
}[] = [
  { header: 'Key', cell: (c) => c.key },
  { header: 'Place', cell: (c) => c.name },
  { header: 'Country', cell: (c) => c.countryCode },
  { header: 'Region', cell: (c) => c.region },
  { header: 'City', cell: (c) => c.city },
  { header: 'Latitude', cell: (c) => c.lat },
  { header: 'Longitude', cell: (c) => c.lon },
  { header: 'Units', cell: (c) => c.units },
  { header: 'Connected', cell: (c) => c.connected },
  { header: 'Offline', cell: (c) => c.offline },
  { header: 'Updating', cell: (c) => c.updating },
  { header: 'Firing Alerts', cell: (c) => c.alertsFiring },
  {
    header: 'Firing Alerts by Kind',
    cell: (c) =>
      Object.entries(c.alertsByKind)
        .map(([kind, n]) => `${kind}: ${n}`)
        .join('; '),
  },
];

/** The file name of the map's CSV made on `day` (`YYYY-MM-DD`): `fleet-map-country-2026-05-01.csv`. */
export function fleetMapCsvFileName(level: string, day: string): string {
  return `fleet-map-${level}-${day}.csv`;
}

const fleetMap = areaEndpoints('fleetMap');

export const readFleetMap = fleetMap.get('readFleetMap', '/read/fleet_map/v1', {
  query: fleetMapQuerySchema,
  response: fleetMapSchema,
  permission: PERMISSIONS.viewFleetMap,
  summary:
    "Counts the fleet's units per place (countries, a country's regions or a region's cities), with the equipment list's filters or a saved view.",
});

export const readFleetMapCsv = fleetMap.get('readFleetMapCsv', '/read/fleet_map/v1/export.csv', {
  query: fleetMapQuerySchema,
  response: binaryResponseSchema,
  binary: true,
  permission: PERMISSIONS.viewFleetMap,
  summary: "Exports the fleet map's cells for the same query, as CSV.",
});

/** The fleet map's calls. */
export const fleetMapEndpoints = { readFleetMap, readFleetMapCsv } as const;
