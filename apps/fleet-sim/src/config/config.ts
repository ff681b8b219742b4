import { resolve } from 'node:path';
import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

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
    .transform((v) => v.split(',').map((t) => t.trim()).filter(Boolean))
    .pipe(z.array(z.enum(['polling', 'websocket'])).min(1)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPDATES_ROOT: z.string().optional(),
  SERIAL_PREFIXES_FILE: z.string().optional(),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int().min(0).default(0),
  TOKEN_SECRET: z.string().min(32).optional(),
  TOKEN_TTL_MINUTES: z.coerce.number().int().min(1).default(12 * 60),
  FAVORITES_LIMIT: z.coerce.number().int().min(0).default(25),
  SIGNIN_FAILURE_LIMIT: z.coerce.number().int().min(1).default(10),
  CONSOLE_DIR: z.string().optional(),
  SIM_SPEED: z.coerce.number().min(0).default(1),
  SIM_ENGINE: booleanish,
  COMMAND_TTL_MINUTES: z.coerce.number().min(0.01).max(7 * 24 * 60).default(60),
  SHUTDOWN_DEADLINE_SECONDS: z.coerce.number().min(1).max(600).default(15),
});

export type RawConfig = z.infer<typeof configSchema>;

export interface Config extends Omit<RawConfig, 'DATA_DIR' | 'PUBLIC_URL' | 'SIM_ENGINE'> {
  DATA_DIR: string;
  PUBLIC_URL: string;
  /** The console's build output, served with a history-mode fallback. */
  CONSOLE_DIR: string;
  /** False only when SIM_ENGINE=false: tests that drive units by hand stop the clock. */
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
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const raw = parsed.data;
  const port = raw.PORT;
  return {
    ...raw,
    DATA_DIR: resolve(cwd, raw.DATA_DIR),
    PUBLIC_URL: (raw.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    CONSOLE_DIR: resolve(cwd, raw.CONSOLE_DIR ?? 'dist/apps/console'),
    SIM_ENGINE: env['SIM_ENGINE'] === undefined ? true : raw.SIM_ENGINE,
  };
}
