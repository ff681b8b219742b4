import { startRepeatingJob } from '../core/repeating-job';
import { recheckDue } from '../services/oidc-service';
import type { ServiceDeps } from '../services/service-deps';

/**
 * Checks the identity providers' users again with their refresh tokens (OIDC_RECHECK_MINUTES), while `leads` says
 * this process is the one that does it: a user removed or moved at the provider loses or changes access by then.
 * Answers a stop function (it answers once the pass under way has ended).
 */
export function startOidcRecheck(
  deps: ServiceDeps,
  leads: () => Promise<boolean> = async () => true,
): () => Promise<void> {
  const everyMs = Math.max(1_000, Math.min(30_000, (deps.config.OIDC_RECHECK_MINUTES * 60_000) / 4));
  const job = startRepeatingJob(
    async () => {
      if (await leads()) await recheckDue(deps);
    },
    { everyMs, logger: deps.logger, failure: "checking the providers' users again failed" },
  );
  return job.stop;
}
