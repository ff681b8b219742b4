import { randomUUID } from 'node:crypto';
import type { Config } from '../config/config';
import { Simulator } from '../fleet/simulator';
import { ensureDemoWorld } from '../services/demo-world';
import { schedulerActivityListener } from '../jobs/delivery-counter';
import { commandsFeed, countsFeed, tombstonesFeed } from '../read-models/feeds';
import { DirectivePlayer } from '../scenarios/directive-player';
import { createReadModels } from '../read-models/read-models';
import {
  type ProcessOptions,
  type RunningProcess,
  openProcess,
  followWorld,
  loadSimulator,
  serveOperator,
} from './process';

/** A simulator process (FLEET_ROLE=sim): its shards' units, and GET /healthz. */
export interface RunningWorker extends RunningProcess {
  simulator: Simulator;
}

/**
 * Starts a simulator of a cluster: it seeds an empty store (once, under the seed lock), follows the store's
 * world, takes its fair share of the shards through leases, and serves only GET /healthz (its role, the
 * shards and units it holds). Everything it tells consoles goes through the store.
 */
export async function startSimWorker(config: Config, options: ProcessOptions = {}): Promise<RunningWorker> {
  const { logger, prefixes, database, db } = await openProcess(config, options);
  try {
    if (options.seed !== false) await ensureDemoWorld({ config, db, logger, prefixes });
    const { follower, from, clock, world, onWorldChanged } = await followWorld(config, db, logger);
    // The figures let the update scheduler's deliveries carry the fleet's figures of the hour.
    const readModels = createReadModels();
    const worker = `sim-${randomUUID()}`;
    const simulator = await loadSimulator(config, database, logger, world, {
      leased: true,
      writer: worker,
      commandEnded: () => undefined,
    });
    onWorldChanged({ settingsChanged: (settings) => simulator.settingsChanged(settings) });
    const directives = new DirectivePlayer(
      { db, clock, world, readModels, config, logger },
      simulator,
      worker,
    );
    await directives.load();
    onWorldChanged({ worldRestored: () => void directives.reload() });
    follower.add(directives.feed());
    readModels.onCommitted((change) => simulator.committed(change));
    follower.add(countsFeed((counts) => readModels.takeCommitted({ counts })));
    follower.add(tombstonesFeed((removed) => readModels.takeCommitted({ removed })));
    follower.add(commandsFeed((rows) => simulator.commands.offer(rows)));
    for (const feed of simulator.feeds((desired) => readModels.takeCommitted({ desired })))
      follower.add(feed);
    await follower.start(from);
    simulator.onEvent(schedulerActivityListener({ db, readModels, world, clock, logger }));
    await simulator.start();

    const health = () => ({
      role: 'sim',
      worker,
      units: simulator.engine.state.units.size,
      shards: simulator.engine.heldShards(),
      stats: { unitChanges: simulator.engine.state.changes, rowsWritten: simulator.engine.rowsWritten },
    });
    const served = await serveOperator(config, { name: 'simulator', database, health }, async (step) => {
      step('stopping the store follower');
      await follower.stop();
      step("writing the simulator's last changes and giving its shards back");
      await simulator.stop().catch((err: unknown) => logger.error({ err }, 'final write-behind failed'));
    });
    return { logger, simulator, ...served };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
