import { z } from 'zod';
import { FAMILIES, LOG_LEVELS, PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints, imageFileParts, pagedListQuery } from './define';
import { countSchema, familySchema, paged, timestampSchema, versionSchema } from './primitives';
import {
  enumFilterQuery,
  filterQuery,
  flagQuery,
  optionalFlagQuery,
  recordIdText,
  requiredText,
} from './query';
import { ticketHistoryItemSchema } from './tickets';

// The aligner entity and its parts (console-core §3); the live channel carries it too.

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
  /**
   * Not in the spec's unit: when the unit was last seen online (null: never), so that the dialog says since when a
   * disconnected unit is offline.
   */
  lastSeenOnlineAt: timestampSchema.nullable(),
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
  /** Not in the spec's list row: the list's Connected column (the fleet map's "N offline" opens those units). */
  connected: z.boolean(),
});
/** See {@link listRowSchema}. */
export type ListRow = z.infer<typeof listRowSchema>;

/** A request naming one unit by its serial number. */
export const serialNumberQuerySchema = z.object({ serialNumber: requiredText });
/** A body naming one unit by its serial number. */
export const serialNumberBodySchema = z.strictObject({ serialNumber: requiredText });

/** Columns the equipment list can be sorted by (the spec names `sortBy` but not its values). */
export const ALIGNER_SORT_FIELDS = [
  'serialNumber',
  'countryCode',
  'family',
  'softwareVersion',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Query of GET /read/aligners/v1/. Filters match from the start of the value, ignoring case; an
 * empty filter means no filter.
 */
export const readAlignersQuerySchema = pagedListQuery({
  filterSerialNumber: filterQuery,
  filterCountryCode: filterQuery,
  filterSoftwareVersion: filterQuery,
  filterFamily: enumFilterQuery(FAMILIES),
  /** true: connected units only; false: offline units only; missing or empty: both. */
  filterConnected: optionalFlagQuery,
  sortBy: enumFilterQuery(ALIGNER_SORT_FIELDS),
  sortDesc: flagQuery,
});

/** Body of the favourite calls: the user and the unit. */
export const favoriteBodySchema = z.strictObject({ username: requiredText, serialNumber: requiredText });

/**
 * Answer of the favourite calls (not shown in the spec): the new state of the pair. A full radar
 * (the server's limit) answers 409 with `code: 'favorite_limit_exceeded'`.
 */
export const favoriteStateSchema = z.object({
  username: z.string().min(1),
  serialNumber: z.string().min(1),
  favorite: z.boolean(),
});

/** Answer of GET /read/demo_port/v1 (the spec says "a port number"). */
export const demoPortSchema = z.object({ port: z.int().min(1).max(65535) });

/** Answer of the equipment and screenshot deletions (not shown in the spec). */
export const deletedEquipmentSchema = z.object({ serialNumber: z.string().min(1), deleted: z.literal(true) });
/** See {@link deletedEquipmentSchema}. */
export const deletedScreenShotSchema = z.object({ id: z.string().min(1), deleted: z.literal(true) });

const equipment = areaEndpoints('equipment');

export const readAligner = equipment.get('readAligner', '/read/aligner/v1/', {
  // username tells whose favourite flag to answer; the server takes it from the token when they differ.
  query: z.object({ serialNumber: requiredText, username: requiredText }),
  response: alignerSchema,
  summary: "Reads one unit by serial number (404 when unknown), with the user's favourite flag.",
});

export const readAligners = equipment.get('readAligners', '/read/aligners/v1/', {
  query: readAlignersQuerySchema,
  response: paged(listRowSchema),
  summary: 'Lists units, 10 per page, filtered and sorted.',
});

export const readFavorites = equipment.get('readFavorites', '/read/favorites/v1/', {
  query: z.object({ username: requiredText }),
  response: z.array(alignerSchema),
  summary: "Lists the units on the user's radar.",
});

export const getScreenShotsForAligner = equipment.get(
  'getScreenShotsForAligner',
  '/api/v1/get_screen_shots_for_aligner',
  {
    query: serialNumberQuerySchema,
    response: z.array(screenShotSchema),
    summary: 'Lists the screenshots a unit has taken, newest first.',
  },
);

export const getLatestVoltagesForAligner = equipment.get(
  'getLatestVoltagesForAligner',
  '/api/v1/get_latest_voltages_for_aligner',
  {
    query: serialNumberQuerySchema,
    // null when the unit has sent no report: the console shows NO REPORT.
    response: voltagesReportSchema.nullable(),
    summary: 'Reads the latest voltages report of a unit.',
  },
);

export const getLatestPrinterStatusForAligner = equipment.get(
  'getLatestPrinterStatusForAligner',
  '/api/v1/get_latest_printer_status_for_aligner',
  {
    query: serialNumberQuerySchema,
    response: statusReportSchema.nullable(),
    summary: 'Reads the latest printer status report of a unit.',
  },
);

export const getLatestUsbStatusForAligner = equipment.get(
  'getLatestUsbStatusForAligner',
  '/api/v1/get_latest_usb_status_for_aligner',
  {
    query: serialNumberQuerySchema,
    response: statusReportSchema.nullable(),
    summary: 'Reads the latest USB status report of a unit.',
  },
);

export const readTicketHistory = equipment.get('readTicketHistory', '/read/ticketHistory/v1', {
  query: serialNumberQuerySchema,
  response: z.array(ticketHistoryItemSchema),
  summary: 'Lists every ticket of a unit, newest first.',
});

export const readDemoPort = equipment.get('readDemoPort', '/read/demo_port/v1', {
  response: demoPortSchema,
  summary: 'Answers the port for opening a demo site.',
});

export const createFavorite = equipment.post('createFavorite', '/create/favorite/v1/', {
  body: favoriteBodySchema,
  response: favoriteStateSchema,
  summary: "Puts a unit on the user's radar (409 favorite_limit_exceeded when full).",
});

export const deleteFavorite = equipment.post('deleteFavorite', '/delete/favorite/v1/', {
  body: favoriteBodySchema,
  response: favoriteStateSchema,
  summary: "Takes a unit off the user's radar.",
});

export const deleteEquipment = equipment.post('deleteEquipment', '/api/v1/delete_equipment', {
  body: serialNumberBodySchema,
  response: deletedEquipmentSchema,
  permission: PERMISSIONS.deleteEquipment,
  summary: 'Deletes a unit and its records.',
});

export const deleteScreenShot = equipment.delete('deleteScreenShot', '/api/v1/delete_screen_shot', {
  query: z.object({ id: recordIdText }),
  response: deletedScreenShotSchema,
  permission: PERMISSIONS.deleteScreenShot,
  summary: 'Deletes one screenshot.',
});

/** Not a spec path: the spec says only that "a plain GET fetches a screenshot image". */
export const screenShotImage = equipment.get('screenShotImage', '/api/v1/screen_shot/:id', {
  ...imageFileParts,
  summary: 'Downloads a screenshot image (PNG), or its thumbnail with ?thumbnail=true.',
});

/** The calls of console-core §7 "Equipment reads" and "Equipment writes" (tickets are in tickets.ts). */
export const equipmentEndpoints = {
  readAligner,
  readAligners,
  readFavorites,
  getScreenShotsForAligner,
  getLatestVoltagesForAligner,
  getLatestPrinterStatusForAligner,
  getLatestUsbStatusForAligner,
  readTicketHistory,
  readDemoPort,
  createFavorite,
  deleteFavorite,
  deleteEquipment,
  deleteScreenShot,
  screenShotImage,
} as const;
