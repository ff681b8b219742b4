/**
 * Example records built from the field lists of console-core §3 and back-office §3, one per entity.
 * The contract's tests parse them; other projects' tests (the client's slice tests) import them as
 * `@equipment-dashboard/contract/testing`. Not exported from the package index: no product code loads them.
 */
import type {
  AiStatistics,
  Aligner,
  Attachment,
  CameraCalibration,
  ChatSession,
  City,
  Comment,
  ConnectionCounters,
  CreateTicketBody,
  Country,
  Fixture,
  ListRow,
  Message,
  Notification,
  Pairing,
  Region,
  SavedView,
  ScheduleByDay,
  ScreenShot,
  ServiceStatus,
  SoftwareManifest,
  SoftwareUpdate,
  SpecManifest,
  SpecUpdate,
  StagedTotals,
  StatusReport,
  Target,
  Ticket,
  TicketHistoryItem,
  TicketStatistics,
  TopAligner,
  UpdateSchedulerDevice,
  UpdateSchedulerStatistics,
  User,
  VersionRecord,
  VersionTotals,
  VoltagesReport,
} from '../index';

export * from './alerts';

const at = '2024-05-14T09:30:00.000Z';
const later = '2024-05-15T10:00:00.000Z';

export const exampleGeolocation = {
  continent_name: 'North America',
  country_name: 'United States',
  region: 'Arkansas',
  city: 'Conway',
  country_code: 'US',
  time_zone: { name: 'America/Chicago', offset: -18000 },
};

export const exampleScreenShot: ScreenShot = {
  id: 'a1b2c3',
  image: '/api/v1/screen_shot/a1b2c3',
  thumbnail: '/api/v1/screen_shot/a1b2c3?thumbnail=true',
  createdAt: at,
};

export const exampleVoltages: VoltagesReport = {
  createdAt: at,
  boards: [
    {
      BoardName: 'Main',
      Parameters: [
        { Name: '5V', Actual: 5.01, Min: 4.75, Max: 5.25 },
        { Name: '12V', Actual: 13.1, Min: 11.4, Max: 12.6 },
      ],
    },
  ],
};

export const exampleStatusReport: StatusReport = { createdAt: at, status: 'USB0: mounted\nUSB1: empty' };

export const exampleAligner: Aligner = {
  serialNumber: 'ABCLK0001',
  family: 'aligner',
  version: { semantic: '5.2.1', meta: 'release' },
  specs: { name: 'NA Specs', month: 4, year: 2024 },
  specsExpiration: { month: 4, year: 2025 },
  systemClass: 'DRAGON',
  boardClass: 'B2',
  logLevel: 'WARN',
  boardFeatures: { numCameras: 2, numAccel: 4, isDDAligner: true },
  connectCount: 17,
  connected: true,
  port: 40022,
  address: '::ffff:10.1.2.3,10.1.2.3',
  currentProcedure: 'Alignment',
  alignmentCount: 1234,
  geolocation: exampleGeolocation,
  lastSeenOnlineAt: '2025-01-01T00:00:00.000Z',
  pendingSoftwareDownload: '5.3.0',
  updateState: {
    state: 'DOWNLOADING',
    softwareUpdateDownload: { version: { semantic: '5.3.0' } },
    downloading: true,
    downloadProgress: {
      software: {
        currentFile: 'app.tar',
        filesTransferred: 2,
        totalFilesToTransfer: 5,
        fileProgress: {
          bytesTransferred: 1048576,
          progress: 40,
          transferRate: 250000,
          estimatedTimeRemaining: 12,
        },
      },
      specs: null,
    },
    installing: false,
    installProgress: null,
  },
  openSupportTickets: 2,
  favorite: true,
  screenShots: [exampleScreenShot],
  voltages: exampleVoltages,
  status: 'ok\nprinter ready',
  createdAt: at,
  updatedAt: later,
};

/** A unit that is off line and too old to report most things. */
export const exampleOldAligner: Aligner = {
  ...exampleAligner,
  serialNumber: 'ABCLK0002',
  version: { semantic: '4.1.0', meta: '' },
  specs: null,
  specsExpiration: null,
  boardFeatures: null,
  connected: false,
  port: null,
  address: null,
  currentProcedure: null,
  pendingSoftwareDownload: '',
  updateState: null,
  favorite: false,
  screenShots: [],
  voltages: null,
  status: null,
};

export const exampleListRow: ListRow = {
  serialNumber: 'ABCLK0001',
  family: 'aligner',
  systemClass: 'DRAGON',
  softwareVersion: '5.2.1 - release',
  createdAt: at,
  updatedAt: later,
  geolocation: exampleGeolocation,
  connected: true,
};

export const exampleComment: Comment = {
  id: 7,
  authorUsername: 'jdoe',
  createdAt: later,
  text: 'Called back.',
};

export const exampleAttachment: Attachment = {
  id: 3,
  fileName: 'screen.png',
  thumbFileName: 'screen.thumb.png',
  description: 'Error dialog',
  authorUsername: 'jdoe',
  createdAt: later,
};

/** The stepper answers and comments of ticket 42, which its ticket-history item carries too. */
const exampleStepperAnswers = {
  techOnSite: true,
  disposition: 'Owned Aligner',
  inService: '3 years',
  description: 'Cameras lose targets',
  circumstance: 'During compensation',
  issueStartedOn: 'last Monday',
  environment: 'Bright shop',
  exhibitingNow: false,
  reproducible: null,
  attemptedResolution: 'Restarted',
  componentsReplaced: '',
  other: '',
  comments: [exampleComment],
} satisfies Partial<Ticket & TicketHistoryItem>;

/** The smallest body that files a ticket: the unit and the issuer (every stepper field defaults). */
export const exampleNewTicketBody = {
  issuerUsername: 'jdoe',
  issuerEmail: 'jdoe@example.com',
  serialNumber: 'ABCLK0001',
  version: '5.2.1',
  connected: true,
  family: 'aligner',
  model: 'Hawk Eye Elite',
} satisfies CreateTicketBody;

export const exampleTicket: Ticket = {
  id: 42,
  serialNumber: 'ABCLK0001',
  status: 'open',
  closed: false,
  escalated: true,
  createdAt: at,
  issuerUsername: 'jdoe',
  issuerEmail: 'jdoe@example.com',
  closedByUsername: null,
  originatorName: 'Sam Shop',
  originatorEmail: 'sam@shop.example',
  connected: true,
  version: '5.2.1',
  specs: 'NA Specs',
  family: 'aligner',
  model: 'Hawk Eye Elite',
  ...exampleStepperAnswers,
  attachments: [exampleAttachment],
};

export const exampleTicketHistoryItem: TicketHistoryItem = {
  id: 42,
  version: '5.2.1',
  specs: 'NA Specs',
  connected: true,
  openedBy: 'jdoe',
  createdAt: at,
  callerName: 'Sam Shop',
  callerEmail: 'sam@shop.example',
  ...exampleStepperAnswers,
};

export const exampleTicketStatistics: TicketStatistics = {
  openTicketCount: 3,
  closedTicketCount: 5,
  totalTickets: 8,
  openTicketsByIssuer: [{ issuerUsername: 'jdoe', total: 3 }],
  ticketsByIssuer: [
    { issuerUsername: 'jdoe', total: 6 },
    { issuerUsername: 'asmith', total: 2 },
  ],
};

export const exampleVersionRecord: VersionRecord = {
  semantic: '5.3.0',
  meta: '',
  path: '/updates/aligner/5.3.0',
};
export const exampleVersionTotals: VersionTotals = [
  { version: '5.2.1', total: 120 },
  { version: '5.3.0', total: 7 },
];
export const exampleStagedTotals: StagedTotals = { total: 9, readyToDownload: 4, versions: { '5.3.0': 9 } };
export const exampleTopAligner: TopAligner = { _id: { serialNumber: 'ABCLK0001' }, count: 1234 };
export const exampleServiceStatus: ServiceStatus = {
  silvio: true,
  charon: true,
  dalton: true,
  aligners: true,
  softwareUpdates: true,
  gtpsSoftwareUpdates: true,
  radar: true,
  cameraCal: false,
  easy: true,
  truPoint: true,
  dashboard: true,
  websockets: true,
  pushNotifications: true,
};
export const exampleConnectionCounters: ConnectionCounters = {
  connectedAligners: 3120,
  totalAligners: 5000,
  connectedUsers: 4,
};

export const exampleSoftwareManifest: SoftwareManifest = {
  version: { semantic: '5.3.0', meta: 'beta', path: '/updates/aligner/5.3.0' },
  prerequisites: { require: '5.0.0' },
  family: 'aligner',
};
export const exampleSoftwareUpdate: SoftwareUpdate = {
  family: 'aligner',
  version: { semantic: '5.3.0', meta: 'beta' },
  path: '/updates/aligner/5.3.0',
  prerequisite: '5.0.0',
  createdAt: at,
};
export const exampleSpecManifest: SpecManifest = {
  version: { name: 'NA Specs', month: 5, year: 2024, semantic: '2024.5.0' },
  prerequisites: { require: '5.0.0', gtpsRequire: '1.3.0', oasisRequire: '' },
};
export const exampleSpecUpdate: SpecUpdate = {
  ...exampleSpecManifest,
  path: '/updates/specs/2024-05',
  active: true,
  targetFamily: 'all',
  filter: ['*'],
  createdAt: at,
  updatedAt: later,
};

export const exampleScheduleByDay: ScheduleByDay = { _id: { year: 2024, month: 5, day: 20 }, count: 12 };
export const exampleUpdateSchedulerDevice: UpdateSchedulerDevice = {
  serialNumber: 'ABCLK0001',
  family: 'aligner',
  geolocation: { country_code: 'US' },
  version: { semantic: '5.2.1', meta: '' },
  lastSeenOnlineAt: later,
  staging: { isStaged: true, autoStaged: true, stagedVersion: { semantic: '5.3.0' }, stagedAt: at },
  connected: true,
  bestGuessAtSoftwareUpdateState: 'READY_TO_DOWNLOAD',
  bestGuessAtSoftwareUpdateVersion: { semantic: '5.3.0', meta: '' },
  createdAt: at,
  updatedAt: later,
};
const series = { '2024-05-14': 10, '2024-05-15': 12 };
export const exampleUpdateSchedulerStatistics: UpdateSchedulerStatistics = {
  autoStaged: 40,
  autoUnstaged: 3,
  autoUnstagedDueToHungCount: 1,
  averageSlotAge: 37.5,
  dailyStatistics: {
    deliveries: series,
    alignersAtCurrentVersion: series,
    autoStaged: series,
    connectedCount: series,
  },
  hourlyStatistics: {
    deliveries: { '2024-05-15T09': 2 },
    alignersAtCurrentVersion: { '2024-05-15T09': 100 },
    autoStaged: { '2024-05-15T09': 3 },
    connectedCount: { '2024-05-15T09': 90 },
    truPointsAtCurrentVersion: { '2024-05-15T09': 20 },
  },
};

export const exampleUser: User = {
  username: 'jdoe',
  email: 'jdoe@example.com',
  role: 'engineer',
  active: true,
};

export const exampleNotification: Notification = {
  id: 5,
  name: 'Spring promo',
  resourcePath: '/ads/spring.png',
  mimeType: 'image/png',
  beginsOn: '2024-05-01T00:00:00.000Z',
  endsOn: '2024-05-31T23:59:59.999Z',
  targetType: 'geographic',
  target: { family: 'aligner', country: 'US', region: null, city: null },
};
export const exampleCountry: Country = { countryName: 'United States', countryCode: 'US' };
export const exampleRegion: Region = { region: 'Arkansas' };
export const exampleCity: City = { city: 'Conway' };

export const exampleMessage: Message = {
  id: 9,
  header: 'New specs available',
  body: 'Download the May specs from the menu.',
  callToAction: 'Open Specs',
  schedule: { startDate: '2024-06-01T00:00:00.000Z', endDate: '2024-06-30T23:59:59.999Z' },
  targets: { market: 'US', softwareVersion: 'all', serialNumbers: ['ABCLK0001'] },
  issuerUsername: 'jdoe',
  issuerEmail: 'jdoe@example.com',
  disposition: 'draft',
};

export const exampleFixture: Fixture = {
  serialNumber: 'EZ000123',
  activationCount: 3,
  subscriptionPackage: 'Limited',
  subscriptionExpires: '12/21/2025',
  createdAt: at,
  updatedAt: later,
};
export const exampleTarget: Target = {
  targetName: 'Front radar',
  targetId: 12,
  packageName: 'Premium + VAG',
  packageIndex: 4,
  createdAt: at,
  updatedAt: later,
};

export const examplePairing: Pairing = {
  id: 'p-1',
  vendor: 'Acme ADAS',
  vendorKey: 'K-77',
  alignmentId: 'AL-1001',
  truPointSerialNumber: 'TPXAB0001',
  createdAt: at,
  updatedAt: later,
  reason: null,
  calibrations: [
    { name: 'Front camera', state: 'done', passed: true, reportMessage: null },
    { name: 'Radar', state: 'failed', passed: false, reportMessage: 'Target not found' },
  ],
};

const matrix = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
];
const board = {
  SerialNumber: 'CB1001',
  RMSEValidAccel: 0.012,
  AccelCal: { Offsets: [0.1, 0.2, 0.3], Gain: [1, 0, 0, 0, 1, 0, 0, 0, 1] },
  RMSEValidCCS_ACS: 0.02,
  CCS_ACSCal: matrix,
  RMSEValidCamCal: 0.15,
  CameraCal: {
    image_rows: 1024,
    image_cols: 1280,
    image_chans: 1,
    pixel_size_um: 4.8,
    cx: 640.2,
    cy: 511.8,
    flen_pixels: 2500.5,
    flen_mm: 12.0,
    IM: matrix,
    dist_coeffs: [-0.1, 0.01, 0, 0, 0.001],
  },
};
export const exampleCameraCalibration: CameraCalibration = {
  id: 'cc-1',
  Operator: 'Line 3',
  Version: '2.1.0',
  Date: at,
  AccelCalTime: at,
  CCS_ACSTime: at,
  camCalTime: later,
  LeftBoards: [board],
  RightBoards: [{ ...board, SerialNumber: 'CB1002' }],
};

export const exampleChatSession: ChatSession = {
  sessionId: 's-1',
  serialNumber: 'ABCLK0001',
  isOpen: false,
  createdAt: at,
  updatedAt: later,
  conversation: [{ query: 'How do I compensate?', response: 'Roll the vehicle back and forth.' }],
};
export const exampleAiStatistics: AiStatistics = {
  sessionCount: 120,
  openSessionCount: 3,
  averageConversationLength: 4.25,
  queueAverage: 0.5,
  inFlightAverage: null,
};

/** An engineer's own saved view of the equipment list: the US units. */
export const exampleSavedView: SavedView = {
  id: 3,
  screen: 'equipment',
  name: 'US aligners',
  owner: 'engineer',
  shared: false,
  query: { filterCountryCode: 'US' },
  createdAt: '2025-01-06T12:00:00.000Z',
};
