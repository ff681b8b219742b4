/** The background jobs of a process: what an API process runs (FLEET_JOBS=all) and a jobs process (FLEET_ROLE=jobs). */
import { startAlertEvaluator, type AlertEvaluator } from '../jobs/alerts/alert-evaluator';
import { startBulkActionRunner } from '../jobs/bulk-action-runner';
import { startFleetRollups } from '../jobs/fleet-rollups';
import { startHistoryTrimmer } from '../jobs/history-trimmer';
import { leaseJob } from '../jobs/leased-job';
import { startAlertNotifier, type AlertNotifier } from '../jobs/notifications/alert-notifier';
import { startOidcRecheck } from '../jobs/oidc-recheck';
import { startRolloutDriver } from '../jobs/rollout-driver';
import { startSchedulePlayer } from '../jobs/schedule-player';
import type { ServiceDeps } from '../services/service-deps';

export interface BackgroundJobs {
  /** The alert evaluator (it evaluates while this process holds its lease). */
  alerts: AlertEvaluator;
  /** The alert notifier (it sends while this process holds its lease). */
  notifier: AlertNotifier;
  /**
   * Stops every job: none starts a further pass, and the answer comes once each pass under way has ended and its
   * lease was given up (a bulk action commits its chunk). Asked twice, the same stop.
   */
  stop(): Promise<void>;
}

/**
 * Starts the background jobs on this process. Each job one process does alone runs under its lease (every process
 * that runs jobs tries, so another takes over when the holder stops or freezes) on a store that fences every write of
 * the job by the lease's token; bulk actions are claimed one at a time from the store.
 */
export function startBackgroundJobs(deps: ServiceDeps): BackgroundJobs {
  const stops: (() => Promise<void>)[] = [];
  for (const [name, start] of [
    ['schedule-player', startSchedulePlayer],
    ['rollout-driver', startRolloutDriver],
    ['history-trimmer', startHistoryTrimmer],
    ['fleet-rollups', startFleetRollups],
  ] as const) {
    const job = leaseJob(deps, name);
    const stop = start(job.deps, job.leads);
    stops.push(() => stop().then(() => job.close()));
  }
  // The identity providers' users are checked again by the holder of the recheck's lease.
  if (deps.identity.list.length > 0) {
    const recheck = leaseJob(deps, 'oidc-recheck');
    const stop = startOidcRecheck(recheck.deps, recheck.leads);
    stops.push(() => stop().then(() => recheck.close()));
  }
  // Each process that runs jobs claims bulk actions one at a time from the store, so a job survives its process.
  const bulkActions = startBulkActionRunner(deps);
  stops.push(() => bulkActions.stop());
  const alerts = startAlertEvaluator(deps);
  stops.push(() => alerts.stop());
  const notifier = startAlertNotifier(deps);
  stops.push(() => notifier.stop());
  let stopped: Promise<void> | undefined;
  return {
    alerts,
    notifier,
    stop: () => (stopped ??= Promise.all(stops.map((stop) => stop())).then(() => undefined)),
  };
}
