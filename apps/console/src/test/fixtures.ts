import type {
  AlertCounts,
  Aligner,
  CommandName,
  CommandResponse,
  ServiceStatus,
  StagedTotals,
  TicketStatistics,
  TokenResponse,
  TopAligner,
  VersionRecord,
  VersionTotals,
} from '@equipment-dashboard/contract';
import { exampleAlertCounts, exampleGeolocation } from '@equipment-dashboard/contract/testing';
import { SERVICE_NAMES, type Role } from '@equipment-dashboard/domain';
import { json, type StubHandler } from './fetch-stub';

/** A stored token for a user of the given role (the username is the role, as in the e2e scenario). */
export function tokenFor(role: Role, accessToken = `token-${role}`): TokenResponse {
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: 3600,
    user: { username: role, email: `${role}@example.com`, role },
  };
}

export const allServicesUp: ServiceStatus = Object.fromEntries(
  SERVICE_NAMES.map((name) => [name, true]),
) as ServiceStatus;

export const ticketStatistics: TicketStatistics = {
  openTicketCount: 7,
  closedTicketCount: 12,
  totalTickets: 19,
  openTicketsByIssuer: [
    { issuerUsername: 'support', total: 4 },
    { issuerUsername: 'admin', total: 3 },
  ],
  ticketsByIssuer: [
    { issuerUsername: 'support', total: 11 },
    { issuerUsername: 'admin', total: 8 },
  ],
};

export const latestAligner: VersionRecord = { semantic: '5.3.0', meta: 'release', path: '/updates/5.3.0' };
const latestGtps: VersionRecord = { semantic: '1.4.0', meta: '', path: '/updates/gtps-1.4.0' };

const alignerVersions: VersionTotals = [
  { version: '5.3.0', total: 120 },
  { version: '5.2.1', total: 80 },
  { version: '4.9.0', total: 1 },
];

export const stagedTotals: StagedTotals = {
  total: 9,
  readyToDownload: 4,
  versions: { '5.3.0': 6, '5.2.1': 3 },
};
const noneStaged: StagedTotals = { total: 0, readyToDownload: 0, versions: {} };

export const topAligners: TopAligner[] = [
  { _id: { serialNumber: 'ABCLK0001' }, count: 1234 },
  { _id: { serialNumber: 'ABCLK0002' }, count: 987 },
];

const at = '2024-05-20T12:00:00.000Z';

export function aligner(serialNumber: string, overrides: Partial<Aligner> = {}): Aligner {
  return {
    serialNumber,
    family: 'aligner',
    version: { semantic: '5.2.1', meta: '' },
    specs: null,
    specsExpiration: null,
    systemClass: 'DRAGON',
    boardClass: 'B1',
    logLevel: 'WARN',
    boardFeatures: null,
    connectCount: 3,
    connected: true,
    port: 4000,
    address: '::ffff:10.0.0.1,10.0.0.2',
    currentProcedure: 'IDLE',
    alignmentCount: 10,
    geolocation: exampleGeolocation,
    lastSeenOnlineAt: at,
    pendingSoftwareDownload: '',
    updateState: null,
    openSupportTickets: 0,
    favorite: true,
    screenShots: [],
    voltages: null,
    status: null,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The bell's figures when nothing fires. */
export const noAlerts: AlertCounts = exampleAlertCounts(0);

/** Every dashboard read of the live channel and the home screen, answered with the data above. */
export function dashboardRoutes(overrides: Record<string, StubHandler> = {}): Record<string, StubHandler> {
  return {
    '/read/favorites/v1/': [],
    '/api/v1/check_services': allServicesUp,
    '/read/latest_software_version/v1': latestAligner,
    '/read/latest_gtps_software_version/v1': latestGtps,
    '/read/latest_oasis_software_version/v1': null,
    '/read/staged_update_totals/v1': stagedTotals,
    '/read/staged_gtps_update_totals/v1': noneStaged,
    '/read/staged_oasis_update_totals/v1': noneStaged,
    '/read/aligner_software_versions/v1': alignerVersions,
    '/read/gtps_software_versions/v1': [],
    '/read/oasis_software_versions/v1': [],
    '/read/spec_versions/v1': [],
    '/read/ticket_statistics/v1': ticketStatistics,
    '/read/top_aligners_by_alignment_count/v1': topAligners,
    '/read/expired/v1': { username: 'x', expired: false },
    '/read/alert_counts/v1': noAlerts,
    ...overrides,
  };
}

/**
 * A command's 202 answer for a unit that is offline: stored in the queue, it reaches the unit when it
 * reconnects unless it expires first (`expiresAt`).
 */
export function queuedCommand(
  serialNumber: string,
  command: CommandName,
  expiresAt = '2024-05-21T12:00:00.000Z',
): Response {
  const body: CommandResponse = { serialNumber, command, status: 'queued', commandId: 41, expiresAt };
  return json(202, body);
}

/** A command's answer when the unit took it but had not answered within the call. */
export function acceptedCommand(serialNumber: string, command: CommandName): CommandResponse {
  return { serialNumber, command, status: 'accepted', commandId: 42 };
}
