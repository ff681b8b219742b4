import { formatCount } from './format';

/** Texts of the Fleet Map screen, in one place. */
export const MAP_TEXTS = {
  title: 'Fleet Map',
  world: 'World',
  mapLabel: 'Map of the fleet',
  tableLabel: 'Places',
  loading: 'Loading the map…',
  failed: 'The fleet map could not be loaded.',
  retry: 'Retry',
  noUnits: 'No unit matches these filters.',

  // Filters (the equipment list's, with its parameter names).
  filters: 'Map filters',
  softwareVersion: 'Software Version',
  clearFilters: 'Clear Filters',

  // The table's columns.
  place: 'Place',
  units: 'Units',
  connectedShare: 'Connected',
  offline: 'Offline',
  updating: 'Updating',
  alertsFiring: 'Firing Alerts',
  actions: 'Actions',

  // A place's actions.
  viewUnits: (n: number) => `View ${formatCount(n)} units`,
  viewOffline: (n: number) => `${formatCount(n)} offline`,
  alerts: 'Alerts',
  alertsOf: (name: string) => `Alerts of ${name}`,
  drillInto: (name: string) => `${name}: show its places`,
  countryUnits: (n: number, country: string) => `View ${formatCount(n)} units in ${country}`,

  // Tooltip and legend.
  tooltip: {
    units: 'Units',
    connected: 'Connected',
    offline: 'Offline',
    updating: 'Updating',
    alerts: 'Firing alerts',
    none: 'none',
  },
  placeSummary: (name: string, units: number, connected: number, offline: number, alerts: number) =>
    `${name}: ${formatCount(units)} units, ${formatCount(connected)} connected, ${formatCount(offline)} offline, ${formatCount(alerts)} firing alerts`,
  legendTitle: 'Connected share',
  noData: 'no units',
  offlineRing: 'Red ring: offline units',
  alertRing: 'Dashed ring: firing alerts',
  exportCsv: 'Export CSV',
  exportDone: (fileName: string) => `${fileName} was downloaded.`,
  exportFailed: (why: string) => `The CSV could not be downloaded: ${why}`,
  attribution:
    'Country shapes: Natural Earth (public domain). Places: GeoNames (geonames.org), CC BY 4.0. Drawn in the browser: no map server.',
  unknownRegion: 'Unknown region',
} as const;
