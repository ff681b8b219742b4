/**
 * Texts of the equipment pieces that the equipment screens and My Radar share (console-core §2, §8).
 * Quoted spec texts are letter for letter; the others are ours and say so.
 */
export const UNIT_TEXTS = {
  /** console-core §5, §8: any failure to add a favourite. */
  favoriteLimitExceeded: 'Favorite limit exceeded.',
  /** Ours: the favourite toggle's accessible name (its pressed state says whether it is on). */
  favorite: 'Favorite',
  addFavorite: 'Add to My Radar',
  removeFavorite: 'Remove from My Radar',
  favoriteRemoveFailed: (reason: string) => `Could not remove the favorite: ${reason}`,
  /** Ours: the bug badge's accessible name. */
  openTickets: (count: number) => `Open tickets: ${count}`,
  countryFlag: (code: string) => `Flag of ${code}`,
  noCountry: 'no country',

  // System Update Status (console-core §2, My Radar and the detail dialog).
  systemUpdateStatus: 'System Update Status',
  updaterState: 'Updater State',
  updateVersion: 'Update Version',
  softwareDownload: 'Software download',
  specsDownload: 'Specs download',
  currentFile: 'Current file',
  files: 'Files',
  filesOf: (done: number, total: number) => `${done} of ${total}`,
  bytes: 'Bytes',
  percent: 'Percent',
  rate: 'Rate',
  timeRemaining: 'Time remaining',
  installProgress: 'Install progress',
  nothingInProgress: 'No download or install in progress',
  checkCloud: 'Check Cloud',
  downloadUpdates: 'Download Updates',
  installUpdates: 'Install Updates',
  notConnected: 'The unit is not connected.',
  /** Ours: what a command that the server answered with an error says, before the server's reason. */
  commandFailed: (label: string, reason: string) => `${label} failed: ${reason}`,
  /**
   * Ours: a command answered 202 `queued` (the unit is offline; commands are jobs in a durable queue).
   * `until` is the command's expiry in the viewer's local time.
   */
  commandQueued: (label: string, serial: string, until: string) =>
    `${label} is queued: ${serial} is offline and gets it when it reconnects (until ${until}).`,
  commandQueuedNoExpiry: (label: string, serial: string) =>
    `${label} is queued: ${serial} is offline and gets it when it reconnects.`,
  /** Ours: a command answered `accepted` (the unit took it but had not answered after 10 s). */
  commandAccepted: (label: string, serial: string) =>
    `${label} was taken by ${serial}, which has not answered yet. The outcome shows on the Audits screen when it comes.`,
  unknownFailure: 'The server could not be reached.',
  dismiss: 'Dismiss',
  checkCloudDone: 'The updater is checking the cloud.',
  downloadDone: 'The updater is downloading the updates.',
  installDone: 'The updater is installing the updates.',

  // The Family and Connected filters of the equipment list and the fleet map (console-core §2 and the fleet map).
  family: 'Family',
  allFamilies: 'All families',
  connected: 'Connected',
  connectedAny: 'Connected or not',
  connectedYes: 'Yes',
  connectedNo: 'No',
} as const;
