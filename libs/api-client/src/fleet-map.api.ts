import { readFleetMap, readFleetMapCsv, type FleetMapQuery } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';

/**
 * The fleet map: its cells at a level (cached by level, drill and filters; FLEET_MAP_CHANGED from the live channel
 * invalidates them all), and its CSV (a mutation: each click downloads anew; it answers an object URL of the file).
 */
export const fleetMapApi = injectAreaEndpoints((call) => ({
  readFleetMap: call.query(readFleetMap, (_result, _error, query) => [
    { type: 'FleetMap', id: 'LIST' },
    { type: 'FleetMap', id: (query as Partial<FleetMapQuery> | undefined)?.level ?? 'country' },
  ]),
  exportFleetMapCsv: call.queryMutation(readFleetMapCsv),
}));

export const { useReadFleetMapQuery, useExportFleetMapCsvMutation } = fleetMapApi;
