import { z } from 'zod';
import { PERMISSIONS, SERVICE_NAMES, type ServiceName } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { binaryResponseSchema } from './endpoint';
import { countSchema } from './primitives';
import { versionRecordSchema } from './updates';

// The dashboard's entities (console-core §3); the live channel carries the ticket statistics and service flags too.

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

/** A service name of the status flags (console-core §3). */
export const serviceNameSchema = z.enum(SERVICE_NAMES as [ServiceName, ...ServiceName[]]);

/**
 * Answer of POST /api/v1/reset_service/ (not shown in the spec). A restart takes a moment: the
 * answer says it began, and SERVICE_STATUS events report the service down and then up again.
 */
export const resetServiceResponseSchema = z.object({
  serviceName: serviceNameSchema,
  status: z.literal('restarting'),
});

/** The latest version of a family, or null while none has been published. */
const latestVersion = versionRecordSchema.nullable();

const dashboard = areaEndpoints('dashboard');

function read<R extends z.ZodType>(name: string, path: string, response: R, summary: string) {
  return dashboard.get(name, path, { response, summary });
}

export const checkServices = read(
  'checkServices',
  '/api/v1/check_services',
  serviceStatusSchema,
  'Answers the up/down flag of every back-end service.',
);
export const readLatestSoftwareVersion = read(
  'readLatestSoftwareVersion',
  '/read/latest_software_version/v1',
  latestVersion,
  'Answers the latest published aligner software version.',
);
export const readLatestGtpsSoftwareVersion = read(
  'readLatestGtpsSoftwareVersion',
  '/read/latest_gtps_software_version/v1',
  latestVersion,
  'Answers the latest published gtps software version.',
);
export const readLatestOasisSoftwareVersion = read(
  'readLatestOasisSoftwareVersion',
  '/read/latest_oasis_software_version/v1',
  latestVersion,
  'Answers the latest published aligner-oasis software version.',
);
export const readStagedUpdateTotals = read(
  'readStagedUpdateTotals',
  '/read/staged_update_totals/v1',
  stagedTotalsSchema,
  'Counts staged aligner updates, by version.',
);
export const readStagedGtpsUpdateTotals = read(
  'readStagedGtpsUpdateTotals',
  '/read/staged_gtps_update_totals/v1',
  stagedTotalsSchema,
  'Counts staged gtps updates, by version.',
);
export const readStagedOasisUpdateTotals = read(
  'readStagedOasisUpdateTotals',
  '/read/staged_oasis_update_totals/v1',
  stagedTotalsSchema,
  'Counts staged aligner-oasis updates, by version.',
);
export const readAlignerSoftwareVersions = read(
  'readAlignerSoftwareVersions',
  '/read/aligner_software_versions/v1',
  versionTotalsSchema,
  'Counts aligner units by installed software version.',
);
export const readGtpsSoftwareVersions = read(
  'readGtpsSoftwareVersions',
  '/read/gtps_software_versions/v1',
  versionTotalsSchema,
  'Counts gtps units by installed software version.',
);
export const readOasisSoftwareVersions = read(
  'readOasisSoftwareVersions',
  '/read/oasis_software_versions/v1',
  versionTotalsSchema,
  'Counts aligner-oasis units by installed software version.',
);
export const readSpecVersions = read(
  'readSpecVersions',
  '/read/spec_versions/v1',
  versionTotalsSchema,
  'Counts units by installed spec version.',
);
export const readTicketStatistics = read(
  'readTicketStatistics',
  '/read/ticket_statistics/v1',
  ticketStatisticsSchema,
  'Counts open and closed tickets, in total and per issuer.',
);
export const readTopAlignersByAlignmentCount = read(
  'readTopAlignersByAlignmentCount',
  '/read/top_aligners_by_alignment_count/v1',
  z.array(topAlignerSchema).max(10),
  'Lists the 10 units with the most alignments.',
);

export const resetService = dashboard.post('resetService', '/api/v1/reset_service/', {
  query: z.object({ serviceName: serviceNameSchema }),
  response: resetServiceResponseSchema,
  permission: PERMISSIONS.restartService,
  summary: 'Restarts one back-end service.',
});

export const graph = dashboard.get('graph', '/graph', {
  response: binaryResponseSchema,
  binary: true,
  summary: 'Draws the trend chart image of connected units over time.',
});

/** The calls of console-core §7 "Dashboard data", and the trend chart image of back-office §7.6. */
export const dashboardEndpoints = {
  checkServices,
  readLatestSoftwareVersion,
  readLatestGtpsSoftwareVersion,
  readLatestOasisSoftwareVersion,
  readStagedUpdateTotals,
  readStagedGtpsUpdateTotals,
  readStagedOasisUpdateTotals,
  readAlignerSoftwareVersions,
  readGtpsSoftwareVersions,
  readOasisSoftwareVersions,
  readSpecVersions,
  readTicketStatistics,
  readTopAlignersByAlignmentCount,
  resetService,
  graph,
} as const;
