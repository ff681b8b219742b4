/** The background jobs (src/jobs) a use case may ask for a pass now. */
export type WakeableJob = 'rollout-driver' | 'bulk-action-runner';

/**
 * How a use case asks a background job of this process for a pass now (after a rollout was created or resumed): the
 * job registers itself when the process role starts it; when this process runs no such job, nothing happens and the
 * job's holder elsewhere comes round on its own.
 */
export class JobWakeups {
  private readonly wakers = new Map<WakeableJob, () => void>();

  /** Registers a running job; answers the function that unregisters it. */
  register(job: WakeableJob, wake: () => void): () => void {
    this.wakers.set(job, wake);
    return () => {
      if (this.wakers.get(job) === wake) this.wakers.delete(job);
    };
  }

  wake(job: WakeableJob): void {
    this.wakers.get(job)?.();
  }
}
