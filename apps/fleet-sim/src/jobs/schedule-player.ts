import { startLeadingJob } from '../core/repeating-job';
import { playDueSchedules } from '../services/scheduling-service';
import type { ServiceDeps } from '../services/service-deps';

/**
 * Plays due schedules every few seconds of real time and after every clock jump, while `leads` says this
 * process is the one that plays them; answers a stop function (it answers once the pass under way has ended).
 */
export function startSchedulePlayer(
  deps: ServiceDeps,
  leads: () => Promise<boolean> = async () => true,
  everyMs = 2_000,
): () => Promise<void> {
  const job = startLeadingJob(deps, leads, () => playDueSchedules(deps), {
    everyMs,
    failure: 'playing schedules failed',
  });
  return job.stop;
}
