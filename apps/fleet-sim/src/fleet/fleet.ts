import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { LatestVersions } from '../services/releases';
import type { Db } from '../store/database';
import { SimClock } from './clock';
import { CommandCenter } from './command-center';
import { FleetEngine } from './engine';

/** The emulated fleet as the services see it: the engine, the command path and the published versions. */
export interface Fleet {
  engine: FleetEngine;
  commands: CommandCenter;
  latest: LatestVersions;
  /** Serials whose voltages reports come out of range (scenario "voltages out of range"). */
  voltageTrouble: Set<string>;
}

export async function loadFleet(options: { db: Db; logger: Logger; config: Config }): Promise<Fleet> {
  const { db, logger, config } = options;
  const clock = new SimClock(Date.now(), config.SIM_SPEED);
  const [engine, latest] = await Promise.all([
    FleetEngine.load({ db, logger, clock, seed: config.FLEET_SEED }),
    LatestVersions.load(db),
  ]);
  const commands = new CommandCenter(engine, db, logger, () => latest.byFamily());
  return { engine, commands, latest, voltageTrouble: new Set() };
}
