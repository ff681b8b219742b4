import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { QueryOf, readFleetMap } from '@equipment-dashboard/contract';
import { FAMILIES, MAP_LEVELS, type Family, type MapLevel } from '@equipment-dashboard/domain';

/** What the map shows, all of it in the URL so that a link shows the same map. */
export interface MapParams {
  level: MapLevel;
  /** The country drilled into (its code), at the region and city levels. */
  country: string | undefined;
  /** The region drilled into, at the city level. */
  region: string | undefined;
  filterSerialNumber: string;
  filterCountryCode: string;
  filterSoftwareVersion: string;
  filterFamily: Family | undefined;
  filterConnected: 'true' | 'false' | undefined;
}

const isLevel = (value: string | null): value is MapLevel =>
  value !== null && (MAP_LEVELS as readonly string[]).includes(value);
const isFamily = (value: string | null): value is Family =>
  value !== null && (FAMILIES as readonly string[]).includes(value);

/** Reads the map's state from the query string; anything unreadable is left at its default (the world). */
export function parseMapParams(search: URLSearchParams): MapParams {
  const country = search.get('country')?.trim().toUpperCase() || undefined;
  const asked = search.get('level');
  // No level: the deepest the drill names. A level below the world needs a country.
  let level: MapLevel = isLevel(asked) ? asked : country ? 'region' : 'country';
  if (!country) level = 'country';
  const region = (level === 'city' && search.get('region')?.trim()) || undefined;
  const family = search.get('filterFamily');
  const connected = search.get('filterConnected');
  return {
    level,
    country: level === 'country' ? undefined : country,
    region,
    filterSerialNumber: search.get('filterSerialNumber') ?? '',
    filterCountryCode: search.get('filterCountryCode') ?? '',
    filterSoftwareVersion: search.get('filterSoftwareVersion') ?? '',
    filterFamily: isFamily(family) ? family : undefined,
    filterConnected: connected === 'true' || connected === 'false' ? connected : undefined,
  };
}

/** The filters of the map as the equipment list's call takes them ('' for none). */
export function mapFilters(params: MapParams): {
  filterSerialNumber: string;
  filterCountryCode: string;
  filterSoftwareVersion: string;
  filterFamily: Family | '';
  filterConnected: 'true' | 'false' | '';
} {
  return {
    filterSerialNumber: params.filterSerialNumber.trim(),
    filterCountryCode: params.filterCountryCode.trim(),
    filterSoftwareVersion: params.filterSoftwareVersion.trim(),
    filterFamily: params.filterFamily ?? '',
    filterConnected: params.filterConnected ?? '',
  };
}

/** The map call's query for the screen's state. */
export function mapQuery(params: MapParams): QueryOf<typeof readFleetMap> {
  return {
    level: params.level,
    ...(params.country !== undefined && { country: params.country }),
    ...(params.region !== undefined && { region: params.region }),
    ...mapFilters(params),
  };
}

/** A change of the map's state; undefined and '' leave the URL. */
export type MapParamsPatch = Partial<{ [K in keyof MapParams]: MapParams[K] | undefined }>;

/** The map's state in the URL: level, drill and filters (react-router `useSearchParams`). */
export function useMapParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseMapParams(search), [search]);
  const update = useCallback(
    (patch: MapParamsPatch, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(patch)) {
            if (value === undefined || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          if (next.get('level') === 'country') next.delete('level');
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch],
  );
  return { params, update };
}

/** The equipment list's URL for a place: the map's filters plus the place's country (and offline units only). */
export function unitsHref(params: MapParams, countryCode: string, offlineOnly = false): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(mapFilters(params))) if (value !== '') search.set(key, value);
  search.set('filterCountryCode', countryCode);
  if (offlineOnly) search.set('filterConnected', 'false');
  return `/Aligners?${search.toString()}`;
}

/** The alert center's URL for a place: its country, and its region below the country level. */
export function alertsHref(countryCode: string, region: string | null): string {
  const search = new URLSearchParams({ countryCode });
  if (region !== null) search.set('region', region);
  return `/Alerts?${search.toString()}`;
}
