import { eq, sql } from 'drizzle-orm';
import { writeCounts } from '../store/repos/counts-repo';
import { rowsOf } from '../store/repos/feed-repo';
import { FencedOutError } from '../store/repos/job-leases-repo';
import { checkShardFence, claimShards, releaseShards, type ShardFence } from '../store/repos/leases-repo';
import { writeRuntime } from '../store/repos/runtime-repo';
import { fleetCounts, units } from '../store/schema';
import { inTransaction } from '../store/transaction';
import { engineOf, setSpeed } from '../test/fleet-helpers';
import { startTestServer, type TestServer } from '../test/test-server';

/**
 * A simulator frozen past its leases (kill -STOP, a long pause) wakes up with writes it made before: each carries
 * the fencing token of its shard, and a shard another simulator took meanwhile refuses them all.
 */
describe('fencing tokens of the shard leases', () => {
  let t: TestServer;
  const db = () => t.server.deps.db;

  beforeAll(async () => {
    t = await startTestServer();
    await setSpeed(t, 0);
  });
  afterAll(() => t.close());

  const alignmentOf = async (serial: string) =>
    (await db().select({ n: units.alignmentCount }).from(units).where(eq(units.serialNumber, serial)))[0]?.n;
  const logRowsBy = async (writer: string) =>
    rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM unit_change_log WHERE writer = ${writer}`),
    )[0]?.n;

  it('when a frozen simulator writes after another took its shard, then not one row of that shard is written (write-behind, counters, a command), even once it holds the shard again', async () => {
    const engine = engineOf(t);
    const all = [...engine.state.units.values()];
    const lost = all[0];
    const kept = all.find((unit) => unit.shard !== lost?.shard);
    if (!lost || !kept) throw new Error('the test world needs units in two shards');

    // The frozen simulator took every shard, with their tokens.
    const held = await claimShards(db(), 'sim-frozen', 64, 60_000);
    const frozen: ShardFence = { writer: 'sim-frozen', tokens: new Map(held.map((h) => [h.shard, h.token])) };
    // While it sleeps its lease of one shard runs out and another simulator takes it.
    await db().execute(
      sql`UPDATE shard_leases SET expires_at = now() - interval '1 second' WHERE shard = ${lost.shard}`,
    );
    const [taken] = await claimShards(db(), 'sim-awake', 1, 60_000);
    expect(taken).toEqual({ shard: lost.shard, token: (frozen.tokens.get(lost.shard) ?? 0) + 1 });

    const before = { lost: await alignmentOf(lost.serialNumber), kept: await alignmentOf(kept.serialNumber) };
    const write = (fence: ShardFence) => {
      const now = engine.clock.now();
      const rows = [lost, kept].map((unit) => ({
        ...engine.toWrite(unit, now),
        alignmentCount: (before.lost ?? 0) + 1_000,
      }));
      return writeRuntime(db(), rows, fence.writer, fence);
    };
    await write(frozen);
    expect(await alignmentOf(lost.serialNumber)).toBe(before.lost);
    // Its shard that nobody took is still its own.
    expect(await alignmentOf(kept.serialNumber)).toBe((before.lost ?? 0) + 1_000);

    const counter = { metric: 'fencing-probe', family: 'aligner', key: 'x', shard: lost.shard, n: 7 };
    await writeCounts(db(), [counter], frozen);
    expect(await db().select().from(fleetCounts).where(eq(fleetCounts.metric, 'fencing-probe'))).toEqual([]);

    // A command's outcome is written in a transaction that checks the shard first.
    await expect(inTransaction(db(), (tx) => checkShardFence(tx, frozen, lost.shard))).rejects.toBeInstanceOf(
      FencedOutError,
    );
    await expect(
      inTransaction(db(), (tx) => checkShardFence(tx, frozen, kept.shard)),
    ).resolves.toBeUndefined();

    // The other simulator gives the shard back and the frozen one takes it again: its old writes are still refused.
    await releaseShards(db(), 'sim-awake', [lost.shard]);
    const [again] = await claimShards(db(), 'sim-frozen', 1, 60_000);
    expect(again?.shard).toBe(lost.shard);
    const logged = await logRowsBy('sim-frozen');
    await db().execute(
      sql`UPDATE units SET alignment_count = ${before.lost ?? 0} WHERE serial_number = ${kept.serialNumber}`,
    );
    await write(frozen);
    expect(await alignmentOf(lost.serialNumber)).toBe(before.lost);
    await expect(inTransaction(db(), (tx) => checkShardFence(tx, frozen, lost.shard))).rejects.toBeInstanceOf(
      FencedOutError,
    );
    // With the token it holds now, it writes.
    const current: ShardFence = {
      writer: 'sim-frozen',
      tokens: new Map([...frozen.tokens, [lost.shard, again?.token ?? 0]]),
    };
    await write(current);
    expect(await alignmentOf(lost.serialNumber)).toBe((before.lost ?? 0) + 1_000);
    expect(await logRowsBy('sim-frozen')).toBeGreaterThan(logged ?? 0);
  });
});
