/**
 * Business constants of console-core §9 and back-office §9. One place for every number and
 * enumeration the console and the server share.
 */

/** Equipment families (console-core §1). */
export const FAMILIES = ['aligner', 'gtps', 'aligner-oasis'] as const;
/** One of {@link FAMILIES}. */
export type Family = (typeof FAMILIES)[number];

/** Page size of every server-paged table; the console cannot change it (console-core §9, back-office §9). */
export const PAGE_SIZE = 10;

/** Minimum password length (console-core §9). */
export const MIN_PASSWORD_LENGTH = 12;

/** How often the console re-checks password expiry: 30 minutes (console-core §9). */
export const PASSWORD_EXPIRY_CHECK_MS = 1_800_000;

/** Short snackbar timeout, 3 s (console-core §9). */
export const SNACKBAR_MS = 3_000;

/** Alert snackbar timeout, 10 s (console-core §9); also the EZ ADAS snackbar (back-office §9). */
export const ALERT_MS = 10_000;

/** The connected-aligner trend keeps the last 60 samples (console-core §9). */
export const TREND_SAMPLES = 60;

/** Target EOL types a unit can be switched to (console-core §5, §9). */
export const TARGET_TYPES = ['AT200', 'AT700'] as const;
/** One of {@link TARGET_TYPES}. */
export type TargetType = (typeof TARGET_TYPES)[number];

/** Logging levels a unit runs at (console-core §3, §9). */
export const LOG_LEVELS = ['WARN', 'INFO'] as const;
/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Support ticket dispositions offered by the ticket stepper (console-core §3, §9). */
export const TICKET_DISPOSITIONS = ['Demo', 'New Install', 'New Transfer', 'Owned Aligner'] as const;
/** One of {@link TICKET_DISPOSITIONS}. */
export type TicketDisposition = (typeof TICKET_DISPOSITIONS)[number];

/** A new ticket escalates to engineering unless the user unticks it (console-core §9). */
export const TICKET_ESCALATED_DEFAULT = true;

/** Serial numbers are 8 or 9 characters long (console-core §5). */
export const SERIAL_LENGTHS = [8, 9] as const;

/** Message header limit (back-office §5, §9). */
export const MESSAGE_HEADER_MAX = 75;
/** Message body limit (back-office §5, §9). */
export const MESSAGE_BODY_MAX = 200;
/** Message call-to-action limit (back-office §5, §9). */
export const MESSAGE_CALL_TO_ACTION_MAX = 200;

/** MIME types a notification's content may have (back-office §9). */
export const NOTIFICATION_MIME_TYPES = ['image/png', 'image/jpeg', 'text/html'] as const;
/** One of {@link NOTIFICATION_MIME_TYPES}. */
export type NotificationMimeType = (typeof NOTIFICATION_MIME_TYPES)[number];

/** Families a notification can target (back-office §9). */
export const NOTIFICATION_TARGET_FAMILIES = ['aligner', 'gtps', 'all'] as const;
/** One of {@link NOTIFICATION_TARGET_FAMILIES}. */
export type NotificationTargetFamily = (typeof NOTIFICATION_TARGET_FAMILIES)[number];

/** The only notification target type (back-office §9). */
export const NOTIFICATION_TARGET_TYPE = 'geographic';

/** Message targeting always sends this software version (back-office §9). */
export const MESSAGE_SOFTWARE_VERSION = 'all';

/** Message dispositions, in the order of their flow (back-office §4). */
export const MESSAGE_DISPOSITIONS = [
  'draft',
  'pending approval',
  'upcoming',
  'active',
  'completed',
  'deleted',
] as const;
/** One of {@link MESSAGE_DISPOSITIONS}. */
export type MessageDisposition = (typeof MESSAGE_DISPOSITIONS)[number];

/** Ticket attachment types (back-office §9). */
export const ATTACHMENT_MIME_TYPES = ['image/png', 'image/jpeg'] as const;

/** EZ ADAS subscription packages and their codes (back-office §3, §9). */
export const SUBSCRIPTION_PACKAGES = [
  { name: 'Included', code: 0 },
  { name: 'Limited', code: 1 },
  { name: 'Premium + VAG', code: 4 },
] as const;
/** A subscription package name. */
export type SubscriptionPackageName = (typeof SUBSCRIPTION_PACKAGES)[number]['name'];
/** A subscription package code: 0, 1 or 4. */
export type SubscriptionPackageCode = (typeof SUBSCRIPTION_PACKAGES)[number]['code'];

/** Placeholder expiry used by the old console when none is known (back-office §5). */
export const PLACEHOLDER_EXPIRY_DATE = '2078-12-21';

/** Spec update target families, default 'all' (back-office §5, §9). */
export const SPEC_TARGET_FAMILIES = ['all', 'aligner', 'gtps', 'aligner-oasis'] as const;
/** One of {@link SPEC_TARGET_FAMILIES}. */
export type SpecTargetFamily = (typeof SPEC_TARGET_FAMILIES)[number];
/** Default spec update target family (back-office §9). */
export const DEFAULT_SPEC_TARGET_FAMILY: SpecTargetFamily = 'all';
/** Default spec filter (back-office §5). */
export const DEFAULT_SPEC_FILTER = '*';

/** Default software update family (back-office §9). */
export const DEFAULT_UPDATE_FAMILY: Family = 'aligner';

/** Display formats (back-office §9). */
export const DATE_FORMATS = {
  /** Local times everywhere. */
  localDateTime: 'YYYY-MM-DD HH:mm:ss',
  /** Message schedule dates, shown in UTC. */
  messageDate: 'M/D/YYYY h:mm A',
  /** EZ ADAS fixture expirations. */
  fixtureExpiry: 'M/D/YYYY',
} as const;

/** Emulated back-end services and their labels on the home panel (console-core §3). */
export const SERVICES = {
  silvio: 'logging',
  charon: 'gateway',
  dalton: 'auth',
  aligners: 'equipment',
  softwareUpdates: 'softwareUpdates',
  gtpsSoftwareUpdates: 'gtpsSoftwareUpdates',
  radar: 'radar',
  cameraCal: 'cameraCal',
  easy: 'easy',
  truPoint: 'truPoint',
  dashboard: 'dashboard',
  websockets: 'websockets',
  pushNotifications: 'pushNotifications',
} as const;
/** A service name as the status call and reset_service use it. */
export type ServiceName = keyof typeof SERVICES;
/** Every service name, in the spec's order. */
export const SERVICE_NAMES = Object.keys(SERVICES) as ServiceName[];

/**
 * What a user reads for each equipment family (back-office §2.2 buttons: Create Aligner / Tru-Point /
 * Oasis Update). Used in human messages such as staging refusals.
 */
export const FAMILY_LABELS = {
  aligner: 'Aligner',
  gtps: 'Tru-Point',
  'aligner-oasis': 'Oasis',
} as const satisfies Record<Family, string>;

/** The value every unknown decoded field reads (console-core §1: "An unknown prefix decodes to unknown values"). */
export const UNKNOWN = 'unknown';

/** What the detail dialog shows for a build date that cannot be decoded (console-core §2, §8). */
export const NOT_DECODABLE = '...';

/** Length of the model-code prefix of a serial number (console-core §1). */
export const SERIAL_PREFIX_LENGTH = 3;

/** Serial number families of the prefix table (console-core §1). */
export const SERIAL_FAMILIES = ['V1200', 'V2000', 'V3300', 'GTPS'] as const;

/** Host types of the prefix table (console-core §1). */
export const HOST_TYPES = ['wired', 'wireless', 'N/A'] as const;

/** System classes that the gating rules name (console-core §3, §5). Other values exist and are passed through. */
export const SYSTEM_CLASSES = {
  /** A Dragon aligner with a screen. */
  DRAGON: 'DRAGON',
  /** A Dragon aligner without a screen: no screenshots (console-core §5). */
  DRAGON_HEADLESS: 'DRAGON_HEADLESS',
} as const;

/** Units of these system classes can change target type, when they have two cameras (console-core §5). */
export const TARGET_CHANGE_SYSTEM_CLASSES = [SYSTEM_CLASSES.DRAGON, SYSTEM_CLASSES.DRAGON_HEADLESS] as const;

/** The camera count that Change Targets needs (console-core §5). */
export const TARGET_CHANGE_CAMERA_COUNT = 2;

/** The oldest plain-aligner version that supports staging (console-core §5). */
export const STAGING_MIN_ALIGNER_VERSION = '4.0.0';

/** Scheduled updates per day up to this count colour the calendar day green (back-office §9). */
export const DAY_LOAD_GREEN_MAX = 10;
/** Scheduled updates per day up to this count (and above {@link DAY_LOAD_GREEN_MAX}) colour it yellow; more is red (back-office §9). */
export const DAY_LOAD_YELLOW_MAX = 20;

/** Chart rule: versions with a total of 1 or less are left out (back-office §2.2, §2.3, §9). */
export const CHART_MIN_TOTAL_EXCLUSIVE = 1;
