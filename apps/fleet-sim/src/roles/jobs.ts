import { SessionCache } from '../auth/session-cache';
import type { Config } from '../config/config';
import { createReadModels } from '../read-models/read-models';
import type { ServiceDeps } from '../services/service-deps';
import { followReadModels, liveHubOf, openServiceProcess } from './service-parts';
import { startBackgroundJobs, type BackgroundJobs } from './background-jobs';
import { type ProcessOptions, type RunningProcess, followWorld, serveOperator } from './process';

/** A jobs process (FLEET_ROLE=jobs): the background jobs under their leases, and GET /healthz, /readyz, /metrics. */
export interface RunningJobs extends RunningProcess {
  deps: ServiceDeps;
  jobs: BackgroundJobs;
}

/**
 * Starts a jobs process of a cluster: it follows the store as an API process does (the world, the fleet's figures,
 * the lists' index of units and the commands), runs every background job under its lease (alert evaluator and
 * notifier, rollout driver, schedule player, history trimmer, fleet rollups, OIDC recheck, bulk actions), and
 * publishes what they announce through Redis to the API processes' consoles. It serves no API and no console, so
 * the evaluator's work in an alert storm never queues a console's call behind it.
 */
export async function startJobsProcess(config: Config, options: ProcessOptions = {}): Promise<RunningJobs> {
  const { logger, database, db, serviceDeps } = await openServiceProcess(config, options);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const { follower, from, clock, world } = await followWorld(config, db, logger);
    const readModels = createReadModels();
    // No console connects here (nothing attaches the channel): events go through Redis to the API processes' consoles.
    const live = await liveHubOf(config, options, logger, () =>
      Promise.reject(new Error('a jobs process takes no console')),
    );
    cleanup.push(() => live.close());
    const sessions = new SessionCache();
    const deps = serviceDeps({ live, sessions, clock, world, readModels, follower, sim: null });
    followReadModels(follower, readModels, null);
    await follower.start(from);
    cleanup.push(() => follower.stop());

    const jobs = startBackgroundJobs(deps);
    cleanup.push(() => jobs.stop());
    const health = () => ({
      role: 'jobs',
      units: readModels.index.size,
      alerts: { holder: jobs.alerts.isHolder, ...jobs.alerts.stats },
      notifier: jobs.notifier.stats,
    });
    const served = await serveOperator(config, { name: 'jobs', database, live, health }, async (step) => {
      step('waiting for the background jobs (a bulk action commits its chunk under way)');
      await jobs.stop();
      step('closing the live channel');
      await live.close().catch((err: unknown) => logger.warn({ err }, 'closing the live channel failed'));
      step('stopping the store follower');
      await follower.stop();
    });
    return { logger, deps, jobs, ...served };
  } catch (error) {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
