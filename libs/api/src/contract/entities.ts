import { z } from 'zod';
import {
  FAMILIES,
  LOG_LEVELS,
  MESSAGE_DISPOSITIONS,
  MESSAGE_SOFTWARE_VERSION,
  NOTIFICATION_MIME_TYPES,
  NOTIFICATION_TARGET_FAMILIES,
  NOTIFICATION_TARGET_TYPE,
  ROLES,
  SERVICE_NAMES,
  SPEC_TARGET_FAMILIES,
  SUBSCRIPTION_PACKAGES,
  TICKET_DISPOSITIONS,
  type ServiceName,
} from '@equipment-dashboard/domain';
import { safeText, TEXT_MAX } from './text';

/*
 * The entities of console-core §3 and back-office §3, shared by the calls and the live events.
 * Field names are the spec's, letter for letter. Where the spec lists a field but not its type, the
 * choice is written next to it.
 */

// ---------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------

/** A point in time, ISO 8601 with offset (what `Date#toISOString()` writes). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD` (schedule dates). */
export const calendarDaySchema = z.iso.date();

/** A count: an integer of 0 or more. */
export const countSchema = z.int().min(0);

/**
 * The largest whole number a stored integer column holds (PostgreSQL `integer`, what `serial` ids
 * are): a request number above it would make the database refuse the query, so the contract does.
 */
export const STORED_INT_MAX = 2_147_483_647;

/** A positive integer id of a stored record (tickets, comments, attachments, messages, notifications). */
export const recordIdSchema = z.int().min(1).max(STORED_INT_MAX, `id must be at most ${STORED_INT_MAX}`);

/** An equipment family (console-core §1). */
export const familySchema = z.enum(FAMILIES);

/** A role (console-core §6, back-office §6). */
export const roleSchema = z.enum(ROLES);

/**
 * A software version as units and updates carry it: `semantic` (e.g. '5.2.1', possibly with a
 * suffix after '_' or ' ') and `meta`, a free text that is '' when the version has none
 * (console-core §3: "semantic plus ' - meta' when meta exists").
 */
export const versionSchema = z.object({
  semantic: z.string().min(1),
  meta: z.string(),
});
/** See {@link versionSchema}. */
export type Version = z.infer<typeof versionSchema>;

/** A paged list of console-core §3 / back-office §3: `{ docs, totalDocs }`; `totalDocs` counts all pages. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    totalDocs: countSchema,
  });
}
/** The parsed shape of a {@link paged} list. */
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
}

// ---------------------------------------------------------------------------------------------------
// Users and identity
// ---------------------------------------------------------------------------------------------------

/** The signed-in user as the token holds it and the live channel announces it (console-core §3). */
export const identitySchema = z.object({
  username: z.string().min(1),
  email: z.string(),
  role: roleSchema,
});
/** See {@link identitySchema}. */
export type Identity = z.infer<typeof identitySchema>;

/**
 * A console user (back-office §3). The stored record also has `password`; it is never part of any
 * answer, so it is not a field of this schema.
 */
export const userSchema = z.object({
  username: z.string().min(1),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
});
/** See {@link userSchema}. */
export type User = z.infer<typeof userSchema>;

// ---------------------------------------------------------------------------------------------------
// Aligner (console-core §3)
// ---------------------------------------------------------------------------------------------------

/**
 * Where a unit is. `time_zone.offset` is the offset from UTC in seconds (ipstack's `gmt_offset`
 * convention, e.g. -18000 for UTC-5): the console computes the unit's local time from it.
 */
export const geolocationSchema = z.object({
  continent_name: z.string(),
  country_name: z.string(),
  region: z.string(),
  city: z.string(),
  country_code: z.string(),
  time_zone: z.object({
    name: z.string(),
    offset: z
      .int()
      .min(-14 * 3600)
      .max(14 * 3600),
  }),
});
/** See {@link geolocationSchema}. */
export type Geolocation = z.infer<typeof geolocationSchema>;

/** A unit's installed specification data set: name with month and year (month 1-12). */
export const specsSchema = z.object({
  name: z.string(),
  month: z.int().min(1).max(12),
  year: z.int(),
});

/** When a unit's specs expire (month 1-12). */
export const specsExpirationSchema = z.object({
  month: z.int().min(1).max(12),
  year: z.int(),
});

/** Hardware features a unit reports (software 5.0.0 or newer; console-core §5). */
export const boardFeaturesSchema = z.object({
  numCameras: countSchema,
  numAccel: countSchema,
  isDDAligner: z.boolean(),
});

/** Progress of one download (software or specs) of console-core §3. */
export const downloadProgressItemSchema = z.object({
  currentFile: z.string(),
  filesTransferred: countSchema,
  totalFilesToTransfer: countSchema,
  fileProgress: z.object({
    bytesTransferred: countSchema,
    /** Percent, 0 to 100. */
    progress: z.number().min(0).max(100),
    /** Bytes per second. */
    transferRate: z.number().min(0),
    /** Seconds. */
    estimatedTimeRemaining: z.number().min(0),
  }),
});

/**
 * Install progress. Its fields are not shown in the spec: we chose a percent and the step the
 * updater is on.
 */
export const installProgressSchema = z.object({
  /** Percent, 0 to 100. */
  progress: z.number().min(0).max(100),
  currentStep: z.string(),
});

/**
 * The unit's updater state (console-core §3, §4). `state` stays a string: the console shows unknown
 * values raw (see UPDATE_STATES of libs/domain for the known ones). `softwareUpdateDownload`,
 * each download progress and `installProgress` are null when there is nothing of the kind.
 */
export const updateStateSchema = z.object({
  state: z.string(),
  softwareUpdateDownload: z.object({ version: z.object({ semantic: z.string().min(1) }) }).nullable(),
  downloading: z.boolean(),
  downloadProgress: z.object({
    software: downloadProgressItemSchema.nullable(),
    specs: downloadProgressItemSchema.nullable(),
  }),
  installing: z.boolean(),
  installProgress: installProgressSchema.nullable(),
});
/** See {@link updateStateSchema}. */
export type UpdateState = z.infer<typeof updateStateSchema>;

/**
 * A screenshot taken by a unit. `image` and `thumbnail` are the paths the console loads them from
 * (`/api/v1/screen_shot/{id}` and the same with `?thumbnail=true`, see `equipment.screenShotImage`).
 */
export const screenShotSchema = z.object({
  id: z.string().min(1),
  image: z.string().min(1),
  thumbnail: z.string().min(1),
  createdAt: timestampSchema,
});
/** See {@link screenShotSchema}. */
export type ScreenShot = z.infer<typeof screenShotSchema>;

/** One measured value of a voltages report; Actual within [Min, Max] is shown green. */
export const voltageParameterSchema = z.object({
  Name: z.string(),
  Actual: z.number(),
  Min: z.number(),
  Max: z.number(),
});

/** The voltages report of console-core §3. */
export const voltagesReportSchema = z.object({
  createdAt: timestampSchema,
  boards: z.array(
    z.object({
      BoardName: z.string(),
      Parameters: z.array(voltageParameterSchema),
    }),
  ),
});
/** See {@link voltagesReportSchema}. */
export type VoltagesReport = z.infer<typeof voltagesReportSchema>;

/**
 * A USB or printer status report: newline-separated text (console-core §3 `status`). The spec shows
 * no wrapper; we add when it was taken, like the voltages report.
 */
export const statusReportSchema = z.object({
  createdAt: timestampSchema,
  status: z.string(),
});
/** See {@link statusReportSchema}. */
export type StatusReport = z.infer<typeof statusReportSchema>;

/**
 * A unit with every field of console-core §3. Fields a unit may not report are nullable: specs and
 * specsExpiration (older software), boardFeatures (below 5.0.0), updateState (below 4.3.0 / gtps
 * 1.0.0), voltages and status (no report yet: the console shows NO REPORT), and port, address and
 * currentProcedure (null while not connected; the console shows "disconnected").
 */
export const alignerSchema = z.object({
  serialNumber: z.string().min(1),
  family: familySchema,
  version: versionSchema,
  specs: specsSchema.nullable(),
  specsExpiration: specsExpirationSchema.nullable(),
  /** DRAGON, DRAGON_HEADLESS or another class name. */
  systemClass: z.string(),
  boardClass: z.string(),
  logLevel: z.enum(LOG_LEVELS),
  boardFeatures: boardFeaturesSchema.nullable(),
  connectCount: countSchema,
  connected: z.boolean(),
  port: z.int().min(0).max(65535).nullable(),
  /** Comma-separated; the console drops the first 7 characters of the first part when showing it. */
  address: z.string().nullable(),
  currentProcedure: z.string().nullable(),
  alignmentCount: countSchema,
  geolocation: geolocationSchema,
  /** The staged version's semantic string, or '' when nothing is staged. */
  pendingSoftwareDownload: z.string(),
  updateState: updateStateSchema.nullable(),
  /** Number of open support tickets. */
  openSupportTickets: countSchema,
  /** True when the unit is on the requesting user's radar. */
  favorite: z.boolean(),
  screenShots: z.array(screenShotSchema),
  voltages: voltagesReportSchema.nullable(),
  /** Newline-separated status text, or null when no report exists. */
  status: z.string().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link alignerSchema}. */
export type Aligner = z.infer<typeof alignerSchema>;

/** A row of the equipment list (console-core §3). */
export const listRowSchema = z.object({
  serialNumber: z.string().min(1),
  family: familySchema,
  /**
   * Not in the spec's list row: the list's screenshot action needs it ("aligner 4.3.0+ non-headless",
   * console-core §5).
   */
  systemClass: z.string(),
  /** `semantic`, plus ' - meta' when the version has a meta text. */
  softwareVersion: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  geolocation: geolocationSchema,
});
/** See {@link listRowSchema}. */
export type ListRow = z.infer<typeof listRowSchema>;

// ---------------------------------------------------------------------------------------------------
// Tickets (console-core §3, back-office §3)
// ---------------------------------------------------------------------------------------------------

/** A ticket disposition (console-core §9). */
export const ticketDispositionSchema = z.enum(TICKET_DISPOSITIONS);

/** A comment on a ticket (back-office §3). */
export const commentSchema = z.object({
  id: recordIdSchema,
  authorUsername: z.string().min(1),
  createdAt: timestampSchema,
  text: z.string().min(1),
});
/** See {@link commentSchema}. */
export type Comment = z.infer<typeof commentSchema>;

/**
 * A ticket attachment (back-office §3). The file itself is served by `tickets.attachmentFile`;
 * `thumbFileName` names its thumbnail (`?thumbnail=true`).
 */
export const attachmentSchema = z.object({
  id: recordIdSchema,
  fileName: z.string().min(1),
  thumbFileName: z.string().min(1),
  /** Never empty on upload; the console shows 'no description' for old records without one. */
  description: z.string(),
  authorUsername: z.string().min(1),
  createdAt: timestampSchema,
});
/** See {@link attachmentSchema}. */
export type Attachment = z.infer<typeof attachmentSchema>;

/**
 * The Yes/No questions of the ticket stepper. The spec has no required fields (console-core §5), so
 * an unanswered question is `null`, not `false`.
 */
const yesNo = z.boolean().nullable();

/**
 * A support ticket with every field of back-office §3. `issuerEmail`, `family` and `model` are
 * stored from the creation payload (console-core §3) and answered too. `closedByUsername` is null
 * while the ticket is open; `closed` is always `status === 'closed'`.
 */
export const ticketSchema = z.object({
  id: recordIdSchema,
  serialNumber: z.string().min(1),
  status: z.enum(['open', 'closed']),
  closed: z.boolean(),
  escalated: z.boolean(),
  createdAt: timestampSchema,
  issuerUsername: z.string().min(1),
  issuerEmail: z.string(),
  closedByUsername: z.string().nullable(),
  /** The caller's contact info. */
  originatorName: z.string(),
  originatorEmail: z.string(),
  connected: z.boolean(),
  /** The unit's semantic version when the ticket was opened. */
  version: z.string(),
  /** The unit's specs name, or 'unknown'. */
  specs: z.string(),
  family: familySchema,
  /** The marketing name decoded from the serial number. */
  model: z.string(),
  techOnSite: yesNo,
  disposition: ticketDispositionSchema.nullable(),
  inService: z.string(),
  description: z.string(),
  circumstance: z.string(),
  issueStartedOn: z.string(),
  environment: z.string(),
  exhibitingNow: yesNo,
  reproducible: yesNo,
  attemptedResolution: z.string(),
  componentsReplaced: z.string(),
  other: z.string(),
  comments: z.array(commentSchema),
  attachments: z.array(attachmentSchema),
});
/** See {@link ticketSchema}. */
export type Ticket = z.infer<typeof ticketSchema>;

/**
 * A row of the tickets table: the ticket without its comments and attachments (the detail dialog
 * loads those with `tickets.readTicket`).
 */
export const ticketSummarySchema = ticketSchema.omit({ comments: true, attachments: true });
/** See {@link ticketSummarySchema}. */
export type TicketSummary = z.infer<typeof ticketSummarySchema>;

/** An item of a unit's ticket history, with the names of console-core §3. */
export const ticketHistoryItemSchema = z.object({
  id: recordIdSchema,
  version: z.string(),
  specs: z.string(),
  connected: z.boolean(),
  openedBy: z.string().min(1),
  createdAt: timestampSchema,
  callerName: z.string(),
  callerEmail: z.string(),
  techOnSite: yesNo,
  disposition: ticketDispositionSchema.nullable(),
  inService: z.string(),
  description: z.string(),
  circumstance: z.string(),
  issueStartedOn: z.string(),
  environment: z.string(),
  exhibitingNow: yesNo,
  reproducible: yesNo,
  attemptedResolution: z.string(),
  componentsReplaced: z.string(),
  other: z.string(),
  comments: z.array(commentSchema),
});
/** See {@link ticketHistoryItemSchema}. */
export type TicketHistoryItem = z.infer<typeof ticketHistoryItemSchema>;

/** Tickets per issuer, one bar of the home dashboard chart. */
export const issuerTotalSchema = z.object({
  issuerUsername: z.string().min(1),
  total: countSchema,
});

/**
 * Ticket statistics (console-core §3). The spec says "per-issuer lists of issuerUsername and total"
 * without names: `openTicketsByIssuer` feeds the open-tickets-per-issuer chart, `ticketsByIssuer`
 * counts every ticket.
 */
export const ticketStatisticsSchema = z.object({
  openTicketCount: countSchema,
  closedTicketCount: countSchema,
  totalTickets: countSchema,
  openTicketsByIssuer: z.array(issuerTotalSchema),
  ticketsByIssuer: z.array(issuerTotalSchema),
});
/** See {@link ticketStatisticsSchema}. */
export type TicketStatistics = z.infer<typeof ticketStatisticsSchema>;

// ---------------------------------------------------------------------------------------------------
// Dashboard data (console-core §3)
// ---------------------------------------------------------------------------------------------------

/** The latest published software version of a family: semantic, meta, path. */
export const versionRecordSchema = z.object({
  semantic: z.string().min(1),
  meta: z.string(),
  path: z.string().min(1),
});
/** See {@link versionRecordSchema}. */
export type VersionRecord = z.infer<typeof versionRecordSchema>;

/** Installed versions: a list of version and total (software or spec versions). */
export const versionTotalsSchema = z.array(
  z.object({
    version: z.string(),
    total: countSchema,
  }),
);
/** See {@link versionTotalsSchema}. */
export type VersionTotals = z.infer<typeof versionTotalsSchema>;

/**
 * Staged update totals of a family: `total` staged units and a `versions` map from semantic version
 * to count. The Software Versions card also shows "the number ready to download", which the spec's
 * entity does not name: `readyToDownload` counts staged units whose updater is READY_TO_DOWNLOAD.
 */
export const stagedTotalsSchema = z.object({
  total: countSchema,
  readyToDownload: countSchema,
  versions: z.record(z.string(), countSchema),
});
/** See {@link stagedTotalsSchema}. */
export type StagedTotals = z.infer<typeof stagedTotalsSchema>;

/** A top-10 entry of the alignment-count ranking, in the aggregate's own `_id` form. */
export const topAlignerSchema = z.object({
  _id: z.object({ serialNumber: z.string().min(1) }),
  count: countSchema,
});
/** See {@link topAlignerSchema}. */
export type TopAligner = z.infer<typeof topAlignerSchema>;

/** Up (true) or down (false) per back-end service (console-core §3), keyed by SERVICE_NAMES. */
export const serviceStatusSchema = z.object(
  Object.fromEntries(SERVICE_NAMES.map((name) => [name, z.boolean()])) as Record<ServiceName, z.ZodBoolean>,
);
/** See {@link serviceStatusSchema}. */
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

/** The live connection counters (console-core §3). */
export const connectionCountersSchema = z.object({
  connectedAligners: countSchema,
  totalAligners: countSchema,
  connectedUsers: countSchema,
});
/** See {@link connectionCountersSchema}. */
export type ConnectionCounters = z.infer<typeof connectionCountersSchema>;

// ---------------------------------------------------------------------------------------------------
// Software and spec updates (back-office §3)
// ---------------------------------------------------------------------------------------------------

/** The manifest.json of a software update, as validated at a path (back-office §3). */
export const softwareManifestSchema = z.object({
  version: versionRecordSchema,
  prerequisites: z.object({
    /** Minimum installed version the update needs ('' for none). */
    require: z.string(),
  }),
  family: familySchema.default('aligner'),
});
/** See {@link softwareManifestSchema}. */
export type SoftwareManifest = z.infer<typeof softwareManifestSchema>;

/**
 * A published software update. The spec does not show the answer of the create calls; the stored
 * record is: the family, the version, its path, the prerequisite and when it was published.
 */
export const softwareUpdateSchema = z.object({
  family: familySchema,
  version: versionSchema,
  path: z.string().min(1),
  prerequisite: z.string(),
  createdAt: timestampSchema,
});
/** See {@link softwareUpdateSchema}. */
export type SoftwareUpdate = z.infer<typeof softwareUpdateSchema>;

/**
 * The version of a spec update: name, month, year and a semantic-style version string (the spec
 * says "semantic-style fields"; one `semantic` string keeps it comparable with libs/domain's semver
 * helpers, like software versions).
 */
export const specVersionSchema = z.object({
  name: safeText(TEXT_MAX.name).min(1),
  month: z.int().min(1).max(12),
  year: z.int().min(0).max(9999),
  semantic: safeText(TEXT_MAX.name).min(1),
});
/** See {@link specVersionSchema}. */
export type SpecVersion = z.infer<typeof specVersionSchema>;

/** Required versions per family; '' means none (shown as N/A). */
export const specPrerequisitesSchema = z.object({
  require: safeText(TEXT_MAX.name),
  gtpsRequire: safeText(TEXT_MAX.name),
  oasisRequire: safeText(TEXT_MAX.name),
});

/** The manifest of a spec update, as validated at a path: version and prerequisites. */
export const specManifestSchema = z.object({
  version: specVersionSchema,
  prerequisites: specPrerequisitesSchema,
});
/** See {@link specManifestSchema}. */
export type SpecManifest = z.infer<typeof specManifestSchema>;

/** A spec filter: a list of serial patterns, '*' for all (back-office §5). */
export const specFilterSchema = z.array(safeText(TEXT_MAX.name).trim().min(1)).min(1);

/** A spec update (back-office §3). It is identified by its `path`. */
export const specUpdateSchema = z.object({
  version: specVersionSchema,
  path: z.string().min(1),
  prerequisites: specPrerequisitesSchema,
  active: z.boolean(),
  targetFamily: z.enum(SPEC_TARGET_FAMILIES),
  filter: specFilterSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link specUpdateSchema}. */
export type SpecUpdate = z.infer<typeof specUpdateSchema>;

// ---------------------------------------------------------------------------------------------------
// Scheduling (back-office §3)
// ---------------------------------------------------------------------------------------------------

/** Updates scheduled on one day (month 1-12). */
export const scheduleByDaySchema = z.object({
  _id: z.object({
    year: z.int(),
    month: z.int().min(1).max(12),
    day: z.int().min(1).max(31),
  }),
  count: countSchema,
});
/** See {@link scheduleByDaySchema}. */
export type ScheduleByDay = z.infer<typeof scheduleByDaySchema>;

/** A row of the update scheduler table (back-office §3). Nulls mean "never" or "none". */
export const updateSchedulerDeviceSchema = z.object({
  serialNumber: z.string().min(1),
  family: familySchema,
  geolocation: z.object({ country_code: z.string() }),
  version: versionSchema,
  lastSeenOnlineAt: timestampSchema.nullable(),
  staging: z.object({
    isStaged: z.boolean(),
    autoStaged: z.boolean(),
    stagedVersion: z.object({ semantic: z.string().min(1) }).nullable(),
    stagedAt: timestampSchema.nullable(),
  }),
  connected: z.boolean(),
  bestGuessAtSoftwareUpdateState: z.string().nullable(),
  bestGuessAtSoftwareUpdateVersion: versionSchema.nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link updateSchedulerDeviceSchema}. */
export type UpdateSchedulerDevice = z.infer<typeof updateSchedulerDeviceSchema>;

/**
 * A keyed series: point key to value. Daily keys are days (`YYYY-MM-DD`), hourly keys are hours
 * (`YYYY-MM-DDTHH`), so that sorting the keys sorts the points in time.
 */
export const keyedSeriesSchema = z.record(z.string(), z.number());

/** Daily or hourly statistics; Tru-Point hourly statistics also carry truPointsAtCurrentVersion. */
export const schedulerSeriesSchema = z.object({
  deliveries: keyedSeriesSchema,
  alignersAtCurrentVersion: keyedSeriesSchema,
  autoStaged: keyedSeriesSchema,
  connectedCount: keyedSeriesSchema,
  truPointsAtCurrentVersion: keyedSeriesSchema.optional(),
});

/** Update-scheduler statistics (back-office §3). `averageSlotAge` is in minutes. */
export const updateSchedulerStatisticsSchema = z.object({
  autoStaged: countSchema,
  autoUnstaged: countSchema,
  autoUnstagedDueToHungCount: countSchema,
  averageSlotAge: z.number().min(0),
  dailyStatistics: schedulerSeriesSchema,
  hourlyStatistics: schedulerSeriesSchema,
});
/** See {@link updateSchedulerStatisticsSchema}. */
export type UpdateSchedulerStatistics = z.infer<typeof updateSchedulerStatisticsSchema>;

// ---------------------------------------------------------------------------------------------------
// Notifications and messages (back-office §3)
// ---------------------------------------------------------------------------------------------------

/**
 * Whom a notification targets. `country` is the country code of the aligner countries list (the
 * same code units report in geolocation.country_code); region and city are null when blank.
 */
export const notificationTargetSchema = z.object({
  family: z.enum(NOTIFICATION_TARGET_FAMILIES),
  country: z.string().min(1),
  region: z.string().min(1).nullable(),
  city: z.string().min(1).nullable(),
});

/**
 * A notification (ad) of back-office §3. The spec lists no key; the stored record has a numeric
 * `id` so that tables and caches can tell two notifications of the same name apart.
 */
export const notificationSchema = z.object({
  id: recordIdSchema,
  name: z.string().min(1),
  resourcePath: z.string().min(1),
  mimeType: z.enum(NOTIFICATION_MIME_TYPES),
  beginsOn: timestampSchema,
  endsOn: timestampSchema,
  targetType: z.literal(NOTIFICATION_TARGET_TYPE),
  target: notificationTargetSchema,
});
/** See {@link notificationSchema}. */
export type Notification = z.infer<typeof notificationSchema>;

/** A country units are in: name and code (back-office §3). */
export const countrySchema = z.object({ countryName: z.string().min(1), countryCode: z.string().min(1) });
/** See {@link countrySchema}. */
export type Country = z.infer<typeof countrySchema>;
/** A region of a country. */
export const regionSchema = z.object({ region: z.string().min(1) });
/** See {@link regionSchema}. */
export type Region = z.infer<typeof regionSchema>;
/** A city of a region. */
export const citySchema = z.object({ city: z.string().min(1) });
/** See {@link citySchema}. */
export type City = z.infer<typeof citySchema>;

/** A message disposition, in flow order (back-office §4). */
export const messageDispositionSchema = z.enum(MESSAGE_DISPOSITIONS);

/** Message schedule: start and end, ISO timestamps in UTC. */
export const messageScheduleSchema = z.object({
  startDate: timestampSchema,
  endDate: timestampSchema,
});

/** Message targets: the market (a country code), softwareVersion always 'all', and serial numbers. */
export const messageTargetsSchema = z.object({
  market: z.string().min(1),
  softwareVersion: z.literal(MESSAGE_SOFTWARE_VERSION),
  serialNumbers: z.array(z.string().min(1)),
});

/** An in-app message (back-office §3). */
export const messageSchema = z.object({
  id: recordIdSchema,
  header: z.string(),
  body: z.string(),
  callToAction: z.string(),
  schedule: messageScheduleSchema,
  targets: messageTargetsSchema,
  issuerUsername: z.string().min(1),
  issuerEmail: z.string(),
  disposition: messageDispositionSchema,
});
/** See {@link messageSchema}. */
export type Message = z.infer<typeof messageSchema>;

// ---------------------------------------------------------------------------------------------------
// EZ ADAS (back-office §3)
// ---------------------------------------------------------------------------------------------------

const packageNames = SUBSCRIPTION_PACKAGES.map((p) => p.name) as [
  (typeof SUBSCRIPTION_PACKAGES)[number]['name'],
  ...(typeof SUBSCRIPTION_PACKAGES)[number]['name'][],
];
const packageCodes = SUBSCRIPTION_PACKAGES.map((p) => z.literal(p.code)) as unknown as [
  z.ZodLiteral<(typeof SUBSCRIPTION_PACKAGES)[number]['code']>,
  ...z.ZodLiteral<(typeof SUBSCRIPTION_PACKAGES)[number]['code']>[],
];

/** A subscription package name: Included, Limited, Premium + VAG. */
export const subscriptionPackageNameSchema = z.enum(packageNames);
/** A subscription package code: 0, 1 or 4. */
export const subscriptionPackageCodeSchema = z.union(packageCodes);

/** An EZ ADAS fixture (back-office §3). `subscriptionExpires` is M/D/YYYY or 'N/A'. */
export const fixtureSchema = z.object({
  serialNumber: z.string().min(1),
  activationCount: countSchema,
  subscriptionPackage: subscriptionPackageNameSchema,
  subscriptionExpires: z.union([z.string().regex(/^\d{1,2}\/\d{1,2}\/\d{4}$/), z.literal('N/A')]),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link fixtureSchema}. */
export type Fixture = z.infer<typeof fixtureSchema>;

/** An EZ ADAS target (back-office §3). It is identified by its `targetName`. */
export const targetSchema = z.object({
  targetName: z.string().min(1),
  targetId: countSchema,
  packageName: subscriptionPackageNameSchema,
  packageIndex: subscriptionPackageCodeSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
/** See {@link targetSchema}. */
export type Target = z.infer<typeof targetSchema>;

// ---------------------------------------------------------------------------------------------------
// Pairings, camera calibrations, AI (back-office §3)
// ---------------------------------------------------------------------------------------------------

/** One calibration of a pairing; `reportMessage` is null when there is none (shown as 'None'). */
export const pairingCalibrationSchema = z.object({
  name: z.string(),
  state: z.string(),
  passed: z.boolean(),
  reportMessage: z.string().nullable(),
});

/**
 * A vendor pairing with a Tru-Point unit (back-office §3). The spec lists no key; the stored record
 * has a string `id`. `reason` is set on aborted pairings only, null otherwise.
 */
export const pairingSchema = z.object({
  id: z.string().min(1),
  vendor: z.string(),
  vendorKey: z.string(),
  alignmentId: z.string(),
  truPointSerialNumber: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  reason: z.string().nullable(),
  calibrations: z.array(pairingCalibrationSchema),
});
/** See {@link pairingSchema}. */
export type Pairing = z.infer<typeof pairingSchema>;

const vector = (length: number) => z.array(z.number()).length(length);
const matrix3x3 = z.array(vector(3)).length(3);

/** The camera calibration block of one board (back-office §3). */
export const cameraCalSchema = z.object({
  image_rows: countSchema,
  image_cols: countSchema,
  image_chans: countSchema,
  pixel_size_um: z.number(),
  cx: z.number(),
  cy: z.number(),
  flen_pixels: z.number(),
  flen_mm: z.number(),
  /** 3x3 intrinsic matrix, row by row. */
  IM: matrix3x3,
  /** 5 distortion coefficients. */
  dist_coeffs: vector(5),
});

/** One left or right camera board; its index is its position in the list. */
export const cameraBoardSchema = z.object({
  SerialNumber: z.string(),
  RMSEValidAccel: z.number(),
  /** 3 offsets and 9 gains. */
  AccelCal: z.object({ Offsets: vector(3), Gain: vector(9) }),
  RMSEValidCCS_ACS: z.number(),
  /** 3x3 transformation, row by row. */
  CCS_ACSCal: matrix3x3,
  RMSEValidCamCal: z.number(),
  CameraCal: cameraCalSchema,
});

/**
 * A camera calibration record (back-office §3). Times are ISO timestamps. The spec lists no key;
 * the stored record has a string `id`.
 */
export const cameraCalibrationSchema = z.object({
  id: z.string().min(1),
  Operator: z.string(),
  Version: z.string(),
  Date: timestampSchema,
  AccelCalTime: timestampSchema,
  CCS_ACSTime: timestampSchema,
  camCalTime: timestampSchema,
  LeftBoards: z.array(cameraBoardSchema),
  RightBoards: z.array(cameraBoardSchema),
});
/** See {@link cameraCalibrationSchema}. */
export type CameraCalibration = z.infer<typeof cameraCalibrationSchema>;

/** One exchange of a chat: the query and the assistant's response. */
export const chatExchangeSchema = z.object({
  query: z.string(),
  response: z.string(),
});

/** An AI chat session (back-office §3). */
export const chatSessionSchema = z.object({
  sessionId: z.string().min(1),
  serialNumber: z.string(),
  isOpen: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  conversation: z.array(chatExchangeSchema),
});
/** See {@link chatSessionSchema}. */
export type ChatSession = z.infer<typeof chatSessionSchema>;

/**
 * AI statistics (back-office §3). Averages are seconds; queueAverage and inFlightAverage are null
 * when there is nothing to average (the console shows 0).
 */
export const aiStatisticsSchema = z.object({
  sessionCount: countSchema,
  openSessionCount: countSchema,
  averageConversationLength: z.number().min(0),
  queueAverage: z.number().min(0).nullable(),
  inFlightAverage: z.number().min(0).nullable(),
});
/** See {@link aiStatisticsSchema}. */
export type AiStatistics = z.infer<typeof aiStatisticsSchema>;
