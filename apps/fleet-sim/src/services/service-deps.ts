import type { SerialPrefixTable } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import type { IdentityProviders } from '../auth/oidc/identity-providers';
import type { SessionCache } from '../auth/session-cache';
import type { TokenSigner } from '../auth/tokens';
import type { Config } from '../config/config';
import type { SimClock } from '../fleet/clock';
import type { Simulator } from '../fleet/simulator';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../store/database';
import type { StoreFollower } from '../store/store-follower';
import type { JobWakeups } from './job-wakeups';
import type { LivePublisher } from './live-publisher';
import type { ReadModels } from '../read-models/read-models';
import type { World } from '../read-models/world-feed';

/** What every service function is given: no Express, no globals. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  signer: TokenSigner;
  /** Users looked up by token checks, kept briefly. */
  sessions: SessionCache;
  /** The identity providers (OpenID Connect) users may sign in with; none while OIDC is off. */
  identity: IdentityProviders;
  /** The live channel: events after a change committed (the live hub implements it). */
  live: LivePublisher;
  /** The serial prefix table (SERIAL_PREFIXES_FILE or the sample of libs/domain). */
  prefixes: SerialPrefixTable;
  /** The simulated clock, shared by every process through the store. */
  clock: SimClock;
  /** The world every process shares through the store: services, releases, the fleet's settings. */
  world: World;
  /** What this process keeps of the store to answer reads (figures, lists' index ...). */
  readModels: ReadModels;
  /** Reads the store's changes; a service wakes it after a write so this process's read models show it at once. */
  follower: StoreFollower;
  /** Asks a background job this process runs for a pass now (the rollout driver after a rollout was created). */
  wakeups: JobWakeups;
  /** This process's simulator, when it runs one (scenarios reach units through it). */
  sim: Simulator | null;
}
