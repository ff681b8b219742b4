import { sql } from 'drizzle-orm';
import { integer, pgTable } from 'drizzle-orm/pg-core';
import { metrics } from '../core/metrics';
import { FencedOutError } from '../store/repos/job-leases-repo';
import { rowsOf } from '../store/repos/feed-repo';
import { useTestStore } from '../test/test-store';
import { JobLease } from './job-lease';

/** fleet_fenced_writes_total of one lease. */
async function refusedWrites(lease: string): Promise<number> {
  const { values } = await metrics.fencedWrites.get();
  return values.find((v) => v.labels.lease === lease)?.value ?? 0;
}

/** fleet_job_leases_held of one lease: how many of this process's holders hold it. */
async function holders(lease: string): Promise<number> {
  const { values } = await metrics.leasesHeld.gauge.get();
  return values.find((v) => v.labels.lease === lease)?.value ?? 0;
}

describe('job leases with fencing tokens', () => {
  const database = useTestStore('job-lease');
  const db = () => database().db;

  it('when one holder has the lease, then another cannot take it until it runs out', async () => {
    const a = new JobLease(db(), 'test-a', 'holder-a', 60_000);
    const b = new JobLease(db(), 'test-a', 'holder-b', 60_000);
    expect(await a.hold()).toBe(true);
    expect(await b.hold()).toBe(false);
    expect(await a.hold()).toBe(true);
    expect(await holders('test-a')).toBe(1);
  });

  it('when a frozen holder writes after another took its expired lease, then its write is refused and nothing is written', async () => {
    const frozen = new JobLease(db(), 'test-b', 'frozen', 50);
    const taker = new JobLease(db(), 'test-b', 'taker', 60_000);
    expect(await frozen.hold()).toBe(true);
    const oldToken = frozen.fencingToken ?? 0;
    await new Promise((r) => setTimeout(r, 120));
    expect(await taker.hold()).toBe(true);
    expect(taker.fencingToken).toBe(oldToken + 1);

    await db().execute(sql`CREATE TABLE fence_probe (v int)`);
    await expect(
      frozen.write((tx) => tx.execute(sql`INSERT INTO fence_probe VALUES (1)`)),
    ).rejects.toBeInstanceOf(FencedOutError);
    // The refusal is counted once, where the fence refused it, and the frozen holder no longer reports the lease.
    expect(await refusedWrites('test-b')).toBe(1);
    expect(await holders('test-b')).toBe(1);
    await taker.write((tx) => tx.execute(sql`INSERT INTO fence_probe VALUES (2)`));
    const rows = rowsOf<{ v: number }>(await db().execute(sql`SELECT v FROM fence_probe ORDER BY v`));
    expect(rows.map((r) => r.v)).toEqual([2]);
  });

  it("when a frozen holder's job writes through its fenced store after another took the lease, then every kind of write is refused and nothing is written", async () => {
    const frozen = new JobLease(db(), 'test-d', 'frozen', 50);
    const taker = new JobLease(db(), 'test-d', 'taker', 60_000);
    await db().execute(sql`CREATE TABLE fence_probe_d (v int)`);
    expect(await frozen.hold()).toBe(true);
    // While it holds the lease, its job's writes go through (a statement, a builder, a transaction).
    await frozen.fenced.execute(sql`INSERT INTO fence_probe_d VALUES (1)`);
    await new Promise((r) => setTimeout(r, 120));
    expect(await taker.hold()).toBe(true);

    const probe = pgTable('fence_probe_d', { v: integer('v') });
    await expect(frozen.fenced.execute(sql`INSERT INTO fence_probe_d VALUES (2)`)).rejects.toBeInstanceOf(
      FencedOutError,
    );
    await expect(frozen.fenced.insert(probe).values({ v: 3 })).rejects.toBeInstanceOf(FencedOutError);
    await expect(
      frozen.fenced
        .update(probe)
        .set({ v: 4 })
        .where(sql`true`),
    ).rejects.toBeInstanceOf(FencedOutError);
    await expect(frozen.fenced.transaction((tx) => tx.insert(probe).values({ v: 5 }))).rejects.toBeInstanceOf(
      FencedOutError,
    );
    // Reads are not fenced.
    expect(await frozen.fenced.select().from(probe)).toEqual([{ v: 1 }]);
    const rows = rowsOf<{ v: number }>(await db().execute(sql`SELECT v FROM fence_probe_d ORDER BY v`));
    expect(rows.map((r) => r.v)).toEqual([1]);
  });

  it('when the holder gives the lease up, then another takes it at once with a new token', async () => {
    const a = new JobLease(db(), 'test-c', 'a', 60_000);
    const b = new JobLease(db(), 'test-c', 'b', 60_000);
    await a.hold();
    const token = a.fencingToken ?? 0;
    await a.release();
    expect(await b.hold()).toBe(true);
    expect(b.fencingToken).toBe(token + 1);
  });
});
