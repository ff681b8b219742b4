import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { Client } from 'pg';
import { openDatabase, type Database } from '../database';
import { claimShards, renewLeases } from './leases-repo';

jest.setTimeout(60_000);

let database: Database;
let dataDir: string;
let pgSchema: string | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'leases-test-'));
  const databaseUrl = process.env['TEST_STORE'] === 'postgres' ? process.env['DATABASE_URL'] : undefined;
  pgSchema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  database = await openDatabase({ dataDir, databaseUrl, schemaName: pgSchema });
});

afterAll(async () => {
  await database?.close();
  const databaseUrl = process.env['DATABASE_URL'];
  if (pgSchema && databaseUrl) {
    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS "${pgSchema}" CASCADE`);
    await client.end();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const expire = (shards: number[]) =>
  database.db.execute(sql`UPDATE shard_leases SET expires_at = now() - interval '1 second' WHERE shard = ANY(${sql.param(shards)}::smallint[])`);

describe('shard leases', () => {
  it('when a lease ran out and nobody took it, then its holder renews it; once another simulator took it, it is the other\'s', async () => {
    const mine = await claimShards(database.db, 'sim-a', 4, 10_000);
    expect(mine).toHaveLength(4);
    await expire(mine);
    // A late renewal (a busy database, a long pause) keeps what nobody took.
    expect((await renewLeases(database.db, 'sim-a', 10_000)).sort()).toEqual([...mine].sort());

    await expire(mine.slice(0, 2));
    const taken = await claimShards(database.db, 'sim-b', 2, 10_000);
    expect(taken.sort()).toEqual(mine.slice(0, 2).sort());
    expect((await renewLeases(database.db, 'sim-a', 10_000)).sort()).toEqual(mine.slice(2).sort());
    expect((await renewLeases(database.db, 'sim-b', 10_000)).sort()).toEqual(taken.sort());
  });
});
