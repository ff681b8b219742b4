import type { SerialPrefixTable } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import type { SessionCache } from '../auth/session-cache';
import type { TokenSigner } from '../auth/tokens';
import type { Config } from '../config/config';
import type { Fleet } from '../fleet/fleet';
import type { LiveHub } from '../live/live-hub';
import type { Mailer } from '../mail/mailer';
import type { Db } from '../store/database';

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
  /** The emulated fleet: engine, commands, published versions. */
  fleet: Fleet;
}
