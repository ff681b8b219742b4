import { TICKET_FIELD_TEXTS } from '../../shared/tickets/texts';

/**
 * Texts of the equipment screens (console-core §2, §3, §4, §8). Quoted spec texts are letter for
 * letter; where the spec shows none (field labels, confirmations, results), the words are ours.
 */
export const EQUIPMENT_TEXTS = {
  title: 'Equipment',
  total: (count: number) => `${count.toLocaleString('en-US')} units`,
  listFailed: 'The equipment list could not be loaded.',
  retry: 'Retry',
  /** console-core §8: the same words as the top bar's search, for a link to an unknown serial. */
  serialNotFound: (serial: string) => `Serial number ${serial} not found.`,

  // Columns (console-core §2).
  serialNumber: 'Serial Number',
  country: 'Country',
  family: 'Family',
  softwareVersion: 'Software Version',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  actions: 'Actions',
  itemsPerPage: 'Items per page',

  // Filters (console-core §2).
  filters: 'Filters',
  countryCode: 'Country Code',
  clearFilters: 'Clear Filters',
  /** The Connected column (whether the unit reports now). */
  connectedYes: 'Yes',
  connectedNo: 'No',
  /** The unit dialog's line for a disconnected unit (since when it is offline). */
  offlineSince: (since: string) => `Offline since ${since}`,
  offlineSinceUnknown: 'Offline (never seen online)',

  // Row actions (console-core §2).
  viewDetails: 'View Aligner Details',
  createTicket: 'Create Support Ticket',
  viewTicketHistory: 'View Ticket History',
  viewScreenShots: 'View Screen Shots',
  deleteEquipment: 'Delete Equipment',

  // Detail dialog (console-core §2).
  detailTitle: (serial: string) => `Equipment ${serial}`,
  decoded: (model: string, buildDate: string) => `${model}, ${buildDate}`,
  refresh: 'Refresh',
  close: 'Close',
  loading: 'Loading…',
  none: 'NONE',
  yes: 'YES',
  no: 'NO',
  disconnected: 'disconnected',
  softwareReadyToDownload: 'Software Ready To Download',
  specs: 'Specs',
  specsName: (name: string, month: number, year: number) => `${name} (${month}/${year})`,
  specsExpiration: 'Specs Expiration',
  monthYear: (month: number, year: number) => `${month}/${year}`,
  systemClass: 'System Class',
  boardClass: 'Board Class',
  loggingLevel: 'Logging Level',
  cameraCount: 'Camera Count',
  accelerometerCount: 'Accelerometer Count',
  ddEnabled: 'DD Enabled',
  connectionCount: 'Connection Count',
  connected: 'Connected',
  remotePort: 'Remote Port',
  address: 'Address',
  currentProcedure: 'Current Procedure',
  geolocation: 'Geolocation',
  continent: 'Continent',
  region: 'Region',
  city: 'City',
  timeZone: 'Time Zone',
  utcOffset: 'UTC Offset',
  localTime: 'Local Time',
  updateState: 'Update State',
  /** The unit dialog's link to its firing alerts (the count once read). */
  firingAlerts: (count?: number) => (count === undefined ? 'Firing alerts' : `Firing alerts: ${count}`),
  unitGroup: 'Unit',
  connectionGroup: 'Connection',
  commandsGroup: 'Commands',
  reportsGroup: 'Reports',
  softwareGroup: 'Software',
  serviceGroup: 'Service',

  // Action buttons (console-core §2), letter for letter.
  openPort: 'Open Port',
  resetSerial: 'Reset Serial',
  activate: 'Activate',
  usb: 'USB',
  printer: 'Printer',
  voltages: 'Voltages',
  raiseLogLevel: 'RAISE LOG LEVEL',
  lowerLogLevel: 'LOWER LOG LEVEL',
  rcp: 'RCP',
  changeTargets: 'Change Targets',
  stage: (version: string) => `Stage ${version}`,
  unstage: (version: string) => `Unstage ${version}`,
  screenShot: 'Screen Shot',
  openTicket: 'Open Ticket',
  cancel: 'Cancel',

  // Results of commands (ours: the spec shows no response bodies).
  commandFailed: (label: string, reason: string) => `${label} failed: ${reason}`,
  portOpened: (port: number | string, until: string) => `Port ${port} is open until ${until}.`,
  portOpenedNoExpiry: (port: number | string) => `Port ${port} is open.`,
  activated: (serial: string) => `${serial} was activated.`,
  rcpDone: (serial: string) => `RCP ran on ${serial}.`,
  logLevelSet: (level: string) => `Logging level set to ${level}.`,
  staged: (version: string) => `Version ${version} is staged.`,
  unstaged: (version: string) => `Version ${version} is no longer staged.`,
  serialChanged: (serial: string) => `The serial number is now ${serial}.`,
  equipmentDeleted: (serial: string) => `Equipment ${serial} was deleted.`,

  // console-core §8: change target alerts.
  targetChanged: 'Target type changed!',
  targetNotChanged: 'Target type could not be changed!',

  // Reset Serial dialog.
  resetSerialTitle: (serial: string) => `Reset Serial of ${serial}`,
  newSerialNumber: 'New Serial Number',

  // Change Target dialog (console-core §5: AT200, AT700; disabled until chosen).
  changeTargetTitle: (serial: string) => `Change Target of ${serial}`,
  targetType: 'Target Type',
  changeTarget: 'Change Target',

  // Screenshot list.
  screenShotsTitle: (serial: string) => `Screen Shots of ${serial}`,
  noScreenShots: 'NO SCREENSHOTS',
  screenShotAlt: (date: string) => `Screen shot taken ${date}`,
  download: 'Download',
  delete: 'Delete',
  deleteScreenShotConfirm: 'Delete this screen shot?',
  screenShotDeleteFailed: (reason: string) => `The screen shot could not be deleted: ${reason}`,
  screenShotDownloadFailed: (reason: string) => `The screen shot could not be downloaded: ${reason}`,

  // Ticket history.
  ticketHistoryTitle: (serial: string) => `Ticket History of ${serial}`,
  noTickets: 'NO TICKETS',
  ticketHeader: (id: number, date: string, openedBy: string) => `Ticket ${id} · ${date} · ${openedBy}`,
  openedBy: 'Opened By',
  version: 'Version',
  callerName: "Caller's Name",
  callerEmail: "Caller's Email",
  comments: 'Comments',
  noComments: 'No comments',

  // Reports (console-core §3: NO REPORT when null).
  voltagesTitle: (serial: string) => `Voltages of ${serial}`,
  usbTitle: (serial: string) => `USB Status of ${serial}`,
  printerTitle: (serial: string) => `Printer Status of ${serial}`,
  noReport: 'NO REPORT',
  takenAt: (date: string) => `Taken ${date}`,
  name: 'Name',
  actual: 'Actual',
  min: 'Min',
  max: 'Max',
  inRange: 'in range',
  outOfRange: 'out of range',
  reportFailed: 'The report could not be loaded.',

  // Delete confirmation (console-core §2: Yes/No).
  deleteTitle: 'Delete Equipment',
  deleteConfirm: (serial: string) =>
    `Delete equipment ${serial}? Its screenshots, reports and favorites are removed too.`,
  yesButton: 'Yes',
  noButton: 'No',

  // Support ticket stepper (console-core §2, §3).
  ...TICKET_FIELD_TEXTS,
  ticketTitle: (serial: string) => `Support Ticket for ${serial}`,
  equipmentInformation: 'Equipment Information',
  problemDescription: 'Problem Description',
  next: 'Next',
  previous: 'Previous',
  save: 'Save',
  callerContact: "Caller's contact info",
  originatorName: "Caller's Name",
  originatorEmail: "Caller's Email",
  escalated: 'Escalate to engineering (generate emails)',
  yesOption: 'Yes',
  noOption: 'No',
  choose: 'Choose…',
  ticketSaveFailed: (reason: string) => `The ticket could not be saved: ${reason}`,
  /** The ticket's photo: taken with a phone's camera, or chosen from a file. */
  photo: 'Photo',
  photoHint: 'A PNG or JPEG image, attached to the ticket when it is saved.',
  takePhoto: 'Take a photo',
  choosePhoto: 'Choose a photo',
  photoNotAnImage: 'Only a PNG or JPEG image can be attached: this photo will not be.',
  photoDescription: 'Photo taken with the ticket',
  photoFailed: (reason: string) => `The ticket was saved, but its photo could not be attached: ${reason}`,
  unitNotLoaded: 'The unit could not be loaded.',
} as const;
