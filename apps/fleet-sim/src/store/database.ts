import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { Pool } from 'pg';
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
  /**
   * Takes a lock only one process at a time may hold (PostgreSQL session advisory lock, on a connection of its
   * own, so it goes with the process); answers its release, or null when another process holds it.
   */
  tryLock(key: number): Promise<(() => Promise<void>) | null>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** PostgreSQL server; unset means PGlite in `dataDir`. */
  databaseUrl?: string;
  /** Folder of the embedded database (its `pgdata` child holds PGlite's files). */
  dataDir: string;
  /** PostgreSQL schema to use (created if missing); tests use a throw-away one per file. */
  schemaName?: string;
}

export { DatabaseOpenError };

export const MIGRATIONS_DIR = join(__dirname, 'migrations');

/** Advisory lock id held while migrating a PostgreSQL database. */
const MIGRATION_LOCK = 727_000;

/** Opens the store and applies the committed migrations before anything else touches it. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.schemaName) : openPglite(options.dataDir);
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new DatabaseOpenError(`Invalid schema name ${JSON.stringify(name)}.`);
  return `"${name}"`;
}

async function openPostgres(url: string, schemaName?: string): Promise<Database> {
  const pool = new Pool({
    connectionString: url,
    max: 10,
    // Idle connections stay open: by default they close after 10 s, and at a million units every burst of reads then
    // opened new backends, each costing PostgreSQL tens of ms of CPU (half a core, measured by the cluster bench).
    idleTimeoutMillis: 0,
    ...(schemaName ? { options: `-c search_path=${schemaName}` } : {}),
  });
  let lockClient;
  try {
    lockClient = await pool.connect();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw new DatabaseOpenError(`Could not connect to PostgreSQL at DATABASE_URL: ${(error as Error).message}`, {
      cause: error,
    });
  }
  const db = drizzlePg(pool, { schema });
  try {
    // Several processes may start on one database at once: one migrates, the others wait for it.
    await lockClient.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (schemaName) await lockClient.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schemaName)}`);
    await migratePg(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: schemaName ?? 'drizzle' });
  } catch (error) {
    lockClient.release();
    await pool.end().catch(() => undefined);
    throw error;
  }
  await lockClient.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
  lockClient.release();
  const held = new Set<{ release(): void }>();
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    checkpoint: async () => undefined,
    tryLock: async (key) => {
      const client = await pool.connect();
      // Keyed by the schema too: several worlds (test schemas) may share one database.
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, hashtext(current_schema())) AS ok', [key]);
      if (!rows[0]?.ok) {
        client.release();
        return null;
      }
      held.add(client);
      return async () => {
        if (!held.delete(client)) return;
        await client.query('SELECT pg_advisory_unlock($1, hashtext(current_schema()))', [key]).catch(() => undefined);
        client.release();
      };
    },
    close: async () => {
      for (const client of held) client.release();
      held.clear();
      await pool.end();
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
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    checkpoint: async () => {
      await client.query('CHECKPOINT');
    },
    // One process per folder: it always holds every lock.
    tryLock: async () => async () => undefined,
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock.release();
      }
    },
  };
}
