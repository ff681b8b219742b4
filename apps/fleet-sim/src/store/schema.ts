/**
 * The simulator's tables. Unqualified names: the connection's search_path picks the schema, so the
 * same migrations serve PGlite, a PostgreSQL database, and a throw-away schema per test file.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The transaction that last wrote a row (`pg_current_xact_id()`, set by the `touch_change_xid` trigger on
 * every update and by default on insert). Readers follow a table by asking for rows at or above the oldest
 * transaction still running at their previous read, so no commit is ever skipped (store/repos/feed-repo.ts).
 */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });
const changeXid = () =>
  xid8('change_xid')
    .notNull()
    .default(sql`pg_current_xact_id()`);

/** Shards of the fleet: a unit's shard is a hash of its serial (the simulator's unit of ownership). */
export const SHARD_COUNT = 64;

// ---------------------------------------------------------------- people and auth

export const users = pgTable(
  'users',
  {
    username: text('username').primaryKey(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    /** Bumped by a password, role or active change: tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * A random id of this account, fixed at its creation: tokens carry it, so a token of a deleted account never
     * works for a later account of the same name (whose token version starts again at 0).
     */
    accountId: uuid('account_id').notNull().defaultRandom(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /**
     * A user of an identity provider: the provider's issuer and the user's subject there (the key: never the
     * e-mail), and the provider's id (its role comes from the provider's groups at every sign-in). Null for a
     * local user.
     */
    issuer: text('issuer'),
    subject: text('subject'),
    provider: text('provider'),
  },
  (t) => [uniqueIndex('users_issuer_subject_idx').on(t.issuer, t.subject)],
);

export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  username: text('username')
    .notNull()
    .references(() => users.username, { onDelete: 'cascade' }),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * A sign-in through an identity provider: what signing out at the provider (the ID token as a hint), its
 * back-channel logout (the provider's session id) and the periodic check of the user's groups (the refresh token,
 * sealed) need; and the one-time code that hands the product's token to the console.
 */
export const oidcSessions = pgTable(
  'oidc_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username')
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** The provider's session id (the ID token's `sid`), which a back-channel logout may name. */
    sid: text('sid'),
    idToken: text('id_token'),
    /** The provider's refresh token, sealed with a key of the token secret (AES-GCM). */
    refreshToken: text('refresh_token'),
    /** SHA-256 of the one-time code the callback gave the console; null once it was used. */
    handoffHash: text('handoff_hash'),
    handoffExpiresAt: ts('handoff_expires_at'),
    /** When the user's groups are next checked with the refresh token; null when they are not (no refresh token). */
    checkAt: ts('check_at'),
    /** The product token issued for this sign-in stops working then: no check is needed afterwards. */
    expiresAt: ts('expires_at').notNull(),
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oidc_sessions_handoff_idx').on(t.handoffHash),
    index('oidc_sessions_username_idx').on(t.username),
    index('oidc_sessions_sid_idx').on(t.provider, t.sid),
    index('oidc_sessions_check_idx')
      .on(t.checkAt)
      .where(sql`ended_at IS NULL`),
  ],
);

/**
 * Personal access tokens for scripts: only the SHA-256 of the token is kept (it is 256 random bits, so no
 * slow hash is needed), with its name, role (within its user's), expiry, last use (to the minute) and revocation.
 */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username')
      .notNull()
      .references(() => users.username, { onDelete: 'cascade' }),
    /** The account the token was made for: a later account of the same name is not its user. */
    accountId: uuid('account_id').notNull(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
    revokedBy: text('revoked_by'),
  },
  (t) => [
    uniqueIndex('access_tokens_hash_idx').on(t.tokenHash),
    index('access_tokens_username_idx').on(t.username, t.createdAt),
  ],
);

// ---------------------------------------------------------------- the fleet

export const units = pgTable(
  'units',
  {
    serialNumber: text('serial_number').primaryKey(),
    family: text('family').notNull(),
    versionSemantic: text('version_semantic').notNull(),
    versionMeta: text('version_meta').notNull().default(''),
    /** Numeric sort key of the semantic version (major*1e6 + minor*1e3 + patch), -1 when unparsable. */
    versionOrder: integer('version_order').notNull().default(-1),
    specs: jsonb('specs').$type<{ name: string; month: number; year: number } | null>(),
    specsExpiration: jsonb('specs_expiration').$type<{ month: number; year: number } | null>(),
    systemClass: text('system_class').notNull(),
    boardClass: text('board_class').notNull(),
    logLevel: text('log_level').notNull().default('WARN'),
    boardFeatures: jsonb('board_features').$type<{
      numCameras: number;
      numAccel: number;
      isDDAligner: boolean;
    } | null>(),
    targetType: text('target_type'),
    connectCount: integer('connect_count').notNull().default(0),
    connected: boolean('connected').notNull().default(false),
    port: integer('port'),
    address: text('address'),
    currentProcedure: text('current_procedure'),
    alignmentCount: integer('alignment_count').notNull().default(0),
    countryCode: text('country_code').notNull(),
    geolocation: jsonb('geolocation').$type<UnitGeolocation>().notNull(),
    /** The updater's reported state (public fields) and the simulator's bookkeeping (`sim`). */
    updateState: jsonb('update_state').$type<Record<string, unknown>>().notNull(),
    lastSeenOnlineAt: ts('last_seen_online_at'),
    sshPortOpenUntil: ts('ssh_port_open_until'),
    /** The desired revision (unit_desired.rev) whose staged update this unit has installed. */
    stagedRevDone: bigint('staged_rev_done', { mode: 'number' }).notNull().default(0),
    /** The desired revision the unit's update flow serves (null: no flow), as the unit reports it. */
    flowRev: bigint('flow_rev', { mode: 'number' }),
    shard: smallint('shard')
      .notNull()
      .generatedAlwaysAs(sql`(hashtext(serial_number) & 63)`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  // Lists are filtered, sorted and counted from each API process's compact index (read-models/unit-index.ts),
  // which follows this table through unit_change_log; the page's rows are then read by key. So the table
  // keeps few indexes, none on a reported column: an update of reported fields is a HOT update, which
  // keeps the write-behind cheap (1,000 rows: 43 ms without index writes, 323 ms with seven indexes).
  (t) => [
    index('units_family_idx').on(t.family, t.versionOrder),
    index('units_country_idx').on(t.countryCode),
    index('units_shard_idx').on(t.shard, t.serialNumber),
  ],
);

/**
 * A unit's index columns in a change record (see unit-index-repo.ts `IndexSourceRow`), as one JSON array:
 * serial, family, country, version, created, updated, connected, last seen, staged revision done, update
 * state, flow revision, then its desired staging (revision, version, staged at, auto-staged; null when
 * never staged). Times are milliseconds since the epoch.
 */
export type LoggedIndexRow = [
  string,
  string,
  string,
  string,
  number,
  number,
  boolean,
  number | null,
  number,
  string | null,
  number | null,
  number | null,
  string | null,
  number | null,
  boolean | null,
];

/**
 * Which units each write of `units` changed: one row per statement (a write-behind slice of 50 units),
 * not one per unit, so that readers can follow the table without an index on it that every update writes.
 * Pruned after an hour.
 */
export const unitChangeLog = pgTable(
  'unit_change_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serials: text('serials').array().notNull(),
    /** The process whose simulator wrote them (it hands its own writes to its own read models directly). */
    writer: text('writer'),
    /**
     * The index columns of each unit as the statement left it (the simulators' write-behind): API processes
     * take them from here instead of reading every changed unit back. Null: read them back.
     */
    rows: json('rows').$type<LoggedIndexRow[]>(),
    changeXid: changeXid(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('unit_change_log_change_idx').on(t.changeXid)],
);

export interface UnitGeolocation {
  continent_name: string;
  country_name: string;
  region: string;
  city: string;
  country_code: string;
  time_zone: { name: string; offset: number };
}

export interface UnitStaging {
  isStaged: boolean;
  autoStaged: boolean;
  stagedVersion: { semantic: string; meta: string } | null;
  stagedAt: string | null;
  path: string | null;
}

/** Revisions of desired state: every change of a unit's desired row takes the next one. */
export const desiredRevSeq = pgSequence('unit_desired_rev_seq');

/**
 * A unit's desired state, written only by the API: the staged update (none when `stagedSemantic` is
 * null). The unit reads it and reports back (`units.staged_rev_done` once installed); a staging is
 * pending while `rev > staged_rev_done`.
 */
export const unitDesired = pgTable(
  'unit_desired',
  {
    serialNumber: text('serial_number')
      .primaryKey()
      .references(() => units.serialNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    rev: bigint('rev', { mode: 'number' }).notNull(),
    stagedSemantic: text('staged_semantic'),
    stagedMeta: text('staged_meta').notNull().default(''),
    path: text('path'),
    stagedAt: ts('staged_at'),
    autoStaged: boolean('auto_staged').notNull().default(false),
    updatedBy: text('updated_by').notNull(),
    changeXid: changeXid(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('unit_desired_change_idx').on(t.changeXid)],
);

/** Units deleted or renamed away, so that readers following `units` drop them (pruned after a day). */
export const unitTombstones = pgTable(
  'unit_tombstones',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number').notNull(),
    changeXid: changeXid(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('unit_tombstones_change_idx').on(t.changeXid)],
);

/**
 * The dashboard's figures, kept as counter rows as units report (never a GROUP BY over the fleet per
 * read). Rows of a shard are written by the simulator that holds the shard (absolute values), except
 * `desired` rows, which the API moves by +1/-1 as it stages and unstages. Readers sum over shards.
 */
export const fleetCounts = pgTable(
  'fleet_counts',
  {
    metric: text('metric').notNull(),
    family: text('family').notNull(),
    key: text('key').notNull(),
    shard: smallint('shard').notNull(),
    n: integer('n').notNull(),
    changeXid: changeXid(),
  },
  (t) => [
    primaryKey({ columns: [t.metric, t.family, t.key, t.shard] }),
    index('fleet_counts_change_idx').on(t.changeXid),
  ],
);

/** Connected units sampled every simulated minute (the trend graph), the first sampler of a minute wins. */
export const trendSamples = pgTable('trend_samples', {
  at: ts('at').primaryKey(),
  connected: integer('connected').notNull(),
});

export const favorites = pgTable(
  'favorites',
  {
    username: text('username').notNull(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => units.serialNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.username, t.serialNumber] }),
    index('favorites_serial_idx').on(t.serialNumber),
  ],
);

export const screenshots = pgTable(
  'screenshots',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number')
      .notNull()
      .references(() => units.serialNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    image: bytea('image').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('screenshots_serial_idx').on(t.serialNumber)],
);

/** Latest voltages, USB and printer reports, one row per unit and kind. */
export const unitReports = pgTable(
  'unit_reports',
  {
    serialNumber: text('serial_number')
      .notNull()
      .references(() => units.serialNumber, { onDelete: 'cascade', onUpdate: 'cascade' }),
    kind: text('kind').notNull(),
    data: jsonb('data').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.serialNumber, t.kind] })],
);

/**
 * The durable command queue: the API inserts a command `queued` (with who asked and until when it may
 * wait); the unit's simulator moves it to `sent`, then `completed` or `failed` with its answer, or
 * `expired` when the unit did not take it in time. Times are on the simulated clock.
 */
export const commands = pgTable(
  'commands',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number').notNull(),
    command: text('command').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
    username: text('username').notNull(),
    status: text('status').notNull(),
    result: jsonb('result'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    sentAt: ts('sent_at'),
    completedAt: ts('completed_at'),
    changeXid: changeXid(),
  },
  (t) => [
    index('commands_serial_idx').on(t.serialNumber, t.createdAt),
    index('commands_change_idx').on(t.changeXid),
    index('commands_open_idx')
      .on(t.serialNumber)
      .where(sql`status IN ('queued', 'sent')`),
  ],
);

// ---------------------------------------------------------------- tickets

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    status: text('status').notNull().default('open'),
    escalated: boolean('escalated').notNull().default(true),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull().default(''),
    closedByUsername: text('closed_by_username'),
    closedAt: ts('closed_at'),
    originatorName: text('originator_name').notNull().default(''),
    originatorEmail: text('originator_email').notNull().default(''),
    techOnSite: boolean('tech_on_site'),
    exhibitingNow: boolean('exhibiting_now'),
    reproducible: boolean('reproducible'),
    disposition: text('disposition').notNull().default(''),
    inService: text('in_service').notNull().default(''),
    componentsReplaced: text('components_replaced').notNull().default(''),
    description: text('description').notNull().default(''),
    circumstance: text('circumstance').notNull().default(''),
    attemptedResolution: text('attempted_resolution').notNull().default(''),
    environment: text('environment').notNull().default(''),
    other: text('other').notNull().default(''),
    issueStartedOn: text('issue_started_on').notNull().default(''),
    version: text('version').notNull().default(''),
    specs: text('specs').notNull().default('unknown'),
    connected: boolean('connected').notNull().default(false),
    family: text('family').notNull().default('aligner'),
    model: text('model').notNull().default('unknown'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tickets_serial_idx').on(t.serialNumber),
    index('tickets_status_idx').on(t.status, t.id),
    index('tickets_issuer_idx').on(t.issuerUsername),
  ],
);

export const ticketComments = pgTable(
  'ticket_comments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUsername: text('author_username').notNull(),
    text: text('text').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId)],
);

export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    thumbFileName: text('thumb_file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    description: text('description').notNull(),
    authorUsername: text('author_username').notNull(),
    data: bytea('data').notNull(),
    thumbnail: bytea('thumbnail').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId)],
);

// ---------------------------------------------------------------- updates and scheduling

export const softwareUpdates = pgTable(
  'software_updates',
  {
    id: serial('id').primaryKey(),
    family: text('family').notNull(),
    semantic: text('semantic').notNull(),
    meta: text('meta').notNull().default(''),
    path: text('path').notNull(),
    prerequisite: jsonb('prerequisite'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('software_updates_family_semantic_idx').on(t.family, t.semantic, t.meta)],
);

export const specUpdates = pgTable('spec_updates', {
  id: serial('id').primaryKey(),
  path: text('path').notNull().unique(),
  version: jsonb('version').$type<Record<string, unknown>>().notNull(),
  prerequisites: jsonb('prerequisites').$type<Record<string, unknown>>().notNull(),
  active: boolean('active').notNull().default(true),
  targetFamily: text('target_family').notNull().default('all'),
  filter: jsonb('filter').$type<string[]>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    family: text('family').notNull(),
    versionSemantic: text('version_semantic').notNull(),
    versionMeta: text('version_meta').notNull().default(''),
    path: text('path').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('scheduled'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('schedules_date_idx').on(t.date), index('schedules_serial_idx').on(t.serialNumber)],
);

/** Update-scheduler activity per family, bucketed by day and by hour (back-office §3). */
export const schedulerActivity = pgTable(
  'scheduler_activity',
  {
    family: text('family').notNull(),
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    deliveries: integer('deliveries').notNull().default(0),
    atCurrentVersion: integer('at_current_version').notNull().default(0),
    autoStaged: integer('auto_staged').notNull().default(0),
    connectedCount: integer('connected_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.family, t.bucket, t.key] })],
);

export const schedulerCounters = pgTable('scheduler_counters', {
  family: text('family').primaryKey(),
  autoStaged: integer('auto_staged').notNull().default(0),
  autoUnstaged: integer('auto_unstaged').notNull().default(0),
  autoUnstagedDueToHungCount: integer('auto_unstaged_due_to_hung_count').notNull().default(0),
  averageSlotAge: doublePrecision('average_slot_age').notNull().default(0),
});

// ---------------------------------------------------------------- outreach

export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  resourcePath: text('resource_path').notNull(),
  mimeType: text('mime_type').notNull(),
  beginsOn: ts('begins_on').notNull(),
  endsOn: ts('ends_on').notNull(),
  targetType: text('target_type').notNull(),
  target: jsonb('target')
    .$type<{ family: string; country: string; region: string | null; city: string | null }>()
    .notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    header: text('header').notNull(),
    body: text('body').notNull(),
    callToAction: text('call_to_action').notNull(),
    startDate: ts('start_date').notNull(),
    endDate: ts('end_date').notNull(),
    market: text('market').notNull(),
    softwareVersion: text('software_version').notNull().default('all'),
    serialNumbers: jsonb('serial_numbers').$type<string[]>().notNull(),
    issuerUsername: text('issuer_username').notNull(),
    issuerEmail: text('issuer_email').notNull(),
    disposition: text('disposition').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('messages_disposition_idx').on(t.disposition, t.issuerUsername)],
);

// ---------------------------------------------------------------- EZ ADAS

export const ezFixtures = pgTable('ez_fixtures', {
  serialNumber: text('serial_number').primaryKey(),
  activationCount: integer('activation_count').notNull().default(0),
  subscriptionPackage: integer('subscription_package').notNull().default(0),
  subscriptionExpires: date('subscription_expires', { mode: 'string' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ezTargets = pgTable('ez_targets', {
  targetName: text('target_name').primaryKey(),
  targetId: integer('target_id').notNull(),
  packageName: text('package_name').notNull(),
  packageIndex: integer('package_index').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------- Tru-Point, camera calibration, AI

export const pairings = pgTable(
  'pairings',
  {
    id: serial('id').primaryKey(),
    status: text('status').notNull(),
    vendor: text('vendor').notNull(),
    vendorKey: text('vendor_key').notNull(),
    alignmentId: text('alignment_id').notNull(),
    truPointSerialNumber: text('tru_point_serial_number').notNull(),
    reason: text('reason'),
    calibrations: jsonb('calibrations')
      .$type<{ name: string; state: string; passed: boolean; reportMessage: string | null }[]>()
      .notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('pairings_status_idx').on(t.status, t.createdAt)],
);

export const cameraCals = pgTable(
  'camera_cals',
  {
    id: serial('id').primaryKey(),
    operator: text('operator').notNull(),
    version: text('version').notNull(),
    date: ts('date').notNull(),
    /** Board serial numbers of both sides, for the serial filter. */
    boardSerials: text('board_serials').notNull(),
    record: jsonb('record').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('camera_cals_date_idx').on(t.date)],
);

export const chatSessions = pgTable(
  'chat_sessions',
  {
    sessionId: text('session_id').primaryKey(),
    serialNumber: text('serial_number').notNull(),
    isOpen: boolean('is_open').notNull().default(true),
    conversation: jsonb('conversation').$type<{ query: string; response: string }[]>().notNull(),
    queueWaitSeconds: doublePrecision('queue_wait_seconds'),
    engineSeconds: doublePrecision('engine_seconds'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('chat_sessions_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- simulator

/** The emulated back-end services: held down by a scenario (`up`), or restarting until `down_until` (simulated). */
export const services = pgTable('services', {
  name: text('name').primaryKey(),
  up: boolean('up').notNull().default(true),
  downUntil: ts('down_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Which simulator holds each shard of the fleet, until when (the database's clock). A holder renews its
 * leases while it lives; a lease that runs out is taken by another simulator. Only the holder of a shard
 * writes its units' reported state, and every write carries the fencing token it got with the lease: the token
 * grows with every new holder, so a simulator frozen past its lease writes nothing once another took the shard,
 * even if it takes the shard back later.
 */
export const shardLeases = pgTable('shard_leases', {
  shard: smallint('shard').primaryKey(),
  holder: text('holder'),
  expiresAt: ts('expires_at'),
  token: bigint('token', { mode: 'number' }).notNull().default(0),
});

/** The simulators alive (each renews its row), so that each takes its fair share of the shards. */
export const simWorkers = pgTable('sim_workers', {
  id: text('id').primaryKey(),
  startedAt: ts('started_at').notNull().defaultNow(),
  seenAt: ts('seen_at').notNull().defaultNow(),
});

/**
 * Scenario changes for the simulators of a cluster (FLEET_ROLE=sim): each applies a directive's unit rules to
 * the units of the shards it holds, at `due_at` (simulated time; now when null), and records what it did. The
 * rest of a later step (services, settings, releases, radars) is done once, by the simulator that claims it.
 */
export const simDirectives = pgTable(
  'sim_directives',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull(),
    seed: text('seed').notNull(),
    dueAt: ts('due_at'),
    /** The simulator that did the step's part outside the units (null: not done, or nothing to do). */
    globalBy: text('global_by'),
    changeXid: changeXid(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('sim_directives_change_idx').on(t.changeXid)],
);

export const simDirectiveResults = pgTable(
  'sim_directive_results',
  {
    directiveId: bigint('directive_id', { mode: 'number' })
      .notNull()
      .references(() => simDirectives.id, { onDelete: 'cascade' }),
    worker: text('worker').notNull(),
    shards: smallint('shards').array().notNull(),
    unitsChanged: integer('units_changed').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.directiveId, t.worker] })],
);

/** One later step of an applied scenario: when it plays, and whether a tester cancelled it. */
export interface ScenarioRunStep {
  /** When, after the apply, as the scenario says it ('20m'). */
  at: string;
  /** Simulated time it plays at (ISO). */
  dueAt: string;
  cancelledAt: string | null;
  cancelledBy: string | null;
  /**
   * What the step changes (the scenario's step without its `at`) and the seed of its random picks: a process that
   * simulates the units keeps a step's timer in memory, so a restored snapshot's pending steps are scheduled again
   * from these. Absent on runs recorded before snapshots.
   */
  changes?: Record<string, unknown>;
  seed?: string;
  /** In a cluster, the directive the simulators play it from (deleted when the step is cancelled). */
  directiveId?: number;
}

/** A scenario applied to the world (the Simulator's timeline): who applied it when, and its later steps. */
export const scenarioRuns = pgTable(
  'scenario_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    appliedBy: text('applied_by').notNull(),
    /** Simulated time of the apply. */
    appliedAt: ts('applied_at').notNull(),
    steps: jsonb('steps').$type<ScenarioRunStep[]>().notNull(),
  },
  (t) => [index('scenario_runs_applied_idx').on(t.appliedAt)],
);

/** Small key-value settings of the simulator: the clock, the seed the world was made from. */
export const simSettings = pgTable('sim_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------- fleet operations: saved views, rollouts, bulk actions, history

/** A named set of filters and sort of a list screen, for its owner or shared with everyone. */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    /** The list it applies to: 'equipment', 'scheduler-staged', 'scheduler-pending', 'scheduler-history'. */
    screen: text('screen').notNull(),
    name: text('name').notNull(),
    owner: text('owner').notNull(),
    shared: boolean('shared').notNull().default(false),
    /** The list's query: filters and sort, as the screen's URL holds them. */
    query: jsonb('query').$type<Record<string, string>>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('saved_views_screen_idx').on(t.screen, t.owner)],
);

/** A unit's timeline (connections, versions, update phases, commands, staging, tickets), trimmed by age. */
export const unitHistory = pgTable(
  'unit_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    serialNumber: text('serial_number').notNull(),
    kind: text('kind').notNull(),
    /** What happened, as the timeline shows it. */
    summary: text('summary').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    /** Who caused it (a username), or null for the unit itself. */
    actor: text('actor'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('unit_history_serial_idx').on(t.serialNumber, t.id), index('unit_history_at_idx').on(t.at)],
);

/** A phased rollout of one published version to a target of units. */
export const rollouts = pgTable(
  'rollouts',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    family: text('family').notNull(),
    version: text('version').notNull(),
    path: text('path').notNull(),
    /** How the target was chosen: { kind: 'view' | 'filters' | 'csv', viewId?, query?, fileName? }. */
    target: jsonb('target').$type<Record<string, unknown>>().notNull(),
    /** Cumulative percentages of the target, e.g. [1, 10, 50, 100]. */
    phases: integer('phases').array().notNull(),
    failureThreshold: doublePrecision('failure_threshold').notNull(),
    successThreshold: doublePrecision('success_threshold').notNull(),
    /** Hours of the unit's local day when it may start installing, or null for any time. */
    windowStartHour: smallint('window_start_hour'),
    windowEndHour: smallint('window_end_hour'),
    /** 'running' | 'paused' | 'aborted' | 'finished'. */
    state: text('state').notNull(),
    currentPhase: smallint('current_phase').notNull().default(0),
    pauseReason: text('pause_reason'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    changeXid: changeXid(),
  },
  (t) => [index('rollouts_change_idx').on(t.changeXid), index('rollouts_state_idx').on(t.state)],
);

/** A unit of a rollout: its phase and how its update went. */
export const rolloutUnits = pgTable(
  'rollout_units',
  {
    rolloutId: integer('rollout_id')
      .notNull()
      .references(() => rollouts.id, { onDelete: 'cascade' }),
    serialNumber: text('serial_number').notNull(),
    phase: smallint('phase').notNull(),
    /** 'pending' | 'downloading' | 'installing' | 'done' | 'failed' | 'skipped'. */
    state: text('state').notNull().default('pending'),
    /** Why skipped or failed (the staging rule, the unit's failure, a time-out). */
    reason: text('reason'),
    /** The unit's last update state as it reported it. */
    lastState: text('last_state'),
    startedAt: ts('started_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rolloutId, t.serialNumber] }),
    index('rollout_units_phase_idx').on(t.rolloutId, t.phase, t.state),
    index('rollout_units_serial_idx').on(t.serialNumber),
    // The alert evaluator's look for units that failed since its last look.
    index('rollout_units_failed_idx')
      .on(t.rolloutId, t.updatedAt)
      .where(sql`state = 'failed'`),
  ],
);

/** A bulk action over a selection of units, run on the server as one job. */
export const bulkActions = pgTable('bulk_actions', {
  id: serial('id').primaryKey(),
  action: text('action').notNull(),
  args: jsonb('args').$type<Record<string, unknown>>().notNull().default({}),
  /** The selection: { serials } or { query } (all units matching the list's filters). */
  selection: jsonb('selection').$type<Record<string, unknown>>().notNull(),
  /** 'running' | 'done' | 'failed'. */
  state: text('state').notNull(),
  total: integer('total').notNull().default(0),
  done: integer('done').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  failed: integer('failed').notNull().default(0),
  /** Skipped and failed units with their reasons (the first few hundred), and counts by reason. */
  outcomes: jsonb('outcomes').$type<Record<string, unknown>>().notNull().default({}),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  changeXid: changeXid(),
});

// ---------------------------------------------------------------- alerts

/**
 * Whatever one process may do alone (the alert evaluator and notifier, ...): a lease row with an expiry and a
 * fencing token that grows with every new holder. Every write of the holder checks its token, so a holder that
 * was frozen past its lease and wakes up after another took it writes nothing.
 */
export const jobLeases = pgTable('job_leases', {
  name: text('name').primaryKey(),
  holder: text('holder'),
  token: bigint('token', { mode: 'number' }).notNull().default(0),
  expiresAt: ts('expires_at'),
});

/** An alert rule: what it watches (kind, scope), how severe, after how long, and whom it notifies. */
export const alertRules = pgTable('alert_rules', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
  severity: text('severity').notNull(),
  /** { kind: 'fleet' | 'view' | 'filters' | 'serials', viewId?, filters?, serials? }. */
  scope: jsonb('scope').$type<Record<string, unknown>>().notNull(),
  forMinutes: integer('for_minutes').notNull(),
  threshold: doublePrecision('threshold'),
  includeAlreadyOffline: boolean('include_already_offline').notNull().default(false),
  /** { email: string[], webhookIds: number[] }. */
  channels: jsonb('channels').$type<{ email: string[]; webhookIds: number[] }>().notNull(),
  remindEveryMinutes: integer('remind_every_minutes'),
  escalateAfterMinutes: integer('escalate_after_minutes'),
  escalateTo: jsonb('escalate_to').$type<{ email: string[]; webhookIds: number[] } | null>(),
  /** The flapping guard: { drops, windowMinutes }. */
  flapping: jsonb('flapping').$type<{ drops: number; windowMinutes: number }>().notNull(),
  enabled: boolean('enabled').notNull().default(true),
  createdBy: text('created_by').notNull(),
  /** Simulated time. */
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/**
 * An alert: one rule and one subject. At most one open (not resolved) alert per rule and subject, which a condition
 * that holds again updates; times are simulated.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    ruleId: integer('rule_id').notNull(),
    /** The rule's name when the alert last changed (a deleted rule's alerts keep it). */
    ruleName: text('rule_name').notNull(),
    kind: text('kind').notNull(),
    severity: text('severity').notNull(),
    /** 'unit:<serial>', 'service:<name>', 'rollout:<id>', 'ticket:<id>', 'scope' (connectedShare), 'flap:<serial>'. */
    subjectKey: text('subject_key').notNull(),
    subject: jsonb('subject').$type<Record<string, unknown>>().notNull(),
    /** The unit the alert is about, for its History timeline and the serial filter. */
    serialNumber: text('serial_number'),
    family: text('family'),
    /** Where the unit is (its country and region when the alert opened): the alert center groups a storm by place. */
    countryCode: text('country_code'),
    region: text('region'),
    /** 'pending' | 'firing' | 'acknowledged' | 'resolved' | 'silenced'. */
    state: text('state').notNull(),
    summary: text('summary').notNull(),
    cause: text('cause'),
    startedAt: ts('started_at').notNull(),
    firedAt: ts('fired_at'),
    acknowledgedBy: text('acknowledged_by'),
    acknowledgedAt: ts('acknowledged_at'),
    comment: text('comment'),
    resolvedAt: ts('resolved_at'),
    resolvedBy: text('resolved_by'),
    /** Reminders and escalation (simulated time). */
    lastRemindedAt: ts('last_reminded_at'),
    escalatedAt: ts('escalated_at'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('alerts_open_subject_idx')
      .on(t.ruleId, t.subjectKey)
      .where(sql`state <> 'resolved'`),
    index('alerts_state_idx').on(t.state, t.updatedAt),
    index('alerts_serial_idx').on(t.serialNumber),
    index('alerts_rule_idx').on(t.ruleId, t.state),
    // The list's order (most recently changed first), and a subject's earlier alerts (the evaluator's episode check).
    index('alerts_updated_idx').on(t.updatedAt, t.id),
    index('alerts_rule_subject_idx').on(t.ruleId, t.subjectKey, t.startedAt),
    // The alert center's groups: open alerts by rule and place.
    index('alerts_place_idx')
      .on(t.ruleId, t.countryCode, t.region)
      .where(sql`state <> 'resolved'`),
  ],
);

/** Every change of an alert's state, with who or what caused it. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alertId: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    fromState: text('from_state'),
    toState: text('to_state').notNull(),
    by: text('by').notNull(),
    comment: text('comment'),
    /** Simulated time. */
    at: ts('at').notNull(),
  },
  (t) => [index('alert_events_alert_idx').on(t.alertId, t.id)],
);

/** A silence or recurring maintenance window: alerts it matches notify nobody while it is active. */
export const silences = pgTable('silences', {
  id: serial('id').primaryKey(),
  /** { ruleId?, serials?, viewId?, families?, services? }. */
  matcher: jsonb('matcher').$type<Record<string, unknown>>().notNull(),
  /** Simulated times. */
  startsAt: ts('starts_at').notNull(),
  endsAt: ts('ends_at').notNull(),
  reason: text('reason').notNull(),
  /** { days, startHour, endHour, timeZone }, or null. */
  recurring: jsonb('recurring').$type<Record<string, unknown> | null>(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** A webhook alert rules may notify; its secret signs every delivery. */
export const webhooks = pgTable('webhooks', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  url: text('url').notNull(),
  secret: text('secret').notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/**
 * The outbox of alert notifications: written in the same transaction as the change of state that causes it, then
 * grouped by rule and event into messages (`message_id` set) by the notifier.
 */
export const alertNotifications = pgTable(
  'alert_notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ruleId: integer('rule_id').notNull(),
    alertId: integer('alert_id').notNull(),
    /** 'firing' | 'resolved' | 'acknowledged' | 'reminder' | 'escalation'. */
    event: text('event').notNull(),
    /** Real time. */
    createdAt: ts('created_at').notNull().defaultNow(),
    messageId: text('message_id'),
  },
  (t) => [
    index('alert_notifications_open_idx')
      .on(t.ruleId, t.event)
      .where(sql`message_id IS NULL`),
  ],
);

/**
 * One message to one channel (a webhook, or e-mail to its recipients), sent at least once: its id is the delivery
 * id receivers see on every retry, and its payload the exact bytes sent.
 */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: text('id').primaryKey(),
    /** 'webhook' | 'email'. */
    channel: text('channel').notNull(),
    webhookId: integer('webhook_id').references(() => webhooks.id, { onDelete: 'cascade' }),
    recipients: text('recipients').array(),
    /** 'alert.firing' | 'alert.resolved' | 'alert.acknowledged' | 'test' (reminders and escalations go as alert.firing). */
    event: text('event').notNull(),
    title: text('title').notNull(),
    payload: text('payload').notNull(),
    /** 'pending' | 'delivered' | 'failed'. */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastResponse: text('last_response'),
    /** Real times. */
    createdAt: ts('created_at').notNull().defaultNow(),
    firstAttemptAt: ts('first_attempt_at'),
    lastAttemptAt: ts('last_attempt_at'),
    nextAttemptAt: ts('next_attempt_at').defaultNow(),
  },
  (t) => [
    index('alert_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('alert_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
  ],
);

/** A user's alert e-mail preferences. */
export const alertPreferences = pgTable('alert_preferences', {
  username: text('username')
    .primaryKey()
    .references(() => users.username, { onDelete: 'cascade' }),
  emailSeverities: text('email_severities').array().notNull(),
  /** Real time. */
  mutedUntil: ts('muted_until'),
});

/** Staff actions that are not commands to a unit (alert acknowledgements, rule changes, silences), for the audit log. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    username: text('username').notNull(),
    /** 'alert.acknowledge', 'alert.resolve', 'alertRule.create', 'alertRule.update', 'alertRule.delete', 'silence.create', 'silence.expire', 'webhook.create', 'webhook.delete'. */
    action: text('action').notNull(),
    serialNumber: text('serial_number'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('audit_log_at_idx').on(t.at)],
);

// ---------------------------------------------------------------- fleet history (Fleet Health)

/**
 * The fleet's history, written by the rollups job (jobs/fleet-rollups.ts) and read by Fleet Health: one row per UTC
 * day and family × country × software version, holding the day's 24 hours as arrays (index 0 is 00:00 UTC) and the
 * day's totals. Update counts go by the version being installed; alerts not about a unit have country and version ''.
 * One row a day rather than a row an hour: a tenth of the rows and bytes, and a new demo world's 90 days of history
 * are written in a second. Past the hourly retention the arrays are emptied (null) and the day's totals stay until
 * the daily retention. Sums, never averages, so that any grouping adds up: unit-minutes are units sampled times the
 * minutes they stood for, so a bucket's connected share is connected unit-minutes over unit-minutes.
 */
export const fleetRollups = pgTable(
  'fleet_rollups',
  {
    day: date('day', { mode: 'string' }).notNull(),
    family: text('family').notNull(),
    countryCode: text('country_code').notNull(),
    version: text('version').notNull(),
    unitMinutes: real('unit_minutes').array(),
    connectedMinutes: real('connected_minutes').array(),
    updatesStarted: integer('updates_started').array(),
    updatesSucceeded: integer('updates_succeeded').array(),
    updatesFailed: integer('updates_failed').array(),
    alertsFired: integer('alerts_fired').array(),
    ticketsOpened: integer('tickets_opened').array(),
    dayUnitMinutes: doublePrecision('day_unit_minutes').notNull().default(0),
    dayConnectedMinutes: doublePrecision('day_connected_minutes').notNull().default(0),
    dayUpdatesStarted: integer('day_updates_started').notNull().default(0),
    dayUpdatesSucceeded: integer('day_updates_succeeded').notNull().default(0),
    dayUpdatesFailed: integer('day_updates_failed').notNull().default(0),
    dayAlertsFired: integer('day_alerts_fired').notNull().default(0),
    dayTicketsOpened: integer('day_tickets_opened').notNull().default(0),
    /** The day's fired alerts by alert kind (null: none). */
    dayAlertsByKind: jsonb('day_alerts_by_kind').$type<Record<string, number>>(),
  },
  // Reads name a family and often a country, then a range of days; a read of the whole fleet, and the retention,
  // go by day.
  (t) => [
    primaryKey({ columns: [t.family, t.countryCode, t.day, t.version] }),
    index('fleet_rollups_day_idx').on(t.day),
  ],
);

/**
 * How many minutes of each hour the rollups sampled (a day a row, like fleet_rollups): the denominator of a
 * bucket's average units, and what tells a bucket the history did not cover (no process kept it) from an empty one.
 */
export const fleetRollupCoverage = pgTable('fleet_rollup_coverage', {
  day: date('day', { mode: 'string' }).primaryKey(),
  minutes: real('minutes').array().notNull(),
  dayMinutes: doublePrecision('day_minutes').notNull().default(0),
});

/**
 * Where the rollups job stands (one row, written in the transaction of each pass's counts): the simulated instant
 * it last sampled, and its cursors over unit_history and alert_events.
 */
export const fleetRollupState = pgTable('fleet_rollup_state', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, unknown>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// ---------------------------------------------------------------- field-state snapshots (the Simulator screen)

/**
 * A saved simulated world: its name, who saved it, the clock then, its digest (see store/repos/snapshots-repo.ts).
 * Its rows are in typed copies of the world's tables, `sim_snapshot_<table>` (migration 0018), made from the tables
 * by `LIKE` and so not declared here; snapshot-tables.test.ts checks they have the columns a snapshot keeps.
 */
export const simSnapshots = pgTable(
  'sim_snapshots',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** The simulated clock when the world was saved, and its speed. */
    simulatedAt: ts('simulated_at').notNull(),
    speed: doublePrecision('speed').notNull(),
    /** The seed the world was made from. */
    seed: text('seed').notNull(),
    units: integer('units').notNull(),
    digest: text('digest').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [index('sim_snapshots_created_idx').on(t.createdAt)],
);
