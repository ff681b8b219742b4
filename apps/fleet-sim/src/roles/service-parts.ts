/** What the roles that run services (api, jobs) build alike: their signer, providers, mailer, live hub and feeds. */
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createIdentityProviders } from '../auth/oidc/identity-providers';
import { TokenSigner } from '../auth/tokens';
import type { Config } from '../config/config';
import { createLiveHub, liveChannelKey, type LiveHub, type LiveHubOptions } from '../live/live-hub';
import { createMailer } from '../mail/mailer';
import { commandsFeed, countsFeed, tombstonesFeed, unitsFeed } from '../read-models/feeds';
import type { ReadModels } from '../read-models/read-models';
import type { CommandRow } from '../store/repos/commands-repo';
import type { Database } from '../store/database';
import type { StoreFollower } from '../store/store-follower';
import { ensureDemoWorld } from '../services/demo-world';
import { JobWakeups } from '../services/job-wakeups';
import type { ServiceDeps } from '../services/service-deps';
import { openProcess, tokenSecret, type ProcessOptions, type StartOptions } from './process';

/** The token signer (its secret shared by every process), the identity providers and the mailer. */
export async function serviceParts(config: Config, database: Database, logger: Logger) {
  const secret = await tokenSecret(config, database);
  return {
    signer: new TokenSigner(secret, config.TOKEN_TTL_MINUTES * 60),
    identity: createIdentityProviders(config, secret),
    mailer: createMailer({
      smtpUrl: config.SMTP_URL,
      outboxDir: join(config.DATA_DIR, 'outbox'),
      from: config.MAIL_FROM,
      logger,
    }),
  };
}

/** The process's live hub, on the deployment's Redis channels (those of its schema, when it has one). */
export function liveHubOf(
  config: Config,
  options: Pick<StartOptions, 'databaseSchema'>,
  logger: Logger,
  authenticate: LiveHubOptions['authenticate'],
): Promise<LiveHub> {
  return createLiveHub({
    transports: config.LIVE_TRANSPORTS,
    redisUrl: config.REDIS_URL,
    redisKey: liveChannelKey(options.databaseSchema ?? config.DATABASE_SCHEMA),
    logger,
    authenticate,
  });
}

/**
 * The read models follow the store: the fleet's figures, the lists' index of units (but the change records of
 * `writer`, this process's own simulator, which it hands over itself), the units removed and the commands.
 */
export function followReadModels(
  follower: StoreFollower,
  readModels: ReadModels,
  writer: string | null,
  commandsSeen?: (rows: CommandRow[]) => void,
): void {
  follower.add(countsFeed((counts) => readModels.takeCommitted({ counts })));
  follower.add(unitsFeed(readModels.index, (serials) => readModels.unitsChanged(serials), writer));
  follower.add(
    tombstonesFeed((removed) => {
      readModels.takeCommitted({ removed });
      readModels.unitsChanged(removed);
    }),
  );
  follower.add(
    commandsFeed((rows) => {
      readModels.waiters.seen(rows);
      commandsSeen?.(rows);
    }),
  );
}

/**
 * What a role that runs services opens first: the store (with the demo world seeded on an empty one, unless told
 * not to) and its service parts. The store is closed again if what follows its opening fails.
 */
export async function openServiceProcess(config: Config, options: ProcessOptions) {
  const opened = await openProcess(config, options);
  const { logger, prefixes, database, db } = opened;
  try {
    const parts = await serviceParts(config, database, logger);
    const base = { config, db, logger, prefixes };
    if (options.seed !== false) await ensureDemoWorld(base);
    /** The services' dependencies, with what the process follows and publishes through (and its own wake-ups). */
    const serviceDeps = (
      followed: Pick<
        ServiceDeps,
        'live' | 'sessions' | 'clock' | 'world' | 'readModels' | 'follower' | 'sim'
      >,
    ): ServiceDeps => ({ ...base, ...parts, wakeups: new JobWakeups(), ...followed });
    return { ...opened, ...parts, base, serviceDeps };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
