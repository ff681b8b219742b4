import type { CommandName, CommandResponse } from '@equipment-dashboard/api';
import { unitCapabilities, type LatestByFamily, type UnitCapabilities } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import { ConflictError, HttpError, NotFoundError, ServiceUnavailableError } from '../http/errors';
import type { Db } from '../store/database';
import { finishCommand, recordCommand } from '../store/repos/commands-repo';
import type { FleetEngine } from './engine';
import type { UnitRuntime } from './unit-runtime';

/** A command's result values (the contract's `result` record). */
export type CommandResult = Record<string, string | number | boolean | null>;

/** What a command does to a unit when the unit carries it out (after its reply delay). */
export type CommandEffect = (unit: UnitRuntime, now: number) => Promise<CommandResult> | CommandResult;

export interface CommandRequest {
  serialNumber: string;
  command: CommandName;
  args: Record<string, unknown>;
  username: string;
  /** The capability of libs/domain the unit's software must have, if any. */
  capability?: keyof UnitCapabilities;
  effect: CommandEffect;
  /** Checks that must hold when the command is sent (beyond connected), e.g. "something is pending". */
  precondition?: (unit: UnitRuntime) => void;
}

/** The unit did not carry out a command (a scenario's failure rate, or a unit error). */
export class CommandFailedError extends HttpError {
  constructor(serialNumber: string, command: string) {
    super(502, 'command_failed', `Unit ${serialNumber} did not carry out ${command}. Try again.`, { serialNumber, command });
  }
}

/** Simulated reply delay of a unit: 1.2 to 3.5 seconds. */
const REPLY_MIN_MS = 1_200;
const REPLY_MAX_MS = 3_500;
/** How long the HTTP call waits for the reply in real time before answering `accepted`. */
const WAIT_REAL_MS = 10_000;

/**
 * Sends commands to emulated units (console-core §7): checks the unit can receive it, records it with
 * who sent it, and carries it out after a realistic delay on the simulated clock. The call waits for
 * the reply (the console's button stays busy until then) and answers `completed`; if the reply takes
 * longer than 10 s real time (a stopped or slow clock) it answers `accepted` and the unit finishes later.
 */
export class CommandCenter {
  /** Per-command failure rates in [0, 1], set by scenarios. */
  readonly failureRates = new Map<CommandName, number>();

  constructor(
    private readonly engine: FleetEngine,
    private readonly db: Db,
    private readonly logger: Logger,
    private readonly latestByFamily: () => LatestByFamily,
  ) {}

  /** The unit, or the clear error a console shows when it cannot take commands. */
  reachable(serialNumber: string): UnitRuntime {
    const unit = this.engine.get(serialNumber);
    if (!unit) throw new NotFoundError(`No unit with serial number ${serialNumber}.`);
    if (!this.engine.services.isUp('charon')) {
      throw new ServiceUnavailableError('The gateway (charon) is down: no unit can be reached until it is back.');
    }
    if (!unit.connected) {
      throw new ConflictError(`Unit ${serialNumber} is not connected, so it cannot receive commands.`, { serialNumber }, 'not_connected');
    }
    return unit;
  }

  capabilities(unit: UnitRuntime): UnitCapabilities {
    return unitCapabilities(
      {
        family: unit.family,
        version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
        systemClass: unit.systemClass,
        boardFeatures: unit.numCameras === null ? null : { numCameras: unit.numCameras, isDDAligner: unit.isDDAligner ?? false },
        pendingSoftwareDownload: unit.pendingSoftwareDownload,
      },
      this.latestByFamily(),
    );
  }

  async send(request: CommandRequest): Promise<CommandResponse> {
    const unit = this.reachable(request.serialNumber);
    if (request.capability && !this.capabilities(unit)[request.capability]) {
      throw new ConflictError(
        `Unit ${unit.serialNumber} (${unit.family} ${unit.versionSemantic}) does not support ${request.command}.`,
        { serialNumber: unit.serialNumber, command: request.command },
        'not_supported',
      );
    }
    request.precondition?.(unit);
    const id = await recordCommand(this.db, {
      serialNumber: unit.serialNumber,
      command: request.command,
      args: request.args,
      username: request.username,
      status: 'sent',
    });
    const engine = this.engine;
    const failRate = this.failureRates.get(request.command) ?? 0;
    const reply = new Promise<CommandResult>((resolve, reject) => {
      engine.at(engine.clock.now() + engine.rng.int(REPLY_MIN_MS, REPLY_MAX_MS), (now) => {
        if (engine.rng.next() < failRate || !unit.connected || engine.get(unit.serialNumber) !== unit) {
          reject(new CommandFailedError(request.serialNumber, request.command));
          return;
        }
        Promise.resolve()
          .then(() => request.effect(unit, now))
          .then(resolve, reject);
      });
    });
    const settled = reply.then(
      (result) => finishCommand(this.db, id, 'completed', result).then(() => result),
      async (error: unknown) => {
        await finishCommand(this.db, id, 'failed', { error: (error as Error).message });
        throw error;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), WAIT_REAL_MS);
    });
    try {
      const outcome = await Promise.race([settled, timeout]);
      if (outcome === 'timeout') {
        settled.catch((error: unknown) => this.logger.warn({ err: error, command: request.command }, 'command failed after its call answered'));
        return { serialNumber: unit.serialNumber, command: request.command, status: 'accepted' };
      }
      return { serialNumber: unit.serialNumber, command: request.command, status: 'completed', result: outcome };
    } finally {
      clearTimeout(timer);
    }
  }
}
