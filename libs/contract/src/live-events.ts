import { z } from 'zod';
import { identitySchema, type Identity } from './auth';
import {
  serviceStatusSchema,
  ticketStatisticsSchema,
  type ServiceStatus,
  type TicketStatistics,
} from './dashboard';
import { alignerSchema, type Aligner } from './equipment';
import { bulkActionProgressSchema, type BulkActionProgress } from './bulk-actions';
import { calendarDaySchema, countSchema, familySchema, recordIdSchema, versionSchema } from './primitives';
import { savedViewsChangedPayloadSchema, type SavedViewsChangedPayload } from './saved-views';
import { rolloutSchema, type Rollout } from './rollouts';
import {
  alertCountsSchema,
  alertUpdatedPayloadSchema,
  type AlertCounts,
  type AlertUpdatedPayload,
} from './alerts';
import { fleetMapChangedPayloadSchema, type FleetMapChangedPayload } from './fleet-map';
import { simulatorChangedPayloadSchema, type SimulatorChangedPayload } from './simulator';

// The connection counters: only the live channel carries them (console-core §3).

/** The live connection counters (console-core §3). */
export const connectionCountersSchema = z.object({
  connectedAligners: countSchema,
  totalAligners: countSchema,
  connectedUsers: countSchema,
});
/** See {@link connectionCountersSchema}. */
export type ConnectionCounters = z.infer<typeof connectionCountersSchema>;

/** The socket.io namespace of the live channel (console-core §4). */
export const LIVE_NAMESPACE = '/dashboard';

/** The events the server pushes on the live channel (console-core §4), by name. */
export const LIVE_EVENTS = {
  SERVICE_STATUS: 'SERVICE_STATUS',
  RADAR_UPDATE_FAVORITE: 'RADAR_UPDATE_FAVORITE',
  RADAR_ADD_FAVORITE: 'RADAR_ADD_FAVORITE',
  RADAR_REMOVE_FAVORITE: 'RADAR_REMOVE_FAVORITE',
  REPORT_SUPPORT_TICKET_CLOSED: 'REPORT_SUPPORT_TICKET_CLOSED',
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: 'REPORT_SUPPORT_TICKET_COMMENT_CREATED',
  REPORT_SUPPORT_TICKET_CREATED: 'REPORT_SUPPORT_TICKET_CREATED',
  NEW_SOFTWARE_UPDATE_CREATED: 'NEW_SOFTWARE_UPDATE_CREATED',
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: 'NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED',
  SOFTWARE_UPDATES_STAGED: 'SOFTWARE_UPDATES_STAGED',
  CONNECTION_COUNTERS: 'CONNECTION_COUNTERS',
  SUPPORT_TICKET_STATISTICS: 'SUPPORT_TICKET_STATISTICS',
  SAVED_VIEWS_CHANGED: 'SAVED_VIEWS_CHANGED',
  BULK_ACTION_UPDATED: 'BULK_ACTION_UPDATED',
  ROLLOUT_UPDATED: 'ROLLOUT_UPDATED',
  ALERT_UPDATED: 'ALERT_UPDATED',
  ALERT_COUNTS: 'ALERT_COUNTS',
  FLEET_MAP_CHANGED: 'FLEET_MAP_CHANGED',
  SIMULATOR_CHANGED: 'SIMULATOR_CHANGED',
} as const;
/** A server-to-client event name. */
export type LiveEventName = keyof typeof LIVE_EVENTS;

/** The one event the console sends: its user's identity, right after connecting. */
export const IDENTITY_EVENT = 'dashboard/identity';

/** RADAR_REMOVE_FAVORITE: the unit that left the user's radar. */
export const radarRemoveFavoritePayloadSchema = z.object({ serialNumber: z.string().min(1) });
/** See {@link radarRemoveFavoritePayloadSchema}. */
export type RadarRemoveFavoritePayload = z.infer<typeof radarRemoveFavoritePayloadSchema>;

/** REPORT_SUPPORT_TICKET_CLOSED: 'Support ticket {id} for aligner {serialNumber} closed by {closedBy}.' */
export const ticketClosedPayloadSchema = z.object({
  id: recordIdSchema,
  serialNumber: z.string().min(1),
  closedBy: z.string().min(1),
});
/** See {@link ticketClosedPayloadSchema}. */
export type TicketClosedPayload = z.infer<typeof ticketClosedPayloadSchema>;

/** REPORT_SUPPORT_TICKET_COMMENT_CREATED: 'Comment on ticket {id} for aligner {serialNumber} created by {author}.' */
export const ticketCommentCreatedPayloadSchema = z.object({
  id: recordIdSchema,
  serialNumber: z.string().min(1),
  author: z.string().min(1),
  /** The comment text. */
  comment: z.string(),
});
/** See {@link ticketCommentCreatedPayloadSchema}. */
export type TicketCommentCreatedPayload = z.infer<typeof ticketCommentCreatedPayloadSchema>;

/** REPORT_SUPPORT_TICKET_CREATED: 'New ticket {id} for aligner {serialNumber} created by {openedBy}.' */
export const ticketCreatedPayloadSchema = z.object({
  id: recordIdSchema,
  serialNumber: z.string().min(1),
  openedBy: z.string().min(1),
});
/** See {@link ticketCreatedPayloadSchema}. */
export type TicketCreatedPayload = z.infer<typeof ticketCreatedPayloadSchema>;

/** NEW_SOFTWARE_UPDATE_CREATED: a published update of a family. */
export const softwareUpdateCreatedPayloadSchema = z.object({
  family: familySchema,
  version: versionSchema,
  path: z.string().min(1),
});
/** See {@link softwareUpdateCreatedPayloadSchema}. */
export type SoftwareUpdateCreatedPayload = z.infer<typeof softwareUpdateCreatedPayloadSchema>;

/** NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: how many updates were scheduled on which day. */
export const scheduleCreatedPayloadSchema = z.object({
  date: calendarDaySchema,
  count: countSchema,
  version: versionSchema,
});
/** See {@link scheduleCreatedPayloadSchema}. */
export type ScheduleCreatedPayload = z.infer<typeof scheduleCreatedPayloadSchema>;

/**
 * SOFTWARE_UPDATES_STAGED: staged totals of a family changed (the console reloads them). A single
 * stage or unstage names the unit and, for a stage, the version; a schedule run names neither.
 */
export const updatesStagedPayloadSchema = z.object({
  family: familySchema,
  serialNumber: z.string().min(1).optional(),
  version: versionSchema.optional(),
});
/** See {@link updatesStagedPayloadSchema}. */
export type UpdatesStagedPayload = z.infer<typeof updatesStagedPayloadSchema>;

/** The payload of every server-to-client event. */
export interface LiveEventPayloads {
  SERVICE_STATUS: ServiceStatus;
  RADAR_UPDATE_FAVORITE: Aligner;
  RADAR_ADD_FAVORITE: Aligner;
  RADAR_REMOVE_FAVORITE: RadarRemoveFavoritePayload;
  REPORT_SUPPORT_TICKET_CLOSED: TicketClosedPayload;
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: TicketCommentCreatedPayload;
  REPORT_SUPPORT_TICKET_CREATED: TicketCreatedPayload;
  NEW_SOFTWARE_UPDATE_CREATED: SoftwareUpdateCreatedPayload;
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: ScheduleCreatedPayload;
  SOFTWARE_UPDATES_STAGED: UpdatesStagedPayload;
  CONNECTION_COUNTERS: ConnectionCounters;
  SUPPORT_TICKET_STATISTICS: TicketStatistics;
  SAVED_VIEWS_CHANGED: SavedViewsChangedPayload;
  BULK_ACTION_UPDATED: BulkActionProgress;
  /** A rollout changed (created, its counts, paused, resumed, aborted, finished): the rollout as it is now. */
  ROLLOUT_UPDATED: Rollout;
  /** Alerts changed state (or were acknowledged, silenced): the alerts as they are now. */
  ALERT_UPDATED: AlertUpdatedPayload;
  /** The bell's figures changed. */
  ALERT_COUNTS: AlertCounts;
  /** Some place's counts on the fleet map moved (at most once a second per process): open maps read theirs again. */
  FLEET_MAP_CHANGED: FleetMapChangedPayload;
  SIMULATOR_CHANGED: SimulatorChangedPayload;
}

/** The zod schema of every event's payload, for the server's tests and a defensive client. */
export const LIVE_EVENT_SCHEMAS: { readonly [K in LiveEventName]: z.ZodType<LiveEventPayloads[K]> } = {
  SERVICE_STATUS: serviceStatusSchema,
  RADAR_UPDATE_FAVORITE: alignerSchema,
  RADAR_ADD_FAVORITE: alignerSchema,
  RADAR_REMOVE_FAVORITE: radarRemoveFavoritePayloadSchema,
  REPORT_SUPPORT_TICKET_CLOSED: ticketClosedPayloadSchema,
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: ticketCommentCreatedPayloadSchema,
  REPORT_SUPPORT_TICKET_CREATED: ticketCreatedPayloadSchema,
  NEW_SOFTWARE_UPDATE_CREATED: softwareUpdateCreatedPayloadSchema,
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: scheduleCreatedPayloadSchema,
  SOFTWARE_UPDATES_STAGED: updatesStagedPayloadSchema,
  CONNECTION_COUNTERS: connectionCountersSchema,
  SUPPORT_TICKET_STATISTICS: ticketStatisticsSchema,
  SAVED_VIEWS_CHANGED: savedViewsChangedPayloadSchema,
  BULK_ACTION_UPDATED: bulkActionProgressSchema,
  ROLLOUT_UPDATED: rolloutSchema,
  ALERT_UPDATED: alertUpdatedPayloadSchema,
  ALERT_COUNTS: alertCountsSchema,
  FLEET_MAP_CHANGED: fleetMapChangedPayloadSchema,
  SIMULATOR_CHANGED: simulatorChangedPayloadSchema,
};

/** The identity the console announces with {@link IDENTITY_EVENT}: `{ username, email, role }`. */
export const identityPayloadSchema = identitySchema;
/** See {@link identityPayloadSchema}. */
export type IdentityPayload = Identity;

/**
 * Server-to-client events, in socket.io's typing style:
 * `io.of(LIVE_NAMESPACE) as Namespace<ClientToServerEvents, ServerToClientEvents>` on the server,
 * `io(url + LIVE_NAMESPACE) as Socket<ServerToClientEvents, ClientToServerEvents>` in the console.
 */
export interface ServerToClientEvents {
  SERVICE_STATUS: (payload: ServiceStatus) => void;
  RADAR_UPDATE_FAVORITE: (payload: Aligner) => void;
  RADAR_ADD_FAVORITE: (payload: Aligner) => void;
  RADAR_REMOVE_FAVORITE: (payload: RadarRemoveFavoritePayload) => void;
  REPORT_SUPPORT_TICKET_CLOSED: (payload: TicketClosedPayload) => void;
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: (payload: TicketCommentCreatedPayload) => void;
  REPORT_SUPPORT_TICKET_CREATED: (payload: TicketCreatedPayload) => void;
  NEW_SOFTWARE_UPDATE_CREATED: (payload: SoftwareUpdateCreatedPayload) => void;
  /** Updates were scheduled, to the consoles of users who may see the Update Scheduler. */
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: (payload: ScheduleCreatedPayload) => void;
  SOFTWARE_UPDATES_STAGED: (payload: UpdatesStagedPayload) => void;
  CONNECTION_COUNTERS: (payload: ConnectionCounters) => void;
  SUPPORT_TICKET_STATISTICS: (payload: TicketStatistics) => void;
  SAVED_VIEWS_CHANGED: (payload: SavedViewsChangedPayload) => void;
  /** A bulk job's progress, to the user who started it. */
  BULK_ACTION_UPDATED: (payload: BulkActionProgress) => void;
  /** A rollout changed, to the consoles of users who may see rollouts. */
  ROLLOUT_UPDATED: (payload: Rollout) => void;
  /** Alerts changed, to the consoles of users who may see alerts. */
  ALERT_UPDATED: (payload: AlertUpdatedPayload) => void;
  /** The bell's figures, to the consoles of users who may see alerts. */
  ALERT_COUNTS: (payload: AlertCounts) => void;
  /** Some place's counts on the fleet map moved, to the consoles of users who may see the map. */
  FLEET_MAP_CHANGED: (payload: FleetMapChangedPayload) => void;
  /** A tester moved the clock or applied a scenario, to the consoles of users who control the simulator. */
  SIMULATOR_CHANGED: (payload: SimulatorChangedPayload) => void;
}

/** Client-to-server events: only the identity announcement. */
export interface ClientToServerEvents {
  /** The server acknowledges with `{ ok: true }`, or `{ ok: false, error }` when the identity is not the signed-in user. */
  'dashboard/identity': (identity: IdentityPayload, ack?: (answer: IdentityAck) => void) => void;
}

/** The server's answer to the identity announcement. */
export type IdentityAck = { ok: true } | { ok: false; error: string };

// Compile-time guards: the interfaces cover exactly the names above.
type Exactly<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const eventNamesMatch: Exactly<keyof ServerToClientEvents, LiveEventName> = true;
const payloadsMatch: Exactly<
  { [K in LiveEventName]: Parameters<ServerToClientEvents[K]>[0] },
  LiveEventPayloads
> = true;
const identityEventMatches: Exactly<keyof ClientToServerEvents, typeof IDENTITY_EVENT> = true;
void [eventNamesMatch, payloadsMatch, identityEventMatches];
