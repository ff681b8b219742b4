import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
import type { Logger } from 'pino';
import { metrics } from '../core/metrics';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { DatabaseOpenError } from './database-errors';
import * as schema from './schema';

/** The one database type the repositories use, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** Writes everything to disk (CHECKPOINT); called before a clean exit. */
  checkpoint(): Promise<void>;
  /** Whether the store answers now and holds every committed migration (GET /readyz); a reason when not. */
  ready(): Promise<{ ready: boolean; reason?: string }>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL server; unset means PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database (its `pgdata` child holds PGlite's files). */
  dataDir: string;
  /** PostgreSQL schema to use (created if missing); tests use a throw-away one per file. */
  schemaName?: string;
  /** PostgreSQL: how long one statement may run (default {@link DEFAULT_STATEMENT_TIMEOUT_MS}). */
  statementTimeoutMs?: number;
  /** PostgreSQL: how long opening a connection may take (default {@link DEFAULT_CONNECT_TIMEOUT_MS}). */
  connectTimeoutMs?: number;
  /** Where a lost and found again store is told. */
  logger?: Logger;
}

export { DatabaseOpenError };

const longRunning = new WeakMap<Db, Db>();

/**
 * The store for statements known to run past the serving pool's timeouts (a save or restore of a million units): on
 * PostgreSQL a small pool of its own without them; the embedded store has none, and answers `db` itself.
 */
export function longRunningDb(db: Db): Db {
  return longRunning.get(db) ?? db;
}

export const MIGRATIONS_DIR = join(__dirname, 'migrations');

/** Advisory lock id held while migrating a PostgreSQL database. */
const MIGRATION_LOCK = 727_000;

/** Opens the store and applies the committed migrations before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.schemaName, options)
    : openPglite(options.dataDir);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name))
    throw new DatabaseOpenError(`Invalid schema name ${JSON.stringify(name)}.`);
  return `"${name}"`;
}

/** How long a statement may run, and a connection be waited for, before the call fails (503) instead of hanging. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;
export const DEFAULT_CONNECT_TIMEOUT_MS = 2_000;
/**
 * A transaction left open this long by its process (frozen: kill -STOP, a long pause) is ended by PostgreSQL, so
 * that its locks do not hold every other process back until it wakes.
 */
const IDLE_IN_TRANSACTION_MS = 10_000;

/** The number of migrations the committed journal holds (a store that applied fewer is not ready). */
function journalLength(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  return journal.entries.length;
}

/**
 * Migrates a PostgreSQL database on a pool of its own, without the statement timeout of the serving pool (an index
 * built over a million rows may take longer). Several processes may start on one database at once: one migrates,
 * the others wait for it.
 */
async function migratePostgres(url: string, schemaName: string | undefined): Promise<void> {
  const pool = new Pool({
    connectionString: url,
    max: 2,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  pool.on('error', () => undefined);
  let lockClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(
      `Could not connect to PostgreSQL at DATABASE_URL: ${(error as Error).message}`,
      {
        cause: error,
      },
    );
  }
  try {
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (schemaName) await lockClient.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schemaName)}`);
    await migratePg(drizzlePg(pool, { schema }), {
      migrationsFolder: MIGRATIONS_DIR,
      migrationsSchema: schemaName ?? 'drizzle',
    });
    await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  } finally {
    lockClient.release();
    await pool.end().catch(() => undefined);
  }
}

async function openPostgres(
  url: string,
  schemaName: string | undefined,
  options: OpenDatabaseOptions,
): Promise<Database> {
  await migratePostgres(url, schemaName);
  const logger = options.logger;
  const pool = new Pool({
    connectionString: url,
    max: 10,
    // Idle connections stay open: by default they close after 10 s, and at a million units every burst of reads then
    // opened new backends, each costing PostgreSQL tens of ms of CPU (half a core, measured by the cluster bench).
    idleTimeoutMillis: 0,
    // No call waits on the store for ever: a connection not had in time (2 s by default), or a statement not answered
    // in time, fails (and the call answers 503) instead of hanging.
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS,
    query_timeout: (options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS) + 1_000,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  // An idle connection that PostgreSQL ends (a restart: 57P01) is an 'error' of the pool, and one in use an 'error' of
  // its client: unheard, either ends the process. Heard, the pool drops the connection and opens a new one when needed.
  let reachable = true;
  const lost = (err: Error, kind: 'idle' | 'unavailable') => {
    metrics.storeErrors.inc({ kind });
    if (!reachable) return;
    reachable = false;
    logger?.warn({ err }, 'the store connection was lost; calls answer 503 until it is back');
  };
  const found = () => {
    if (reachable) return;
    reachable = true;
    metrics.storeReconnects.inc();
    logger?.info('the store is reachable again');
  };
  pool.on('error', (err) => lost(err, 'idle'));
  pool.on('connect', (client) => {
    client.on('error', (err: Error) => lost(err, 'unavailable'));
    found();
  });
  const unwatch = [
    metrics.storePoolConnections.watch(() => [
      { labels: { state: 'total' }, value: pool.totalCount },
      { labels: { state: 'idle' }, value: pool.idleCount },
      { labels: { state: 'waiting' }, value: pool.waitingCount },
    ]),
    metrics.storeUp.watch(() => [{ value: reachable ? 1 : 0 }]),
  ];
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Statements known to run long (a snapshot of a million units) run on a pool of their own, without the timeouts: a
  // `SET LOCAL statement_timeout` cannot lift the client's query_timeout, which ends any statement past 6 s.
  const longPool = new Pool({
    connectionString: url,
    max: 2,
    idleTimeoutMillis: 10_000,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  longPool.on('error', (err) => lost(err, 'idle'));
  longRunning.set(db, drizzlePg(longPool, { schema }) as unknown as Db);
  const migrations = journalLength();
  const migrationsTable = `${quoteIdent(schemaName ?? 'drizzle')}."__drizzle_migrations"`;
  return {
    db,
    kind: 'postgres',
    checkpoint: async () => undefined,
    ready: async () => {
      try {
        const { rows } = await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${migrationsTable}`);
        found();
        const applied = rows[0]?.n ?? 0;
        return applied >= migrations
          ? { ready: true }
          : { ready: false, reason: `${applied} of ${migrations} migrations applied` };
      } catch (error) {
        lost(error as Error, 'unavailable');
        return { ready: false, reason: `the store cannot be reached: ${(error as Error).message}` };
      }
    },
    close: async () => {
      unwatch.forEach((off) => off());
      await Promise.all([pool.end(), longPool.end()]);
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const pgdata = join(dataDir, 'pgdata');
  const lock: DataDirLock = acquireDataDirLock(dataDir);
  const isNew = !existsSync(pgdata) || readdirSync(pgdata).length === 0;
  if (!isNew && !existsSync(join(pgdata, 'PG_VERSION'))) {
    lock.release();
    throw new DatabaseOpenError(
      `${pgdata} is not empty but holds no PostgreSQL data (no PG_VERSION). It was left untouched: ` +
        'restore it from a backup, or point DATA_DIR at another folder to start a new store.',
    );
  }
  let client: PGlite;
  try {
    client = await PGlite.create({ dataDir: pgdata });
    await client.query('SELECT 1');
  } catch (error) {
    lock.release();
    throw new DatabaseOpenError(
      `The embedded database in ${pgdata} could not be opened (${(error as Error).message}). ` +
        'It was left untouched: restore it from a backup, or point DATA_DIR at another folder.',
      { cause: error },
    );
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
  const unwatch = metrics.storeUp.watch(() => [{ value: client.closed ? 0 : 1 }]);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    checkpoint: async () => {
      await client.query('CHECKPOINT');
    },
    ready: async () => {
      try {
        await client.query('SELECT 1');
        return { ready: true };
      } catch (error) {
        return { ready: false, reason: `the embedded store does not answer: ${(error as Error).message}` };
      }
    },
    close: async () => {
      unwatch();
      try {
        if (!client.closed) await client.close();
      } finally {
        lock.release();
      }
    },
  };
}
