import type { CommandName } from '@equipment-dashboard/contract';
import type { Logger } from 'pino';
import type { Db } from '../store/database';
import { storeFaultOf } from '../store/database-errors';
import { FencedOutError } from '../store/repos/job-leases-repo';
import { expireCommand, finishCommand, markSent, type CommandRow } from '../store/repos/commands-repo';
import { writeRuntime } from '../store/repos/runtime-repo';
import { COMMAND_EFFECTS, CommandRefused, type CommandResult, type EffectContext } from './command-effects';
import type { FleetEngine } from './engine';
import type { UnitRuntime } from './unit-runtime';

/** Simulated reply delay of a unit: 1.2 to 3.5 seconds. */
const REPLY_MIN_MS = 1_200;
const REPLY_MAX_MS = 3_500;
/** While the store is away, a command's write is tried again this often (real ms), this many times (a minute and more). */
const STORE_RETRY_MS = 2_000;
const STORE_RETRIES = 40;

export interface CommandRunnerOptions {
  engine: FleetEngine;
  db: Db;
  logger: Logger;
  /** Per-command failure rates in [0, 1] (scenarios). */
  failureRate: (command: CommandName) => number;
  gatewayUp: () => boolean;
  voltageTrouble: ReadonlySet<string>;
  /** Called with each command whose outcome was just committed (this process's waiting calls answer at once). */
  ended: (row: CommandRow) => void;
}

/**
 * The units' side of the command queue (console-core §7, as device-management systems run commands): a
 * connected unit takes each queued command (`sent`), answers after a realistic delay, and its outcome is
 * stored with the state it changed in one transaction (`completed` or `failed`). A unit that is offline
 * gets its queued commands when it reconnects; a command not taken before its expiry becomes `expired`.
 */
export class CommandRunner {
  /** Queued commands of held units, by serial, oldest first. */
  private readonly queued = new Map<string, CommandRow[]>();
  private readonly known = new Set<number>();
  private readonly ctx: EffectContext;

  constructor(private readonly options: CommandRunnerOptions) {
    this.ctx = { engine: options.engine, voltageTrouble: options.voltageTrouble };
    options.engine.onEvent({
      unitsConnected: (units) => units.forEach((unit) => this.deliver(unit)),
    });
  }

  /** Takes commands read from the store: new queued ones (and, at start, those left sent by a crash). */
  offer(rows: readonly CommandRow[]): void {
    for (const row of rows) {
      if (this.known.has(row.id) || (row.status !== 'queued' && row.status !== 'sent')) continue;
      const unit = this.options.engine.get(row.serialNumber);
      if (!unit) continue;
      this.known.add(row.id);
      const list = this.queued.get(row.serialNumber) ?? [];
      list.push(row);
      this.queued.set(row.serialNumber, list);
      this.deliver(unit);
    }
  }

  /** Forgets the commands of units this simulator gave away (their new simulator takes them from the store). */
  forget(serials: readonly string[]): void {
    for (const serial of serials) {
      for (const row of this.queued.get(serial) ?? []) this.known.delete(row.id);
      this.queued.delete(serial);
    }
  }

  /** Expires queued commands whose time is up (simulated clock). */
  async expire(): Promise<void> {
    const now = this.options.engine.clock.now();
    for (const [serial, list] of this.queued) {
      for (const row of [...list]) {
        if (row.status !== 'queued' || !row.expiresAt || row.expiresAt.getTime() > now) continue;
        // Dropped once stored: a store that is away leaves it queued here, to expire at the next look.
        const unit = this.options.engine.get(serial);
        if (!unit) continue;
        const expired = await this.options.engine.fencedWrite(unit.shard, (tx) =>
          expireCommand(tx, row.id, new Date(now)),
        );
        this.drop(serial, row);
        if (expired) this.options.ended(expired);
      }
    }
  }

  private tell(row: CommandRow | undefined): void {
    if (row) this.options.ended(row);
  }

  private drop(serial: string, row: CommandRow): void {
    const list = (this.queued.get(serial) ?? []).filter((r) => r !== row);
    if (list.length > 0) this.queued.set(serial, list);
    else this.queued.delete(serial);
  }

  /** Sends a unit its queued commands, one after another, while it is connected. */
  private deliver(unit: UnitRuntime): void {
    const list = this.queued.get(unit.serialNumber);
    if (!list || !unit.connected || !this.options.gatewayUp()) return;
    for (const row of list.splice(0)) void this.carryOut(unit, row);
    this.queued.delete(unit.serialNumber);
  }

  private async carryOut(unit: UnitRuntime, row: CommandRow): Promise<void> {
    const { engine, logger } = this.options;
    try {
      if (
        row.status === 'queued' &&
        !(await engine.fencedWrite(unit.shard, (tx) => markSent(tx, row.id, new Date(engine.clock.now()))))
      )
        return;
      const replyAt = engine.clock.now() + engine.rng.int(REPLY_MIN_MS, REPLY_MAX_MS);
      engine.at(replyAt, (now) => void this.answer(unit, row, now));
    } catch (err) {
      if (this.fencedOut(err, row)) return;
      if (storeFaultOf(err)) {
        // The store is away: the command stays queued for its unit, which takes it again a little later.
        logger.warn(
          { err, command: row.id },
          'a command could not be marked sent (the store is away); trying again',
        );
        this.requeue(row);
        setTimeout(() => this.deliver(unit), STORE_RETRY_MS).unref();
        return;
      }
      logger.error({ err, command: row.id }, 'a command could not be sent to its unit');
      this.known.delete(row.id);
    }
  }

  /**
   * Whether a write was refused because another simulator took the unit's shard (this one was frozen or late): it
   * leaves the command to the new holder, which reads it from the store.
   */
  private fencedOut(err: unknown, row: CommandRow): boolean {
    if (!(err instanceof FencedOutError)) return false;
    this.options.logger.warn(
      { command: row.id, serialNumber: row.serialNumber },
      "a command's unit is held by another simulator now: left to it",
    );
    this.known.delete(row.id);
    return true;
  }

  /** Puts a command back at the head of its unit's queue. */
  private requeue(row: CommandRow): void {
    this.queued.set(row.serialNumber, [row, ...(this.queued.get(row.serialNumber) ?? [])]);
  }

  /**
   * Stores a command's outcome. While the store is away the same outcome is stored again every few seconds (the
   * unit already did what the command asked: doing it twice would be wrong, storing it late is not).
   */
  private async storeOutcome(
    row: CommandRow,
    write: () => Promise<CommandRow | undefined>,
  ): Promise<CommandRow | undefined> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await write();
      } catch (err) {
        if (!storeFaultOf(err) || attempt >= STORE_RETRIES) throw err;
        this.options.logger.warn(
          { err, command: row.id, attempt },
          'a command outcome could not be stored (the store is away); trying again',
        );
        await new Promise((resolve) => setTimeout(resolve, STORE_RETRY_MS));
      }
    }
  }

  private async answer(unit: UnitRuntime, row: CommandRow, now: number): Promise<void> {
    const { engine, logger } = this.options;
    const at = new Date(now);
    const fail = (error: string) =>
      this.storeOutcome(row, () =>
        engine.fencedWrite(unit.shard, (tx) => finishCommand(tx, row.id, 'failed', { error }, at)),
      );
    try {
      const failRate = this.options.failureRate(row.command as CommandName);
      if (engine.rng.next() < failRate || !unit.connected || engine.get(unit.serialNumber) !== unit) {
        this.tell(await fail(`Unit ${row.serialNumber} did not carry out ${row.command}.`));
        return;
      }
      const effect = COMMAND_EFFECTS[row.command as CommandName];
      const outcome = await effect(unit, now, row.args, this.ctx);
      const finished = await this.storeOutcome(row, () =>
        engine.fencedWrite(unit.shard, async (t) => {
          await writeRuntime(t, [engine.toWrite(unit, now)]);
          const stored = (await outcome.store?.(t)) ?? {};
          const result: CommandResult = { ...outcome.result, ...stored };
          return finishCommand(t, row.id, 'completed', result, at);
        }),
      );
      outcome.afterCommit?.();
      this.tell(finished);
    } catch (err) {
      if (this.fencedOut(err, row)) return;
      const message =
        err instanceof CommandRefused
          ? err.message
          : `Unit ${row.serialNumber} could not carry out ${row.command}.`;
      if (!(err instanceof CommandRefused))
        logger.error({ err, command: row.id }, 'a command failed on its unit');
      this.tell(
        await fail(message).catch(
          (e: unknown) => void logger.error({ err: e }, 'a command outcome could not be stored'),
        ),
      );
    } finally {
      this.known.delete(row.id);
    }
  }
}
