import { z } from 'zod';
import { FAMILIES, PERMISSIONS } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import {
  calendarDaySchema,
  countSchema,
  familySchema,
  paged,
  timestampSchema,
  versionSchema,
} from './primitives';
import { enumFilterQuery, filterQuery, flagQuery, requiredText } from './query';
import { updatePathSchema, versionBodySchema } from './updates';

// The scheduling entities (back-office §3).

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

/** Columns the update scheduler table can be sorted by (the spec names `sortBy` but not its values). */
export const SCHEDULER_SORT_FIELDS = [
  'serialNumber',
  'countryCode',
  'family',
  'softwareVersion',
  'lastSeenOnlineAt',
  'stagedAt',
  'state',
  'createdAt',
  'updatedAt',
] as const;

/**
 * Query of the three device lists (back-office §7.3). Text filters match from the start of the
 * value, ignoring case; `onlyConnected` and `onlyStaged` are the Connected and Staged boxes.
 */
export const updateSchedulerQuerySchema = pagedListQuery({
  filterSerialNumber: filterQuery,
  filterCountryCode: filterQuery,
  filterSoftwareVersion: filterQuery,
  filterFamily: enumFilterQuery(FAMILIES),
  filterState: filterQuery,
  sortBy: enumFilterQuery(SCHEDULER_SORT_FIELDS),
  sortDesc: flagQuery,
  onlyConnected: flagQuery,
  onlyStaged: flagQuery,
});

const SCHEDULE_DAY_FORMATS =
  'Expected a day (YYYY-MM-DD) or an ISO 8601 timestamp with an offset, such as 2026-05-01T09:30:00Z (its UTC day is taken).';

/**
 * The day to schedule on: a calendar day (`YYYY-MM-DD`), or an ISO 8601 timestamp with its offset, of
 * which the UTC day is taken (the server's time zone is UTC). Parsed, it is always the calendar day.
 */
export const scheduleDaySchema = z.union(
  [
    z.iso.date({ error: SCHEDULE_DAY_FORMATS }),
    z.iso
      .datetime({ offset: true, error: SCHEDULE_DAY_FORMATS })
      .transform((time) => new Date(time).toISOString().slice(0, 10)),
  ],
  { error: SCHEDULE_DAY_FORMATS },
);

/**
 * Body of POST /create/schedule_serial_numbers/v1. `date` is the picked day ({@link scheduleDaySchema});
 * the updates are staged on that day.
 */
export const scheduleSerialNumbersBodySchema = z.strictObject({
  serialNumbers: z.array(requiredText).min(1),
  // Not strict: the console passes the family's latest record, whose `path` is dropped here.
  version: versionBodySchema,
  path: updatePathSchema,
  date: scheduleDaySchema,
});

/**
 * Answer of the schedule call (not shown in the spec): what was scheduled, the same payload as the
 * NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED event.
 */
export const scheduleCreatedSchema = z.object({
  date: calendarDaySchema,
  count: countSchema,
  version: versionSchema,
});
/** See {@link scheduleCreatedSchema}. */
export type ScheduleCreated = z.infer<typeof scheduleCreatedSchema>;

const scheduler = areaEndpoints('scheduler');

function devices(name: string, path: string, what: string) {
  return scheduler.get(name, path, {
    query: updateSchedulerQuerySchema,
    response: paged(updateSchedulerDeviceSchema),
    permission: PERMISSIONS.viewUpdateScheduler,
    summary: `Lists ${what} with their staging and update state, 10 per page.`,
  });
}

function statistics(name: string, path: string, what: string) {
  return scheduler.get(name, path, {
    response: updateSchedulerStatisticsSchema,
    permission: PERMISSIONS.viewUpdateScheduler,
    summary: `Answers the daily and hourly update delivery statistics of ${what}.`,
  });
}

export const readScheduleByDay = scheduler.get('readScheduleByDay', '/read/schedule_by_day/v1/', {
  response: z.array(scheduleByDaySchema),
  permission: PERMISSIONS.viewUpdateScheduler,
  summary: 'Counts scheduled updates per day, for the date picker.',
});

export const readAlignerSerialNumbers = scheduler.get(
  'readAlignerSerialNumbers',
  '/read/aligner_serial_numbers/v1',
  {
    // A serial number pattern: '*' matches any run of characters; without '*' it matches the start.
    query: z.object({ filterSerialNumber: requiredText }),
    response: z.array(z.string().min(1)),
    permission: PERMISSIONS.viewUpdateScheduler,
    summary: 'Lists the serial numbers of aligner units that match a pattern.',
  },
);

export const createScheduleSerialNumbers = scheduler.post(
  'createScheduleSerialNumbers',
  '/create/schedule_serial_numbers/v1',
  {
    body: scheduleSerialNumbersBodySchema,
    response: scheduleCreatedSchema,
    permission: PERMISSIONS.scheduleUpdates,
    summary: 'Schedules a software update for the given units on a day.',
  },
);

export const readUpdateschedulerAligners = devices(
  'readUpdateschedulerAligners',
  '/read/updatescheduler_aligners/v1/',
  'aligner units',
);
export const readUpdateschedulerGtps = devices(
  'readUpdateschedulerGtps',
  '/read/updatescheduler_gtps/v1/',
  'gtps units',
);
export const readUpdateschedulerAlignersOasis = devices(
  'readUpdateschedulerAlignersOasis',
  '/read/updatescheduler_aligners_oasis/v1/',
  'aligner-oasis units',
);
export const readUpdateschedulerStatistics = statistics(
  'readUpdateschedulerStatistics',
  '/read/updatescheduler_statistics/v1',
  'aligner units',
);
export const readUpdateschedulerStatisticsGtps = statistics(
  'readUpdateschedulerStatisticsGtps',
  '/read/updatescheduler_statistics_gtps/v1',
  'gtps units',
);
export const readUpdateschedulerStatisticsOasis = statistics(
  'readUpdateschedulerStatisticsOasis',
  '/read/updatescheduler_statistics_oasis/v1',
  'aligner-oasis units',
);

/** The calls of back-office §7.3. */
export const schedulerEndpoints = {
  readScheduleByDay,
  readAlignerSerialNumbers,
  createScheduleSerialNumbers,
  readUpdateschedulerAligners,
  readUpdateschedulerGtps,
  readUpdateschedulerAlignersOasis,
  readUpdateschedulerStatistics,
  readUpdateschedulerStatisticsGtps,
  readUpdateschedulerStatisticsOasis,
} as const;
