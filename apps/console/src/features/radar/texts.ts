/**
 * Texts of My Radar (console-core §2). Quoted spec texts are letter for letter; labels the spec does
 * not spell are ours.
 */
export const RADAR_TEXTS = {
  title: 'My Radar',
  refresh: 'Refresh',
  /** console-core §2, §8. */
  empty: 'NO FAVORITES ON RADAR',
  loadFailed: 'My Radar could not be loaded.',
  retry: 'Retry',
  loading: 'Loading…',
  count: (n: number) => (n === 1 ? '1 unit' : `${n} units`),
  softwareVersion: 'Software Version',
  pendingDownload: 'Pending Download',
  /** console-core §2: "pending software download (or None)". */
  none: 'None',
  connectionCount: 'Connection Count',
  connected: 'Connected',
  yes: 'yes',
  no: 'no',
  port: 'Port',
  address: 'Address',
  currentProcedure: 'Current Procedure',
  /** console-core §2: port, address and current procedure "read disconnected when not connected". */
  disconnected: 'disconnected',
  geolocation: 'Geolocation',
  continent: 'Continent',
  country: 'Country',
  region: 'Region',
  city: 'City',
  timeZone: 'Time Zone',
  offset: 'Offset',
  openDetails: (serial: string) => `Open ${serial}`,
} as const;
