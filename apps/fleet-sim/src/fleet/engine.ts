import type { Logger } from 'pino';
import { metrics } from '../core/metrics';
import { Rng } from '../core/random';
import type { Database, Db } from '../store/database';
import { replaceShardCounts, writeCounts } from '../store/repos/counts-repo';
import { pruneChangeRecords } from '../store/repos/feed-repo';
import type { DesiredRow } from '../store/repos/desired-repo';
import { readRuntimeRows, writeRuntime, type RuntimeWrite } from '../store/repos/runtime-repo';
import { checkShardFence, type ShardFence } from '../store/repos/leases-repo';
import { inTransaction } from '../store/transaction';
import { SHARD_COUNT } from '../store/schema';
import type { SimClock } from './clock';
import { desiredOf, isPending, type DesiredStaging } from './desired-state';
import { FleetState } from './fleet-state';
import type { PackedUnit } from './packed-unit';
import { intern, runtimeFromRow, storedUpdateState, versionOrderOf } from './runtime-codec';
import { simulate } from './simulation';
import { startFlow } from './update-flow';
import { IDLE_STATE, type UnitRuntime } from './unit-runtime';

/** What the engine tells the rest of its simulator about. */
export interface EngineListener {
  /** Units that came online (their queued commands can go to them now). */
  unitsConnected?(units: UnitRuntime[]): void;
  /** Units that finished installing (the update scheduler counts deliveries). */
  unitsInstalled?(units: UnitRuntime[]): void;
  /** Units whose reported state the write-behind just committed (this process's read models take them as they are). */
  unitsWritten?(units: UnitRuntime[]): void;
}

export interface EngineOptions {
  db: Db;
  logger: Logger;
  clock: SimClock;
  seed: string;
  /** The shards this simulator starts with; all of them when unset (a leased simulator starts with none). */
  shards?: readonly number[];
  /** Writes only the shards it holds a lease on (several simulators on one store; see fleet/shard-leases.ts). */
  leased?: boolean;
  /** Whether the gateway (charon) lets units connect now. */
  gatewayUp: () => boolean;
  /** Who writes (logged with each write-behind statement, so this process's readers can skip their own). */
  writer?: string;
  /** Real milliseconds between ticks. */
  tickMs?: number;
  /** Real milliseconds between writes of changed units to the store. */
  flushMs?: number;
  /** Which store the units are written to: it sets how many a statement carries. */
  store?: Database['kind'];
}

/**
 * Units per write-behind statement. A 200-row statement took about 20 ms on PGlite here, and a request
 * waits behind one statement at each of its asynchronous steps (read, stat, open, write): the fifth
 * flush's ~700 progress rows in 200-row statements held static files and calls back 85-115 ms every
 * 5 s. 50 rows take about 5 ms.
 */
const WRITE_SLICE_PGLITE = 50;
/**
 * On PostgreSQL the write is another process's work: 50-row statements, one after the
 * other, fell behind 6,000 changes a second on a loaded machine (a flush took longer than its second).
 */
const WRITE_SLICE_POSTGRES = 500;

/** Units per write-behind statement on a store. */
export function writeSliceOf(store: Database['kind'] | undefined): number {
  return store === 'postgres' ? WRITE_SLICE_POSTGRES : WRITE_SLICE_PGLITE;
}

function sameStaging(flowTarget: { semantic: string; meta: string }, desired: DesiredStaging): boolean {
  return flowTarget.semantic === desired.semantic && flowTarget.meta === desired.meta;
}

/**
 * A simulator's units: each unit's reported state in memory, advanced on the simulated clock and written
 * behind to the store in batches with the dashboard's counters (a crash may roll reported state back by
 * a second; nothing anyone was told). Desired state comes the other way: {@link applyDesired} takes the
 * API's stagings as the simulator reads them from the store.
 */
export class FleetEngine {
  readonly state = new FleetState();
  rng: Rng;
  /** A restore replaces the world under it: no tick and no write until it reloads. */
  private paused = false;
  /** Multiplies connection churn (1 = the field's normal rhythm). */
  churn = 1;
  /** Share of update installs that fail (scenarios' `failureRates.update`). */
  updateFailureRate = 0;
  /** The same by the version installed (scenarios' `updateFailureRates`). */
  updateFailureRates: Readonly<Record<string, number>> = {};
  private readonly listeners: EngineListener[] = [];
  private lastTick: number;
  private timer: NodeJS.Timeout | undefined;
  private flushTimer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Whether a flush waits to start: it will take whatever is dirty then, so a second one need not queue. */
  private flushWaiting = false;
  private progressFlushes = 0;
  private flushes = 0;
  /** Unit rows written behind since start. */
  rowsWritten = 0;
  /**
   * What this simulator's writes are fenced by (its shard leases' tokens), set by its simulator once it leases
   * shards; null for a simulator of every unit (one process, nobody to be fenced from).
   */
  fence: ShardFence | null = null;
  /** A counters write failed: the next flush recounts every held shard. */
  private recount = false;
  /** When a flush last wrote everything it took without a failure (real ms). */
  private lastCaughtUp = Date.now();
  private readonly tickMs: number;
  private readonly flushMs: number;
  private readonly dueTasks: { at: number; run: (now: number) => void }[] = [];
  private readonly held: Set<number>;

  private constructor(private readonly options: EngineOptions) {
    this.held = new Set(options.shards ?? Array.from({ length: SHARD_COUNT }, (_, i) => i));
    this.rng = new Rng(`${options.seed}/engine`);
    this.lastTick = options.clock.now();
    this.tickMs = options.tickMs ?? 250;
    this.flushMs = options.flushMs ?? 1000;
  }

  get clock(): SimClock {
    return this.options.clock;
  }

  /** Loads the units of its shards, squares their flows with their desired state, and recounts them. */
  static async load(options: EngineOptions): Promise<FleetEngine> {
    const engine = new FleetEngine(options);
    if (engine.held.size > 0) await engine.loadShards([...engine.held]);
    options.clock.onChange(() => engine.tick());
    return engine;
  }

  private async loadShards(shards: number[]): Promise<number> {
    const now = this.clock.now();
    let loaded = 0;
    for await (const rows of readRuntimeRows(
      this.options.db,
      shards.length === SHARD_COUNT ? undefined : shards,
    )) {
      for (const row of rows) {
        // A unit takes a slot of the columns as it is made: make only those that are not here yet.
        if (this.state.units.has(row.serialNumber)) continue;
        const unit = runtimeFromRow(row, now);
        if (!unit) continue;
        const changed = this.reconcile(unit, now);
        this.state.add(unit);
        if (changed) this.state.touch(unit, now);
        loaded += 1;
      }
    }
    await replaceShardCounts(this.options.db, shards, this.state.aggregates.rows('all', shards), this.fence);
    return loaded;
  }

  /** Shards whose lease this simulator just took: their units join it, and their counters are recounted. */
  async takeShards(shards: readonly number[]): Promise<number> {
    const fresh = shards.filter((s) => !this.held.has(s));
    fresh.forEach((s) => this.held.add(s));
    return fresh.length > 0 ? this.loadShards(fresh) : 0;
  }

  /** Shards this simulator gives away: what changed is written first, then their units leave it. */
  async dropShards(shards: readonly number[]): Promise<string[]> {
    await this.flush(true);
    shards.forEach((s) => this.held.delete(s));
    // Their counters first: a unit of a dropped shard then leaves without its shard's top 10 being recounted
    // over every unit each time one of them goes (a simulator giving away half a million units spent 30 s on it).
    this.state.aggregates.dropShards(shards);
    const gone: string[] = [];
    for (const unit of [...this.state.units.values()]) {
      if (!shards.includes(unit.shard)) continue;
      this.state.remove(unit);
      gone.push(unit.serialNumber);
    }
    return gone;
  }

  /** What waits to be written: units changed since their last write, and seconds since a flush last succeeded whole. */
  writeBehind(): { queued: number; lagSeconds: number } {
    const queued = this.state.dirty.size;
    return { queued, lagSeconds: queued === 0 ? 0 : (Date.now() - this.lastCaughtUp) / 1000 };
  }

  /** The shards this simulator holds now. */
  heldShards(): number[] {
    return [...this.held].sort((a, b) => a - b);
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

  /**
   * Stops ticking and writing behind once the write under way has ended (before a restore replaces the world:
   * nothing of the world before may be written after it). {@link reload} resumes.
   */
  async pause(): Promise<void> {
    this.paused = true;
    await this.flushing;
  }

  /**
   * After a restore (or when it failed and nothing changed, `keep`): drops every unit, due task and unwritten change,
   * then loads the held shards' units from the store with the random stream it started with, so that the same
   * snapshot with the same steps plays the same world; then ticks and writes again.
   */
  async reload(keep = false): Promise<void> {
    if (!keep) {
      const held = [...this.held];
      this.state.aggregates.dropShards(held);
      for (const unit of [...this.state.units.values()]) this.state.remove(unit);
      this.state.dirty.clear();
      this.state.connectedNow.clear();
      this.state.installedNow.length = 0;
      this.dueTasks.length = 0;
      this.rng = new Rng(`${this.options.seed}/engine`);
      this.lastTick = this.clock.now();
      this.paused = false;
      await this.loadShards(held);
    }
    this.paused = false;
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
    if (this.paused) return;
    const to = this.clock.now();
    const from = this.lastTick;
    if (to <= from) return;
    this.lastTick = to;
    try {
      simulate({
        state: this.state,
        rng: this.rng,
        from,
        to,
        gatewayUp: this.options.gatewayUp(),
        churn: this.churn,
        updateFailureRate: this.updateFailureRate,
        updateFailureRates: this.updateFailureRates,
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
    this.tellListeners();
  }

  private tellListeners(): void {
    if (this.state.connectedNow.size > 0) {
      const units = [...this.state.connectedNow];
      this.state.connectedNow.clear();
      this.listeners.forEach((l) => l.unitsConnected?.(units));
    }
    if (this.state.installedNow.length > 0) {
      const units = this.state.installedNow.splice(0);
      this.listeners.forEach((l) => l.unitsInstalled?.(units));
    }
  }

  /**
   * Writes changed units and changed counters to the store. State changes go at every flush; download
   * progress alone every fifth flush. `all` writes everything (at shutdown).
   */
  flush(all = false): Promise<void> {
    if (this.paused) return this.flushing;
    // A timer's flush while another waits would only queue behind it: when flushes take longer than the
    // timer's period, queued flushes grew without end and a shard given away waited minutes for its write.
    if (!all && this.flushWaiting) return this.flushing;
    this.flushWaiting = true;
    this.flushing = this.flushing
      .then(async () => {
        this.flushWaiting = false;
        this.progressFlushes = (this.progressFlushes + 1) % 5;
        const withProgress = all || this.progressFlushes === 0;
        let failed = false;
        const batch: UnitRuntime[] = [];
        for (const [unit, level] of this.state.dirty) {
          if (level === 'progress' && !withProgress) continue;
          batch.push(unit);
        }
        // Small statements with a turn of the event loop between them: PGlite runs in this thread, so
        // one big write would hold every request back for its whole length.
        const size = writeSliceOf(this.options.store);
        for (let i = 0; i < batch.length; i += size) {
          if (i > 0) await new Promise((resolve) => setImmediate(resolve));
          // Rows are made per statement, as it starts: made for the whole flush, they outlived its turns of the
          // event loop, reached V8's old generation and made the heap grow (a unit changed since is written as it is now).
          const now = this.clock.now();
          const slice = batch.slice(i, i + size);
          const rows = slice.map((unit) => this.toWrite(unit, now));
          try {
            await writeRuntime(this.options.db, rows, this.options.writer ?? null, this.fence);
            this.rowsWritten += rows.length;
            metrics.writeBehindRows.inc(rows.length);
            const written = slice.filter((unit) => this.state.holds(unit));
            this.listeners.forEach((l) => l.unitsWritten?.(written));
          } catch (error) {
            // Keep them dirty: the next flush tries again.
            for (const unit of slice) if (this.state.holds(unit)) this.state.dirty.set(unit, 'state');
            metrics.writeBehindFailures.inc();
            failed = true;
            this.options.logger.error({ err: error, units: slice.length }, 'write-behind failed');
          }
        }
        // The change records readers follow are kept an hour (a reader that falls further behind reloads).
        if (++this.flushes % 600 === 0) await pruneChangeRecords(this.options.db).catch(() => undefined);
        const counts = this.state.aggregates.rows('changed');
        try {
          await writeCounts(this.options.db, counts, this.fence);
        } catch (error) {
          this.options.logger.error(
            { err: error },
            'counters write-behind failed: recounting at the next flush',
          );
          this.recount = true;
          failed = true;
        }
        if (this.recount) {
          // Counters are absolute values: a recount of every held shard makes up for any write that failed.
          await replaceShardCounts(
            this.options.db,
            this.heldShards(),
            this.state.aggregates.rows('all'),
            this.fence,
          );
          this.recount = false;
        }
        if (!failed) this.lastCaughtUp = Date.now();
      })
      .catch((error: unknown) => {
        // The chain of flushes must outlive any one of them: a rejected link would skip every flush after it.
        this.options.logger.error({ err: error }, 'write-behind flush failed; trying again at the next one');
      });
    return this.flushing;
  }

  /**
   * Runs `work` in one transaction that first checks this simulator still holds the unit's shard with its token
   * (throws FencedOutError when another took it); a simulator of every unit (no leases) writes unfenced.
   */
  fencedWrite<T>(shard: number, work: (tx: Db) => Promise<T>): Promise<T> {
    const fence = this.fence;
    return inTransaction(this.options.db, async (tx) => {
      if (fence) await checkShardFence(tx, fence, shard);
      return work(tx);
    });
  }

  /** Writes one unit now (a command's outcome is stored with the unit's state it changed). */
  toWrite(unit: UnitRuntime, now: number): RuntimeWrite {
    this.state.dirty.delete(unit);
    return {
      serialNumber: unit.serialNumber,
      connected: unit.connected,
      connectCount: unit.connectCount,
      port: unit.port,
      address: unit.address,
      currentProcedure: unit.currentProcedure,
      alignmentCount: unit.alignmentCount,
      updateState: storedUpdateState(unit, now),
      stagedRevDone: unit.stagedRevDone,
      flowRev: unit.flow ? unit.flow.rev : null,
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

  /** Applies a change to a unit now (pools, counters, write-behind). */
  change(unit: UnitRuntime, mutate: (unit: UnitRuntime) => void): void {
    this.state.change(unit, this.clock.now(), mutate);
    this.tellListeners();
  }

  /** Takes the API's desired stagings read from the store (newer revisions only). */
  applyDesired(rows: readonly DesiredRow[]): void {
    const now = this.clock.now();
    for (const row of rows) {
      const unit = this.state.units.get(row.serialNumber);
      if (!unit || (unit.desired && unit.desired.rev >= row.rev)) continue;
      this.state.change(unit, now, (u) => {
        u.desired = desiredOf(row, intern);
        this.reconcile(u, now);
      });
    }
    this.tellListeners();
  }

  /**
   * Squares a unit's update flow with its desired staging: a pending staging the flow does not serve
   * starts a new flow (one for the same version keeps its progress), and a flow nothing desires any more
   * stops, as a unit's updater does when it next reads its desired state.
   */
  private reconcile(unit: UnitRuntime, now: number): boolean {
    const desired = unit.desired;
    const flow = unit.flow;
    if (isPending(desired, unit.stagedRevDone)) {
      if (flow && flow.rev === desired.rev) return false;
      if (flow && sameStaging(flow.target, desired)) {
        flow.rev = desired.rev;
        return true;
      }
      const target = {
        semantic: desired.semantic,
        meta: desired.meta,
        path: desired.path ?? `/updates/${unit.family}/${desired.semantic}`,
      };
      unit.flow = startFlow(target, desired.rev, unit.family, now, this.rng);
      unit.idleState = IDLE_STATE;
      return true;
    }
    if (flow && desired && flow.rev < desired.rev) {
      unit.flow = null;
      unit.idleState = IDLE_STATE;
      return true;
    }
    return false;
  }

  /** Units that left the store (deleted, renamed away by another process). */
  removeUnits(serials: readonly string[]): void {
    for (const serial of serials) {
      const unit = this.state.units.get(serial);
      if (unit) this.state.remove(unit);
    }
  }

  addUnit(unit: PackedUnit): void {
    this.state.add(unit);
  }

  /** A unit took a new serial (and with it, maybe, another shard): every index and counter follows. */
  renameUnit(unit: UnitRuntime, serialNumber: string, shard: number): void {
    const held = this.state.units.get(unit.serialNumber);
    if (held !== unit) return;
    this.state.remove(held);
    held.serialNumber = serialNumber;
    held.shard = shard;
    this.state.add(held);
    this.state.touch(unit, this.clock.now());
  }
}
