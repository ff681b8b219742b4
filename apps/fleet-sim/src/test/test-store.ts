import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase, type Database } from '../store/database';

/** A store of a test file's own: a fresh PGlite folder, or a fresh schema of DATABASE_URL when TEST_STORE=postgres. */
export interface TestStore {
  database: Database;
  /** Closes the store and removes its folder and schema. */
  close(): Promise<void>;
}

export async function openTestStore(name: string): Promise<TestStore> {
  const dataDir = mkdtempSync(join(tmpdir(), `${name}-`));
  const databaseUrl = process.env['TEST_STORE'] === 'postgres' ? process.env['DATABASE_URL'] : undefined;
  const schemaName = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const database = await openDatabase({ dataDir, databaseUrl, schemaName });
  return {
    database,
    async close() {
      await database.close();
      if (databaseUrl && schemaName) await dropSchema(databaseUrl, schemaName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A store of the enclosing describe block's own (or the file's, at top level): opened before its tests (beforeAll)
 * and closed after them (afterAll). The getter answers its database in tests and hooks.
 */
export function useTestStore(name: string): () => Database {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await openTestStore(name);
  });
  afterAll(() => store?.close());
  return () => {
    if (!store) throw new Error('the test store opens in beforeAll: use it in a test or a hook');
    return store.database;
  };
}

export async function dropSchema(databaseUrl: string, schema: string): Promise<void> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
