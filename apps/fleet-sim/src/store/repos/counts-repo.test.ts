import { and, asc, eq, inArray } from 'drizzle-orm';
import { useTestStore } from '../../test/test-store';
import { fleetCounts } from '../schema';
import { replaceShardCounts, writeCounts, type CountRow } from './counts-repo';

jest.setTimeout(120_000);

const database = useTestStore('counts-test');

const row = (metric: string, key: string, shard: number, n: number): CountRow => ({
  metric,
  family: 'aligner',
  key,
  shard,
  n,
});

async function counts(shards: number[]): Promise<string[]> {
  const rows = await database()
    .db.select({
      metric: fleetCounts.metric,
      key: fleetCounts.key,
      shard: fleetCounts.shard,
      n: fleetCounts.n,
    })
    .from(fleetCounts)
    .where(and(inArray(fleetCounts.shard, shards), eq(fleetCounts.family, 'aligner')))
    .orderBy(asc(fleetCounts.metric), asc(fleetCounts.key), asc(fleetCounts.shard));
  return rows.map((r) => `${r.metric}/${r.key}/${r.shard}=${r.n}`);
}

describe('simulator counters (counts-repo)', () => {
  it("when a shard is recounted, then its other counters go to zero, the new ones are written, and other shards and the API's stagings stay", async () => {
    await writeCounts(database().db, [
      row('installed', '5.4.1', 40, 7),
      row('installed', '5.3.0', 40, 3),
      row('installed', '5.4.1', 41, 9),
      row('desired', '5.4.1', 40, 2),
    ]);

    await replaceShardCounts(
      database().db,
      [40],
      [row('installed', '5.4.1', 40, 8), row('connected', '', 40, 1)],
    );

    expect(await counts([40, 41])).toEqual([
      'connected//40=1',
      'desired/5.4.1/40=2',
      'installed/5.3.0/40=0',
      'installed/5.4.1/40=8',
      'installed/5.4.1/41=9',
    ]);
  });

  it('when a recount of shards and flushes of the same counters run at once, then none of them deadlocks', async () => {
    // Only PostgreSQL runs statements side by side (PGlite has one connection). The rows come in opposite
    // orders, as two simulators' maps gave them: each statement must lock them in key order all the same.
    if (database().kind !== 'postgres') return;
    const shards = [50, 51, 52, 53];
    const rows = shards.flatMap((shard) =>
      Array.from({ length: 200 }, (_, i) => row('installed', `v${i}`, shard, i + 1)),
    );
    await writeCounts(database().db, rows);
    for (let round = 0; round < 20; round++) {
      const changed = rows.map((r) => ({ ...r, n: r.n + round }));
      await Promise.all([
        writeCounts(database().db, changed),
        replaceShardCounts(database().db, shards, [...changed].reverse()),
        writeCounts(database().db, [...changed].reverse()),
        replaceShardCounts(database().db, shards, changed),
      ]);
    }
    expect(await counts([50])).toContain('installed/v0/50=20');
  });
});
