import type { ServiceName } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import { Rng } from '../seed/random';
import type { Db } from '../store/database';
import { readAllFavorites, readRuntimeRows, writeRuntime, type RuntimeWrite } from '../store/repos/runtime-repo';
import { readServices, writeService } from '../store/repos/services-repo';
import type { SimClock } from './clock';
import { FleetState } from './fleet-state';
import { placeSharer, runtimeFromRow, storedUpdateState, versionOrderOf } from './runtime-codec';
import { ServicesBoard } from './services-board';
import { simulate, type TickOutcome } from './simulation';
import type { UnitRuntime } from './unit-runtime';

/** What the engine tells the outside world; the live channel and the services implement it. */
export interface EngineListener {
  countersChanged(): void;
  unitsChanged(serials: string[]): void;
  stagedChanged(families: string[]): void;
  servicesChanged(): void;
  unitsInstalled(units: UnitRuntime[]): void;
}

export interface EngineOptions {
  db: Db;
  logger: Logger;
  clock: SimClock;
  seed: string;
  /** Real milliseconds between ticks. */
  tickMs?: number;
  /** Real milliseconds between writes of changed units to the store. */
  flushMs?: number;
}

/** A sample of the connected-units trend (for /graph). */
export interface TrendSample {
  at: number;
  connected: number;
}

const TREND_EVERY_MS = 60_000;
/**
 * Units per write-behind statement. A 200-row statement took about 20 ms on PGlite here, and a request
 * waits behind one statement at each of its asynchronous steps (read, stat, open, write): the fifth
 * flush's ~700 progress rows in 200-row statements held static files and calls back 85-115 ms every
 * 5 s. 50 rows take about 5 ms.
 */
const WRITE_SLICE = 50;
const TREND_KEEP = 24 * 60;

/**
 * The emulated fleet: every unit's live state in memory, advanced on the simulated clock, written
 * behind to the store in batches, with the dashboard's aggregates kept as units change.
 */
export class FleetEngine {
  readonly state = new FleetState();
  readonly services = new ServicesBoard();
  readonly rng: Rng;
  /** Multiplies connection churn (1 = the field's normal rhythm). */
  churn = 1;
  private readonly listeners: EngineListener[] = [];
  private lastTick: number;
  private timer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private progressFlushes = 0;
  /** Unit rows written behind since start. */
  rowsWritten = 0;
  private readonly trend: TrendSample[] = [];
  private nextTrendAt = 0;
  private readonly tickMs: number;
  private readonly flushMs: number;
  private readonly dueTasks: { at: number; run: (now: number) => void }[] = [];

  private constructor(private readonly options: EngineOptions) {
    this.rng = new Rng(`${options.seed}/engine`);
    this.lastTick = options.clock.now();
    this.tickMs = options.tickMs ?? 250;
    this.flushMs = options.flushMs ?? 1000;
  }

  get clock(): SimClock {
    return this.options.clock;
  }

  /** Loads every unit, favourite and service flag from the store. */
  static async load(options: EngineOptions): Promise<FleetEngine> {
    const engine = new FleetEngine(options);
    const now = options.clock.now();
    const sharePlace = placeSharer();
    for await (const rows of readRuntimeRows(options.db)) {
      for (const row of rows) {
        const unit = runtimeFromRow(row, now, sharePlace);
        if (unit) engine.state.add(unit);
      }
    }
    for (const { username, serialNumber } of await readAllFavorites(options.db)) engine.state.watch(username, serialNumber);
    engine.services.load(await readServices(options.db));
    engine.sampleTrend(now);
    options.clock.onChange(() => engine.tick());
    return engine;
  }

  onEvent(listener: EngineListener): void {
    this.listeners.push(listener);
  }

  /** Starts ticking and writing behind. Tests that drive the clock by hand may never call it. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), this.tickMs);
    this.flushTimer = setInterval(() => void this.flush(), this.flushMs);
    this.timer.unref();
    this.flushTimer.unref();
  }

  /** Stops the clocks and writes everything that changed. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearInterval(this.flushTimer);
    this.timer = undefined;
    this.flushTimer = undefined;
    this.tick();
    await this.flush(true);
  }

  get(serialNumber: string): UnitRuntime | undefined {
    return this.state.units.get(serialNumber);
  }

  /** Runs `run` at simulated time `at` (on the tick that reaches it). */
  at(at: number, run: (now: number) => void): void {
    this.dueTasks.push({ at, run });
    this.dueTasks.sort((a, b) => a.at - b.at);
  }

  /** Advances the fleet to the clock's now. Called by the timer and after every clock change. */
  tick(): void {
    const to = this.clock.now();
    const from = this.lastTick;
    if (to <= from) return;
    this.lastTick = to;
    const servicesBack = this.services.tick(to);
    const countsBefore = this.state.aggregates.counters();
    let outcome: TickOutcome = { installed: [], stagedChanged: new Set() };
    try {
      outcome = simulate({
        state: this.state,
        rng: this.rng,
        from,
        to,
        gatewayUp: this.services.isUp('charon'),
        churn: this.churn,
      });
    } catch (error) {
      this.options.logger.error({ err: error }, 'fleet tick failed');
    }
    while (this.dueTasks.length > 0 && (this.dueTasks[0]?.at ?? Infinity) <= to) {
      const task = this.dueTasks.shift();
      try {
        task?.run(to);
      } catch (error) {
        this.options.logger.error({ err: error }, 'scheduled fleet task failed');
      }
    }
    if (to >= this.nextTrendAt) this.sampleTrend(to);
    const countsAfter = this.state.aggregates.counters();
    if (countsAfter.connectedAligners !== countsBefore.connectedAligners || countsAfter.totalAligners !== countsBefore.totalAligners) {
      this.listeners.forEach((l) => l.countersChanged());
    }
    if (servicesBack.length > 0) {
      for (const name of servicesBack) void writeService(this.options.db, name, true).catch(() => undefined);
      this.listeners.forEach((l) => l.servicesChanged());
    }
    if (outcome.installed.length > 0) this.listeners.forEach((l) => l.unitsInstalled(outcome.installed));
    if (outcome.stagedChanged.size > 0) this.listeners.forEach((l) => l.stagedChanged([...outcome.stagedChanged]));
    if (this.state.radarChanged.size > 0) {
      const serials = [...this.state.radarChanged];
      this.state.radarChanged.clear();
      this.listeners.forEach((l) => l.unitsChanged(serials));
    }
  }

  private sampleTrend(now: number): void {
    this.trend.push({ at: now, connected: this.state.aggregates.counters().connectedAligners });
    if (this.trend.length > TREND_KEEP) this.trend.splice(0, this.trend.length - TREND_KEEP);
    this.nextTrendAt = now + TREND_EVERY_MS;
  }

  trendSamples(): readonly TrendSample[] {
    return this.trend;
  }

  /**
   * Writes changed units to the store in one statement. State changes go at every flush; download
   * progress alone every fifth flush. `all` writes everything (at shutdown).
   */
  flush(all = false): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      this.progressFlushes = (this.progressFlushes + 1) % 5;
      const withProgress = all || this.progressFlushes === 0;
      const now = this.clock.now();
      const batch: RuntimeWrite[] = [];
      for (const [serial, level] of this.state.dirty) {
        if (level === 'progress' && !withProgress) continue;
        this.state.dirty.delete(serial);
        const unit = this.state.units.get(serial);
        if (unit) batch.push(this.toWrite(unit, now));
      }
      // Small statements with a turn of the event loop between them: PGlite runs in this thread, so
      // one big write would hold every request back for its whole length.
      for (let i = 0; i < batch.length; i += WRITE_SLICE) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const slice = batch.slice(i, i + WRITE_SLICE);
        try {
          await writeRuntime(this.options.db, slice);
          this.rowsWritten += slice.length;
        } catch (error) {
          // Keep them dirty: the next flush tries again.
          for (const row of slice) this.state.dirty.set(row.serialNumber, 'state');
          this.options.logger.error({ err: error, units: slice.length }, 'write-behind failed');
        }
      }
    });
    return this.flushing;
  }

  toWrite(unit: UnitRuntime, now: number): RuntimeWrite {
    return {
      serialNumber: unit.serialNumber,
      connected: unit.connected,
      connectCount: unit.connectCount,
      port: unit.port,
      address: unit.address,
      currentProcedure: unit.currentProcedure,
      alignmentCount: unit.alignmentCount,
      pendingSoftwareDownload: unit.pendingSoftwareDownload,
      updateState: storedUpdateState(unit, now),
      staging: unit.staging,
      versionSemantic: unit.versionSemantic,
      versionMeta: unit.versionMeta,
      versionOrder: versionOrderOf(unit),
      logLevel: unit.logLevel,
      targetType: unit.targetType,
      lastSeenOnlineAt: unit.lastSeenOnlineAt === null ? null : new Date(unit.lastSeenOnlineAt),
      sshPortOpenUntil: unit.sshPortOpenUntil === null ? null : new Date(unit.sshPortOpenUntil),
      updatedAt: new Date(unit.updatedAt),
    };
  }

  /** Applies a change to a unit now (pools, aggregates, write-behind, radar) and tells listeners. */
  change(unit: UnitRuntime, mutate: (unit: UnitRuntime) => void): void {
    const counts = this.state.aggregates.counters();
    const pending = unit.pendingSoftwareDownload;
    this.state.change(unit, this.clock.now(), mutate);
    const after = this.state.aggregates.counters();
    if (after.connectedAligners !== counts.connectedAligners) this.listeners.forEach((l) => l.countersChanged());
    if (pending !== unit.pendingSoftwareDownload) this.listeners.forEach((l) => l.stagedChanged([unit.family]));
    if (this.state.radarChanged.has(unit.serialNumber)) {
      this.state.radarChanged.delete(unit.serialNumber);
      this.listeners.forEach((l) => l.unitsChanged([unit.serialNumber]));
    }
  }

  addUnit(unit: UnitRuntime): void {
    this.state.add(unit);
    this.listeners.forEach((l) => l.countersChanged());
  }

  removeUnit(unit: UnitRuntime): void {
    this.state.remove(unit);
    this.listeners.forEach((l) => {
      l.countersChanged();
      if (unit.pendingSoftwareDownload) l.stagedChanged([unit.family]);
    });
  }

  async setService(name: ServiceName, up: boolean): Promise<void> {
    if (this.services.set(name, up)) {
      await writeService(this.options.db, name, up);
      this.listeners.forEach((l) => l.servicesChanged());
    }
  }

  async restartService(name: ServiceName): Promise<void> {
    this.services.restart(name, this.clock.now());
    await writeService(this.options.db, name, false);
    this.listeners.forEach((l) => l.servicesChanged());
  }
}
