import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { dropSchema } from '../test/test-store';
import { longRunningDb, openDatabase, type Database } from './database';
import { inTransaction } from './transaction';

/** A statement past the serving pool's timeouts (300 ms here: the client gives up 1.3 s in), without them. */
const LONG = sql`SELECT pg_sleep(1.6)`;

describe('statements known to run long', () => {
  const databaseUrl = process.env['TEST_STORE'] === 'postgres' ? process.env['DATABASE_URL'] : undefined;
  const schemaName = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'long-running-'));
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir, databaseUrl, schemaName, statementTimeoutMs: 300 });
  });
  afterAll(async () => {
    await database.close();
    if (databaseUrl && schemaName) await dropSchema(databaseUrl, schemaName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('when a statement runs past the timeouts on the long-running store, then it ends and its transaction commits', async () => {
    const long = longRunningDb(database.db);
    await inTransaction(long, async (tx) => {
      await tx.execute(sql`SET LOCAL statement_timeout = 0`);
      await tx.execute(LONG);
      await tx.execute(sql`CREATE TABLE long_ran (n int)`);
    });
    await expect(database.db.execute(sql`SELECT count(*) FROM long_ran`)).resolves.toBeDefined();
  });

  it('when the same statement runs on the serving store of PostgreSQL, then a timeout ends it', async () => {
    if (database.kind === 'pglite') {
      // The embedded store has no timeouts: its long-running store is the store itself.
      expect(longRunningDb(database.db)).toBe(database.db);
      return;
    }
    await expect(database.db.execute(LONG)).rejects.toThrow();
  });
});
