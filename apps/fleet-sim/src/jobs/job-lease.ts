import { randomUUID } from 'node:crypto';
import { metrics } from '../core/metrics';
import type { Db } from '../store/database';
import { fencedDb } from '../store/fenced-db';
import { checkFence, FencedOutError, holdLease, releaseLease } from '../store/repos/job-leases-repo';
import { inTransaction } from '../store/transaction';

/** How long a lease lasts without renewal: a holder that stops renewing (frozen, dead) loses it after this. */
export const JOB_LEASE_TTL_MS = 15_000;

/**
 * A job's lease (Kleppmann's lease with a fencing token): `hold()` takes or renews it, and `write()` runs a
 * transaction that first checks the token, so a holder frozen past its lease writes nothing once another took it.
 * From its first `hold()` to its `release()` it reports itself in fleet_job_leases_held (1 while it holds a token).
 */
export class JobLease {
  private token: number | null = null;
  private fencedStore: Db | undefined;
  private unwatch: (() => void) | null = null;

  constructor(
    private readonly db: Db,
    readonly name: string,
    readonly holder: string = randomUUID(),
    private readonly ttlMs = JOB_LEASE_TTL_MS,
  ) {}

  /** Takes or renews the lease; answers whether this process holds it now (a store that fails leaves it not held). */
  async hold(): Promise<boolean> {
    this.unwatch ??= metrics.leasesHeld.watch(() => [
      { labels: { lease: this.name }, value: this.token === null ? 0 : 1 },
    ]);
    try {
      this.token = await holdLease(this.db, this.name, this.holder, this.ttlMs);
    } catch (error) {
      this.token = null;
      throw error;
    }
    return this.token !== null;
  }

  /** The fencing token of the last successful `hold()`, or null. */
  get fencingToken(): number | null {
    return this.token;
  }

  /** Runs `work` in a transaction fenced by this holder's token (throws FencedOutError when the lease moved on). */
  write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return inTransaction(this.fenced, work);
  }

  /**
   * The store as this holder writes to it: every write through it (services and repositories take it as any `Db`)
   * runs in a transaction fenced by the token of the last `hold()` (FencedOutError once the lease moved on).
   */
  get fenced(): Db {
    this.fencedStore ??= fencedDb(this.db, async (tx) => {
      const token = this.token;
      if (token === null) throw new FencedOutError(this.name, 0);
      try {
        await checkFence(tx, this.name, token);
      } catch (error) {
        // The lease moved on: not held from here until a hold() takes it again.
        if (error instanceof FencedOutError && this.token === token) this.token = null;
        throw error;
      }
    });
    return this.fencedStore;
  }

  /** Gives the lease up, and stops reporting it. */
  async release(): Promise<void> {
    this.unwatch?.();
    this.unwatch = null;
    if (this.token === null) return;
    this.token = null;
    await releaseLease(this.db, this.name, this.holder);
  }
}
