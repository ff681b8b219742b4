import { join } from 'node:path';
import type { Logger } from 'pino';
import { createIdentityProviders } from '../auth/oidc/identity-providers';
import { SessionCache } from '../auth/session-cache';
import { TokenSigner } from '../auth/tokens';
import type { Config } from '../config/config';
import { createLiveHub, liveChannelKey } from '../live/live-hub';
import { createMailer } from '../mail/mailer';
import { commandsFeed, countsFeed, tombstonesFeed, unitsFeed } from '../read-models/feeds';
import { createReadModels } from '../read-models/read-models';
import { ensureDemoWorld } from '../services/demo-world';
import { JobWakeups } from '../services/job-wakeups';
import type { ServiceDeps } from '../services/service-deps';
import { startBackgroundJobs, type BackgroundJobs } from './background-jobs';
import {
  type StartOptions,
  closeInSteps,
  followWorld,
  listen,
  openProcess,
  operatorServer,
  readinessOf,
  tokenSecret,
} from './process';

/** A jobs process (FLEET_ROLE=jobs): the background jobs under their leases, and GET /healthz, /readyz, /metrics. */
export interface RunningJobs {
  url: string;
  port: number;
  logger: Logger;
  deps: ServiceDeps;
  jobs: BackgroundJobs;
  close(): Promise<void>;
  closingStep(): string;
}

/**
 * Starts a jobs process of a cluster: it follows the store as an API process does (the world, the fleet's figures,
 * the lists' index of units and the commands), runs every background job under its lease (alert evaluator and
 * notifier, rollout driver, schedule player, history trimmer, fleet rollups, OIDC recheck, bulk actions), and
 * publishes what they announce through Redis to the API processes' consoles. It serves no API and no console, so
 * the evaluator's work in an alert storm never queues a console's call behind it.
 */
export async function startJobsProcess(
  config: Config,
  options: Pick<StartOptions, 'logger' | 'databaseSchema' | 'seed'> = {},
): Promise<RunningJobs> {
  const { logger, prefixes, database, db } = await openProcess(config, options);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const secret = await tokenSecret(config, database);
    const base = { config, db, logger, prefixes };
    if (options.seed !== false) await ensureDemoWorld(base);
    const { follower, from, clock, world } = await followWorld(config, db, logger);
    const readModels = createReadModels();
    // No console connects here (nothing attaches the channel): events go through Redis to the API processes' consoles.
    const live = await createLiveHub({
      transports: config.LIVE_TRANSPORTS,
      redisUrl: config.REDIS_URL,
      redisKey: liveChannelKey(options.databaseSchema ?? config.DATABASE_SCHEMA),
      logger,
      authenticate: () => Promise.reject(new Error('a jobs process takes no console')),
    });
    cleanup.push(() => live.close());
    const deps: ServiceDeps = {
      ...base,
      mailer: createMailer({
        smtpUrl: config.SMTP_URL,
        outboxDir: join(config.DATA_DIR, 'outbox'),
        from: config.MAIL_FROM,
        logger,
      }),
      signer: new TokenSigner(secret, config.TOKEN_TTL_MINUTES * 60),
      live,
      sessions: new SessionCache(),
      identity: createIdentityProviders(config, secret),
      wakeups: new JobWakeups(),
      clock,
      world,
      readModels,
      follower,
      sim: null,
    };
    follower.add(countsFeed((counts) => readModels.takeCommitted({ counts })));
    follower.add(unitsFeed(readModels.index, (serials) => readModels.unitsChanged(serials), null));
    follower.add(
      tombstonesFeed((removed) => {
        readModels.takeCommitted({ removed });
        readModels.unitsChanged(removed);
      }),
    );
    follower.add(commandsFeed((rows) => readModels.waiters.seen(rows)));
    await follower.start(from);
    cleanup.push(() => follower.stop());

    const jobs = startBackgroundJobs(deps);
    cleanup.push(() => jobs.stop());
    const httpServer = operatorServer('jobs', readinessOf(database, live), () => ({
      status: 'ok',
      role: 'jobs',
      units: readModels.index.size,
      alerts: { holder: jobs.alerts.isHolder, ...jobs.alerts.stats },
      notifier: jobs.notifier.stats,
      memory: process.memoryUsage(),
    }));
    const { port, url } = await listen(httpServer, config);
    const shutdown = closeInSteps(async (step) => {
      step('stopping new connections');
      httpServer.close();
      httpServer.closeAllConnections();
      step('waiting for the background jobs (a bulk action commits its chunk under way)');
      await jobs.stop();
      step('closing the live channel');
      await live.close().catch((err: unknown) => logger.warn({ err }, 'closing the live channel failed'));
      step('stopping the store follower');
      await follower.stop();
      step('closing the store');
      await database.close();
    });
    return { url, port, logger, deps, jobs, ...shutdown };
  } catch (error) {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
