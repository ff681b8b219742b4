import type { Logger } from 'pino';
import type { VoltagesReport } from '@equipment-dashboard/contract';
import { hasVoltageOutOfRange } from '@equipment-dashboard/domain';
import { metrics } from '../core/metrics';
import type { Database, Db } from '../store/database';
import { openCommands, type CommandRow } from '../store/repos/commands-repo';
import { desiredChangedSince, type DesiredRow } from '../store/repos/desired-repo';
import { voltagesReports } from '../store/repos/units-repo';
import type { Feed } from '../store/store-follower';
import type { SimClock } from './clock';
import { CommandRunner } from './command-runner';
import { FleetEngine, type EngineListener } from './engine';
import type { FleetSettings } from './fleet-settings';
import type { BackendStatusBoard } from './backend-status';
import { ShardLeases } from './shard-leases';

export interface SimulatorOptions {
  db: Db;
  logger: Logger;
  clock: SimClock;
  seed: string;
  services: BackendStatusBoard;
  settings: FleetSettings;
  /** Lease shards from the store with the other simulators (FLEET_ROLE=sim); else simulate every unit. */
  leased?: boolean;
  /** This process's id in the change log (see EngineOptions.writer). */
  writer?: string;
  /** Which store the units are written to (see EngineOptions.store). */
  store?: Database['kind'];
  /** Called with each command whose outcome the simulator just committed (calls of this process wait for it). */
  commandEnded: (row: CommandRow) => void;
}

/** How often (real ms) queued commands are checked for expiry. */
const EXPIRY_EVERY_MS = 1_000;

/**
 * The units of a process: the engine that moves them, the command runner that carries out their queued
 * commands, and the feed through which they read the API's desired state. It writes only reported state.
 */
export class Simulator {
  private expiryTimer: NodeJS.Timeout | undefined;
  private unwatch: (() => void)[] = [];
  /** The shard leases of a simulator among several (null: this one simulates every unit). */
  leases: ShardLeases | null = null;

  private constructor(
    readonly engine: FleetEngine,
    readonly commands: CommandRunner,
    /** Units whose voltages reports come out of range (scenario "voltages out of range"). */
    readonly voltageTrouble: Set<string>,
    private readonly options: SimulatorOptions,
  ) {}

  static async load(options: SimulatorOptions): Promise<Simulator> {
    const { db, logger, clock, services, settings } = options;
    const engine = await FleetEngine.load({
      db,
      logger,
      clock,
      seed: options.seed,
      shards: options.leased ? [] : undefined,
      leased: options.leased,
      writer: options.writer,
      store: options.store,
      gatewayUp: () => services.isUp('charon', clock.now()),
    });
    engine.churn = settings.churn;
    engine.updateFailureRate = settings.failureRates.update ?? 0;
    engine.updateFailureRates = settings.updateFailureRates ?? {};
    const voltageTrouble = new Set<string>();
    const commands = new CommandRunner({
      engine,
      db,
      logger,
      failureRate: (command) => settings.failureRates[command] ?? 0,
      gatewayUp: () => services.isUp('charon', clock.now()),
      voltageTrouble,
      ended: options.commandEnded,
    });
    const simulator = new Simulator(engine, commands, voltageTrouble, options);
    if (options.leased) {
      simulator.leases = new ShardLeases(db, logger, options.writer ?? 'simulator', {
        take: async (taken) => {
          const shards = taken.map((h) => h.shard);
          await engine.takeShards(shards);
          commands.offer(await openCommands(db, shards));
          await simulator.readVoltageTrouble(false, shards);
        },
        give: async (shards) => commands.forget(await engine.dropShards(shards)),
      });
      engine.fence = simulator.leases.fence();
    } else {
      commands.offer(await openCommands(db));
      // A leased simulator holds no unit yet: it reads its shards' trouble as it takes them.
      await simulator.readVoltageTrouble();
    }
    return simulator;
  }

  /**
   * Which of its units have voltage trouble, from their latest voltages reports in the store: a restart, a restore or
   * shards taken over from another simulator (only theirs read) keep what a scenario gave them (`replace`: forget what
   * this process held).
   */
  private async readVoltageTrouble(replace = false, shards?: readonly number[]): Promise<void> {
    if (replace) this.voltageTrouble.clear();
    for (const { serialNumber, data } of await voltagesReports(this.options.db, shards))
      if (this.engine.get(serialNumber) && hasVoltageOutOfRange(data as VoltagesReport))
        this.voltageTrouble.add(serialNumber);
  }

  /**
   * The feeds the simulator follows: the desired stagings of its units, handed to `take` (the process's one path for
   * committed changes, which gives them back to {@link committed}).
   */
  feeds(take: (rows: DesiredRow[]) => void): Feed[] {
    const { engine } = this;
    const every = !this.options.leased;
    return [
      {
        name: 'desired',
        poll: async (db, since) =>
          take(await desiredChangedSince(db, since, every ? undefined : engine.heldShards())),
      },
    ];
  }

  /** A committed change of desired stagings or of the fleet's units: the units this simulator holds follow it. */
  committed({ desired, removed }: { desired?: readonly DesiredRow[]; removed?: readonly string[] }): void {
    if (desired && desired.length > 0) this.engine.applyDesired(desired);
    if (removed && removed.length > 0) this.engine.removeUnits(removed);
  }

  onEvent(listener: EngineListener): void {
    this.engine.onEvent(listener);
  }

  /** The fleet's settings changed in the store (scenarios). */
  settingsChanged(settings: FleetSettings): void {
    this.engine.churn = settings.churn;
    this.engine.updateFailureRate = settings.failureRates.update ?? 0;
    this.engine.updateFailureRates = settings.updateFailureRates ?? {};
  }

  /** Before a restore: the units stop moving and writing (see FleetEngine.pause). */
  pause(): Promise<void> {
    return this.engine.pause();
  }

  /**
   * After a restore: the units and their commands come from the store again (`keep`: the restore failed, the units go
   * on as they were).
   */
  async reload(keep = false): Promise<void> {
    if (!keep) this.commands.forget([...this.engine.state.units.keys()]);
    await this.engine.reload(keep);
    if (keep) return;
    if (!this.options.leased) this.commands.offer(await openCommands(this.options.db));
    await this.readVoltageTrouble(true, this.options.leased ? this.engine.heldShards() : undefined);
  }

  async start(): Promise<void> {
    const { engine } = this;
    const worker = this.options.writer ?? 'all';
    this.unwatch = [
      metrics.writeBehindQueue.watch(() => [{ value: engine.writeBehind().queued }]),
      metrics.writeBehindLag.watch(() => [{ value: engine.writeBehind().lagSeconds }]),
      metrics.unitsSimulated.watch(() => [{ value: engine.state.units.size }]),
      metrics.shardsHeld.watch(() => [{ labels: { worker }, value: engine.heldShards().length }]),
    ];
    await this.leases?.start();
    this.engine.start();
    this.expiryTimer = setInterval(() => {
      this.commands
        .expire()
        .catch((err: unknown) => this.options.logger.warn({ err }, 'expiring commands failed'));
    }, EXPIRY_EVERY_MS);
    this.expiryTimer.unref();
  }

  async stop(): Promise<void> {
    this.unwatch.splice(0).forEach((off) => off());
    clearInterval(this.expiryTimer);
    await this.engine.stop();
    await this.leases?.stop();
  }
}
