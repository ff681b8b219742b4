import { z } from 'zod';
import { FAMILIES, PERMISSIONS } from '@equipment-dashboard/domain';
import { endpoint } from './endpoint';
import {
  alignerSchema,
  listRowSchema,
  paged,
  screenShotSchema,
  statusReportSchema,
  ticketHistoryItemSchema,
  voltagesReportSchema,
} from './entities';
import { enumFilterQuery, filterQuery, flagQuery, pageQuery, recordIdText, requiredText } from './query';

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
export const readAlignersQuerySchema = z.object({
  page: pageQuery,
  filterSerialNumber: filterQuery,
  filterCountryCode: filterQuery,
  filterSoftwareVersion: filterQuery,
  filterFamily: enumFilterQuery(FAMILIES),
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

/** A binary answer: the bytes are the body, so there is nothing for a JSON schema to check. */
export const binaryResponseSchema = z.unknown();

/** `?thumbnail=true` asks for the small version of an image. */
export const thumbnailQuerySchema = z.object({ thumbnail: flagQuery });

export const readAligner = endpoint({
  name: 'equipment.readAligner',
  method: 'GET',
  path: '/read/aligner/v1/',
  // username tells whose favourite flag to answer; the server takes it from the token when they differ.
  query: z.object({ serialNumber: requiredText, username: requiredText }),
  response: alignerSchema,
  auth: 'token',
  summary: "Reads one unit by serial number (404 when unknown), with the user's favourite flag.",
});

export const readAligners = endpoint({
  name: 'equipment.readAligners',
  method: 'GET',
  path: '/read/aligners/v1/',
  query: readAlignersQuerySchema,
  response: paged(listRowSchema),
  auth: 'token',
  summary: 'Lists units, 10 per page, filtered and sorted.',
});

export const readFavorites = endpoint({
  name: 'equipment.readFavorites',
  method: 'GET',
  path: '/read/favorites/v1/',
  query: z.object({ username: requiredText }),
  response: z.array(alignerSchema),
  auth: 'token',
  summary: "Lists the units on the user's radar.",
});

export const getScreenShotsForAligner = endpoint({
  name: 'equipment.getScreenShotsForAligner',
  method: 'GET',
  path: '/api/v1/get_screen_shots_for_aligner',
  query: serialNumberQuerySchema,
  response: z.array(screenShotSchema),
  auth: 'token',
  summary: 'Lists the screenshots a unit has taken, newest first.',
});

export const getLatestVoltagesForAligner = endpoint({
  name: 'equipment.getLatestVoltagesForAligner',
  method: 'GET',
  path: '/api/v1/get_latest_voltages_for_aligner',
  query: serialNumberQuerySchema,
  // null when the unit has sent no report: the console shows NO REPORT.
  response: voltagesReportSchema.nullable(),
  auth: 'token',
  summary: 'Reads the latest voltages report of a unit.',
});

export const getLatestPrinterStatusForAligner = endpoint({
  name: 'equipment.getLatestPrinterStatusForAligner',
  method: 'GET',
  path: '/api/v1/get_latest_printer_status_for_aligner',
  query: serialNumberQuerySchema,
  response: statusReportSchema.nullable(),
  auth: 'token',
  summary: 'Reads the latest printer status report of a unit.',
});

export const getLatestUsbStatusForAligner = endpoint({
  name: 'equipment.getLatestUsbStatusForAligner',
  method: 'GET',
  path: '/api/v1/get_latest_usb_status_for_aligner',
  query: serialNumberQuerySchema,
  response: statusReportSchema.nullable(),
  auth: 'token',
  summary: 'Reads the latest USB status report of a unit.',
});

export const readTicketHistory = endpoint({
  name: 'equipment.readTicketHistory',
  method: 'GET',
  path: '/read/ticketHistory/v1',
  query: serialNumberQuerySchema,
  response: z.array(ticketHistoryItemSchema),
  auth: 'token',
  summary: 'Lists every ticket of a unit, newest first.',
});

export const readDemoPort = endpoint({
  name: 'equipment.readDemoPort',
  method: 'GET',
  path: '/read/demo_port/v1',
  response: demoPortSchema,
  auth: 'token',
  summary: 'Answers the port for opening a demo site.',
});

export const createFavorite = endpoint({
  name: 'equipment.createFavorite',
  method: 'POST',
  path: '/create/favorite/v1/',
  body: favoriteBodySchema,
  response: favoriteStateSchema,
  auth: 'token',
  summary: "Puts a unit on the user's radar (409 favorite_limit_exceeded when full).",
});

export const deleteFavorite = endpoint({
  name: 'equipment.deleteFavorite',
  method: 'POST',
  path: '/delete/favorite/v1/',
  body: favoriteBodySchema,
  response: favoriteStateSchema,
  auth: 'token',
  summary: "Takes a unit off the user's radar.",
});

export const deleteEquipment = endpoint({
  name: 'equipment.deleteEquipment',
  method: 'POST',
  path: '/api/v1/delete_equipment',
  body: serialNumberBodySchema,
  response: deletedEquipmentSchema,
  auth: 'token',
  permission: PERMISSIONS.deleteEquipment,
  summary: 'Deletes a unit and its records.',
});

export const deleteScreenShot = endpoint({
  name: 'equipment.deleteScreenShot',
  method: 'DELETE',
  path: '/api/v1/delete_screen_shot',
  query: z.object({ id: recordIdText }),
  response: deletedScreenShotSchema,
  auth: 'token',
  summary: 'Deletes one screenshot.',
});

/** Not a spec path: the spec says only that "a plain GET fetches a screenshot image". */
export const screenShotImage = endpoint({
  name: 'equipment.screenShotImage',
  method: 'GET',
  path: '/api/v1/screen_shot/:id',
  params: z.object({ id: recordIdText }),
  query: thumbnailQuerySchema,
  response: binaryResponseSchema,
  binary: true,
  auth: 'token',
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
