import { sql } from 'drizzle-orm';
import { openTestStore, type TestStore } from '../../test/test-store';
import type { Database } from '../database';
import { claimShards, renewLeases } from './leases-repo';

jest.setTimeout(60_000);

let store: TestStore;
let database: Database;

beforeAll(async () => {
  store = await openTestStore('leases-test');
  database = store.database;
});

afterAll(() => store?.close());

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
