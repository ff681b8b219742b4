import type { Db } from '../store/database';
import { JobLease } from './job-lease';

/** A background job run under a lease (see {@link leaseJob}). */
export interface LeasedJob<D> {
  /** The job's dependencies with the store as the holder writes to it: every write fenced by the lease's token. */
  deps: D;
  /** Takes or renews the lease; answers whether this process holds it (false while the store is away). */
  leads(): Promise<boolean>;
  /** Gives the lease up (another process takes it at once). */
  close(): Promise<void>;
}

/**
 * Puts a job that one process runs at a time under a lease row with a fencing token: every process tries to hold it,
 * the holder runs the job on a fenced store, so that a holder frozen past its lease (kill -STOP, a long pause) writes
 * nothing once another process took the job over.
 */
export function leaseJob<D extends { db: Db }>(deps: D, name: string): LeasedJob<D> {
  const lease = new JobLease(deps.db, name);
  return {
    deps: { ...deps, db: lease.fenced },
    leads: () => lease.hold().catch(() => false),
    close: () => lease.release().catch(() => undefined),
  };
}
