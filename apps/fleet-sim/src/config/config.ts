import { resolve } from 'node:path';
import { z } from 'zod';
import { oidcSettings, type OidcProviderSettings } from './oidc-settings';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** A switch that is on unless set to false or 0. */
const onUnlessOff = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v !== 'false' && v !== '0');

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined))
  .pipe(z.url().optional());

/** Every environment variable the simulator reads, with its default. Nothing else reads process.env. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./.data'),
  DATABASE_URL: optionalUrl,
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/, 'a lower-case SQL identifier')
    .optional(),
  /** How long a new PostgreSQL connection may take before the call that wanted it fails (503) instead of hanging. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(2_000),
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().default('Equipment Dashboard <no-reply@equipment-dashboard.local>'),
  ENGINEERING_MAIL: z.string().default('engineering@equipment-dashboard.example'),
  PUBLIC_URL: optionalUrl,
  FLEET_SIZE: z.coerce.number().int().min(0).max(5_000_000).default(5000),
  FLEET_SEED: z.string().default('equipment-dashboard'),
  DEMO_PASSWORD: z.string().optional(),
  LIVE_TRANSPORTS: z
    .string()
    .default('polling')
    .transform((v) =>
      v
        .split(',')
        .map((t) => t.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(['polling', 'websocket'])).min(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Readable lines (`pretty`), JSON lines (`json`), or `auto`: readable when stdout is a terminal. */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  UPDATES_ROOT: z.string().optional(),
  SERIAL_PREFIXES_FILE: z.string().optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(12 * 60),
  FAVORITES_LIMIT: z.coerce.number().int().min(0).default(25),
  SIGNIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  SIGNIN_ADDRESS_FAILURE_LIMIT: z.coerce.number().int().min(1).default(50),
  RESET_REQUEST_LIMIT: z.coerce.number().int().min(1).default(3),
  RESET_ADDRESS_LIMIT: z.coerce.number().int().min(1).default(10),
  CONSOLE_DIR: z.string().optional(),
  SIM_SPEED: z.coerce.number().min(0).default(1),
  /** The largest snapshot file an import takes (MiB, compressed). */
  SIM_SNAPSHOT_IMPORT_MAX_MB: z.coerce.number().min(0).default(1024),
  SIM_ENGINE: booleanish,
  FLEET_ROLE: z.enum(['all', 'api', 'sim', 'jobs']).optional(),
  /**
   * Whether an API process takes the background jobs' leases (alert evaluator and notifier, rollout driver, schedule
   * player, history trimmer, fleet rollups, bulk actions): `all` (the default), or `none` beside a jobs process.
   */
  FLEET_JOBS: z.enum(['all', 'none']).default('all'),
  SIM_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** The CPU priority a jobs process (FLEET_ROLE=jobs) lowers itself to: the consoles' calls come first. */
  JOBS_NICE: z.coerce.number().int().min(0).max(19).default(5),
  COMMAND_TTL_MINUTES: z.coerce
    .number()
    .min(0.01)
    .max(7 * 24 * 60)
    .default(60),
  HISTORY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** How long the fleet's hourly history is kept (days; Fleet Health), then only its daily buckets. */
  ROLLUP_HOURLY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  /** Whether the first rollups pass over a new demo world writes its 90 days of history (Fleet Health's past). */
  FLEET_HISTORY_BACKFILL: onUnlessOff,
  /** How long the fleet's daily history is kept (days); at least the hourly retention. */
  ROLLUP_DAILY_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(730),
  SHUTDOWN_DEADLINE_SECONDS: z.coerce.number().min(1).max(600).default(15),
  /** The first wait before an alert delivery is tried again (real seconds); each next one doubles, for 24 hours. */
  ALERT_RETRY_BASE_SECONDS: z.coerce.number().min(0.1).max(3600).default(5),
  // Signing in with an identity provider (OpenID Connect): off while OIDC_ISSUER is unset. The provider's fields
  // (and OIDC_PROVIDERS, a JSON list of them) are read and checked together in oidc-settings.ts.
  OIDC_ISSUER: z.string().trim().optional(),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_NAME: z.string().trim().optional(),
  OIDC_SCOPES: z.string().trim().optional(),
  OIDC_ROLE_CLAIM: z.string().trim().optional(),
  OIDC_ROLE_MAP: z.string().optional(),
  OIDC_ROLE_STRICT: z.enum(['true', 'false', '1', '0', '']).optional(),
  OIDC_PROVIDERS: z.string().optional(),
  /** The sign-in page goes to the (first) provider at once; `/login?local=1` still shows the local form. */
  OIDC_AUTO_REDIRECT: booleanish,
  /** How often a provider's user is checked again with the provider's refresh token (groups, still there). */
  OIDC_RECHECK_MINUTES: z.coerce
    .number()
    .min(0.05)
    .max(24 * 60)
    .default(15),
  /** Who may use the password form: everyone, admin accounts only (the break-glass door), or nobody. */
  LOCAL_LOGIN: z.enum(['all', 'admins', 'off']).default('all'),
  /** The command line's personal access token (instead of a password) for calls to a running server. */
  FLEET_TOKEN: z.string().trim().optional(),
});

export type RawConfig = z.infer<typeof configSchema>;

/**
 * What a process does: `all` (one process: API, live channel, console, the background jobs and every unit; the only
 * role on PGlite), `api` (HTTP, live channel, console, and the background jobs unless FLEET_JOBS=none; simulates no
 * unit), `sim` (simulates the shards it leases; serves only GET /healthz), `jobs` (the background jobs under their
 * leases, following the store as an API process does; serves only GET /healthz, /readyz and /metrics).
 */
export type FleetRole = 'all' | 'api' | 'sim' | 'jobs';

export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'PUBLIC_URL' | 'SIM_ENGINE' | 'FLEET_ROLE'> {
  /** The identity providers (OIDC_* and OIDC_PROVIDERS), checked; empty while OIDC is off. */
  OIDC: OidcProviderSettings[];
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** The console's build output, served with a history-mode fallback. */
  CONSOLE_DIR: string;
  FLEET_ROLE: FleetRole;
  /** Whether this process simulates units (roles all and sim). */
  SIM_ENGINE: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment once; lists every bad variable at once. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = configSchema.safeParse(env);
  // The providers' problems are listed with the schema's, so one start names every bad variable.
  const oidc = oidcSettings(env);
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
      ...oidc.problems,
    ]);
  }
  const raw = parsed.data;
  const port = raw.PORT;
  // SIM_ENGINE=false, the earlier way to add an API process, means FLEET_ROLE=api.
  const role: FleetRole =
    raw.FLEET_ROLE ?? (env['SIM_ENGINE'] !== undefined && !raw.SIM_ENGINE ? 'api' : 'all');
  const problems: string[] = [];
  if (role !== 'all' && !raw.DATABASE_URL) {
    problems.push(
      `FLEET_ROLE=${role} needs DATABASE_URL: processes in roles share one PostgreSQL (the embedded store serves one process, FLEET_ROLE=all).`,
    );
  }
  if (raw.ROLLUP_DAILY_RETENTION_DAYS < raw.ROLLUP_HOURLY_RETENTION_DAYS) {
    problems.push(
      `ROLLUP_DAILY_RETENTION_DAYS (${raw.ROLLUP_DAILY_RETENTION_DAYS}) must be at least ROLLUP_HOURLY_RETENTION_DAYS (${raw.ROLLUP_HOURLY_RETENTION_DAYS}): a day is kept while its hours are.`,
    );
  }
  if (role !== 'all' && !raw.REDIS_URL) {
    problems.push(
      `FLEET_ROLE=${role} needs REDIS_URL: several processes share their live events through Redis.`,
    );
  }
  if (raw.FLEET_JOBS === 'none' && role !== 'api') {
    problems.push(
      `FLEET_JOBS=none is for API processes (FLEET_ROLE=api) beside a jobs process (FLEET_ROLE=jobs); FLEET_ROLE=${role} would leave the background jobs to nobody.`,
    );
  }
  problems.push(...oidc.problems);
  if (raw.LOCAL_LOGIN === 'off' && oidc.providers.length === 0) {
    problems.push(
      'LOCAL_LOGIN=off needs an identity provider (OIDC_ISSUER or OIDC_PROVIDERS): nobody could sign in.',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    ...raw,
    OIDC: oidc.providers,
    DATA_DIR: resolve(cwd, raw.DATA_DIR),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    CONSOLE_DIR: resolve(cwd, raw.CONSOLE_DIR ?? 'dist/apps/console'),
    FLEET_ROLE: role,
    SIM_ENGINE: role === 'all' || role === 'sim',
  };
}
