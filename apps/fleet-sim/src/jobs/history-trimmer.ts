import { startLeadingJob } from '../core/repeating-job';
import { trimUnitHistory } from '../services/history-service';
import type { ServiceDeps } from '../services/service-deps';

/**
 * Trims the timeline every `everyMs` (real time) and after a clock jump, while `leads` says this process is
 * the one that does it (running it on several at once would only delete nothing twice); answers a stop function
 * (it answers once the pass under way has ended).
 */
export function startHistoryTrimmer(
  deps: Pick<ServiceDeps, 'db' | 'clock' | 'config' | 'logger'>,
  leads: () => Promise<boolean> = async () => true,
  everyMs = 10 * 60_000,
): () => Promise<void> {
  const trim = async () => {
    const n = await trimUnitHistory(deps);
    if (n > 0) deps.logger.info({ deleted: n }, 'unit history trimmed');
  };
  const job = startLeadingJob(deps, leads, trim, {
    everyMs,
    failure: 'trimming the unit history failed',
    immediately: true,
  });
  return job.stop;
}
