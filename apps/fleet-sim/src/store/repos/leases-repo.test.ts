import { sql } from 'drizzle-orm';
import { useTestStore } from '../../test/test-store';
import { claimShards, renewLeases, type HeldShard } from './leases-repo';

jest.setTimeout(60_000);

const database = useTestStore('leases-test');

const shardsOf = (held: HeldShard[]) => held.map((h) => h.shard).sort();

const expire = (shards: number[]) =>
  database().db.execute(
    sql`UPDATE shard_leases SET expires_at = now() - interval '1 second' WHERE shard = ANY(${sql.param(shards)}::smallint[])`,
  );

describe('shard leases', () => {
  it("when a lease ran out and nobody took it, then its holder renews it; once another simulator took it, it is the other's", async () => {
    const mine = (await claimShards(database().db, 'sim-a', 4, 10_000)).map((h) => h.shard);
    expect(mine).toHaveLength(4);
    await expire(mine);
    // A late renewal (a busy database, a long pause) keeps what nobody took.
    expect(shardsOf(await renewLeases(database().db, 'sim-a', 10_000))).toEqual([...mine].sort());

    await expire(mine.slice(0, 2));
    const taken = shardsOf(await claimShards(database().db, 'sim-b', 2, 10_000));
    expect(taken).toEqual(mine.slice(0, 2).sort());
    expect(shardsOf(await renewLeases(database().db, 'sim-a', 10_000))).toEqual(mine.slice(2).sort());
    expect(shardsOf(await renewLeases(database().db, 'sim-b', 10_000))).toEqual(taken);
  });

  it("when another simulator takes an expired shard, then it gets a greater fencing token, and a late renewal keeps the old holder's token", async () => {
    const [first] = await claimShards(database().db, 'sim-c', 1, 10_000);
    if (!first) throw new Error('no shard left to claim');
    expect(
      (await renewLeases(database().db, 'sim-c', 10_000)).find((h) => h.shard === first.shard)?.token,
    ).toBe(first.token);
    await expire([first.shard]);
    const [taken] = await claimShards(database().db, 'sim-d', 1, 10_000);
    expect(taken).toEqual({ shard: first.shard, token: first.token + 1 });
  });
});
