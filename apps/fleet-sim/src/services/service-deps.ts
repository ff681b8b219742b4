import type { SerialPrefixTable } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import type { SessionCache } from '../auth/session-cache';
import type { TokenSigner } from '../auth/tokens';
import type { Config } from '../config/config';
import type { SimClock } from '../fleet/clock';
import type { Simulator } from '../fleet/simulator';
import type { LiveHub } from '../live/live-hub';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../store/database';
import type { StoreFollower } from '../store/store-follower';
import type { FleetViews } from '../views/fleet-views';
import type { World } from '../views/world-feed';

/** What every service function is given: no Express, no globals. */
export interface ServiceDeps {
  config: Config;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  signer: TokenSigner;
  /** Users looked up by token checks, kept briefly. */
  sessions: SessionCache;
  live: LiveHub;
  /** The serial prefix table (SERIAL_PREFIXES_FILE or the sample of libs/domain). */
  prefixes: SerialPrefixTable;
  /** The simulated clock, shared by every process through the store. */
  clock: SimClock;
  /** The world every process shares through the store: services, releases, the fleet's settings. */
  world: World;
  /** What this process keeps of the store to answer reads (figures, lists' index ...). */
  views: FleetViews;
  /** Reads the store's changes; a service wakes it after a write so this process's views show it at once. */
  follower: StoreFollower;
  /** This process's simulator, when it runs one (scenarios reach units through it). */
  sim: Simulator | null;
}
