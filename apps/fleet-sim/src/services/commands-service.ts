import type { CommandName, CommandResponse } from '@equipment-dashboard/contract';
import {
  unitCapabilities,
  type LogLevel,
  type TargetType,
  type UnitCapabilities,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { pendingVersionOf, desiredOf, updateStateFor } from '../fleet/desired-state';
import { ConflictError, HttpError, NotFoundError, ServiceUnavailableError } from '../core/errors';
import { findCommand, queueCommand, type CommandRow } from '../store/repos/commands-repo';
import { declarePlannedOutage, RESTART_COMMAND_OUTAGE_MS, RESTARTING_COMMANDS } from './planned-outages';
import * as unitsRepo from '../store/repos/units-repo';
import { withStatus, type StatusResult } from '../core/status-result';
import { numberOrNull } from '../store/repos/rows';
import type { ServiceDeps } from './service-deps';

/** The unit did not carry out a command (a scenario's failure rate, or a unit error). */
export class CommandFailedError extends HttpError {
  constructor(serialNumber: string, command: string, reason?: string) {
    super(502, 'command_failed', reason ?? `Unit ${serialNumber} did not carry out ${command}. Try again.`, {
      serialNumber,
      command,
    });
  }
}

/** How long the call waits (real time) for the unit's answer before answering `accepted`. */
const WAIT_REAL_MS = 10_000;

type SimpleCommand = Exclude<
  CommandName,
  'aligner_set_logging_level' | 'set_target_eol_types' | 'reset_serial_number'
>;

interface CommandRequest {
  serialNumber: string;
  command: CommandName;
  args: Record<string, unknown>;
  /** The capability of libs/domain the unit's software must have, if any. */
  capability?: keyof UnitCapabilities;
  /** What must hold of the unit's reported state when the command is queued. */
  precondition?: (unit: unitsRepo.UnitWithDesired) => Promise<void> | void;
  /** false: answer once the command is stored, without waiting for the unit (a bulk job). */
  wait?: boolean;
  /** The serial the unit takes when it carries the command out (a reset): its planned outage covers both. */
  renamesTo?: string;
}

const CAPABILITY: Partial<Record<SimpleCommand, keyof UnitCapabilities>> = {
  aligner_get_screen_shot: 'screenshot',
  aligner_activate: 'activate',
  aligner_rcp: 'rcp',
  aligner_check_now: 'updateStatus',
  aligner_download_now: 'updateStatus',
  aligner_install_now: 'updateStatus',
};

function reportedState(found: unitsRepo.UnitWithDesired): string {
  return updateStateFor(
    found.unit.updateState,
    numberOrNull(found.unit.flowRev),
    desiredOf(found.desired),
    Number(found.unit.stagedRevDone),
  ).state;
}

const PRECONDITION: Partial<Record<SimpleCommand, (found: unitsRepo.UnitWithDesired) => void>> = {
  aligner_download_now: (found) => {
    if (reportedState(found) !== 'READY_TO_DOWNLOAD') {
      throw new ConflictError(
        `Unit ${found.unit.serialNumber} has no update waiting to download.`,
        undefined,
        'nothing_pending',
      );
    }
  },
  aligner_install_now: (found) => {
    if (reportedState(found) !== 'READY_TO_INSTALL') {
      throw new ConflictError(
        `Unit ${found.unit.serialNumber} has no downloaded update ready to install.`,
        undefined,
        'nothing_to_install',
      );
    }
  },
};

function capabilitiesOf(deps: ServiceDeps, found: unitsRepo.UnitWithDesired): UnitCapabilities {
  const { unit } = found;
  return unitCapabilities(
    {
      family: unit.family as never,
      version: { semantic: unit.versionSemantic, meta: unit.versionMeta },
      systemClass: unit.systemClass,
      boardFeatures: unit.boardFeatures
        ? { numCameras: unit.boardFeatures.numCameras, isDDAligner: unit.boardFeatures.isDDAligner ?? false }
        : null,
      pendingSoftwareDownload: pendingVersionOf(desiredOf(found.desired), Number(unit.stagedRevDone)),
    },
    deps.world.latest.byFamily(),
  );
}

function answerOf(row: CommandRow, request: CommandRequest): CommandResponse | StatusResult<CommandResponse> {
  const base = { serialNumber: row.serialNumber, command: request.command, commandId: row.id };
  if (row.status === 'completed')
    return { ...base, status: 'completed', result: (row.result ?? {}) as CommandResponse['result'] };
  if (row.status === 'failed') {
    const reason = (row.result as { error?: unknown } | null)?.error;
    throw new CommandFailedError(
      request.serialNumber,
      request.command,
      typeof reason === 'string' ? reason : undefined,
    );
  }
  if (row.status === 'expired')
    throw new CommandFailedError(
      request.serialNumber,
      request.command,
      'The unit did not take the command before it expired.',
    );
  if (row.status === 'queued') {
    return withStatus(202, {
      ...base,
      status: 'queued',
      ...(row.expiresAt ? { expiresAt: row.expiresAt.toISOString() } : {}),
    });
  }
  return { ...base, status: 'accepted' };
}

/**
 * Queues a command for a unit (console-core §7) in the durable command queue, committed before anything
 * is answered, with who asked and until when it may wait (COMMAND_TTL_MINUTES, simulated). A connected
 * unit takes it at once and the call waits for the unit's answer (the console's button stays busy until
 * then): `completed` with its result, or 502 when the unit failed it; after 10 s `accepted`. An offline
 * unit gets it when it reconnects: the call answers 202 `queued` at once.
 */
async function send(
  deps: ServiceDeps,
  user: AuthUser,
  request: CommandRequest,
): Promise<CommandResponse | StatusResult<CommandResponse>> {
  const found = await unitsRepo.findUnitWithDesired(deps.db, request.serialNumber);
  if (!found) throw new NotFoundError(`No unit with serial number ${request.serialNumber}.`);
  const now = deps.clock.now();
  if (!deps.world.services.isUp('charon', now)) {
    throw new ServiceUnavailableError(
      'The gateway (charon) is down: no unit can be reached until it is back.',
    );
  }
  if (request.capability && !capabilitiesOf(deps, found)[request.capability]) {
    throw new ConflictError(
      `Unit ${found.unit.serialNumber} (${found.unit.family} ${found.unit.versionSemantic}) does not support ${request.command}.`,
      { serialNumber: found.unit.serialNumber, command: request.command },
      'not_supported',
    );
  }
  await request.precondition?.(found);
  if (RESTARTING_COMMANDS.has(request.command)) {
    const serials = [found.unit.serialNumber, ...(request.renamesTo ? [request.renamesTo] : [])];
    await declarePlannedOutage(
      deps,
      { serials },
      RESTART_COMMAND_OUTAGE_MS,
      `${request.command} sent to ${found.unit.serialNumber} by ${user.username}`,
    );
  }
  const row = await queueCommand(deps.db, {
    serialNumber: found.unit.serialNumber,
    command: request.command,
    args: request.args,
    username: user.username,
    createdAt: new Date(now),
    expiresAt: new Date(now + deps.config.COMMAND_TTL_MINUTES * 60_000),
  });
  // This process's units take it at once; other processes' read the queue on their next poll.
  deps.sim?.commands.offer([row]);
  if (!found.unit.connected || request.wait === false) return answerOf(row, request);
  const ended = await deps.readModels.waiters.wait(row.id, WAIT_REAL_MS);
  return answerOf(ended ?? (await findCommand(deps.db, row.id)) ?? row, request);
}

/** A command that takes only the serial number (console-core §7 "Commands"). */
export function sendCommand(deps: ServiceDeps, user: AuthUser, command: SimpleCommand, serialNumber: string) {
  return send(deps, user, {
    serialNumber,
    command,
    args: {},
    capability: CAPABILITY[command],
    precondition: PRECONDITION[command],
  });
}

/**
 * A command of a bulk job: the same checks and the same durable queue, answered once stored rather
 * than after the unit's answer; `args` carry the job's id so that a redone chunk can tell what it queued.
 */
export async function queueBulkCommand(
  deps: ServiceDeps,
  user: AuthUser,
  command: SimpleCommand,
  serialNumber: string,
  args: Record<string, unknown>,
) {
  await send(deps, user, {
    serialNumber,
    command,
    args,
    capability: CAPABILITY[command],
    precondition: PRECONDITION[command],
    wait: false,
  });
}

/** RAISE/LOWER LOG LEVEL: the unit runs at the given level from then on. */
export function setLoggingLevel(
  deps: ServiceDeps,
  user: AuthUser,
  serialNumber: string,
  loggingLevel: LogLevel,
) {
  return send(deps, user, {
    serialNumber,
    command: 'aligner_set_logging_level',
    args: { loggingLevel },
    capability: 'loggingLevel',
  });
}

/** Change Targets: AT200 or AT700 (only DRAGON-class units with two cameras). */
export function setTargetType(
  deps: ServiceDeps,
  user: AuthUser,
  serialNumber: string,
  targetType: TargetType,
) {
  return send(deps, user, {
    serialNumber,
    command: 'set_target_eol_types',
    args: { targetType },
    capability: 'changeTargets',
  });
}

/**
 * Reset Serial: the unit takes a new serial number and is renamed everywhere (its row, favourites,
 * screenshots, reports, tickets, schedules, command history), by the unit when it carries it out.
 */
export function resetSerialNumber(
  deps: ServiceDeps,
  user: AuthUser,
  currentSerialNumber: string,
  newSerialNumber: string,
) {
  const next = newSerialNumber.trim().toUpperCase();
  return send(deps, user, {
    serialNumber: currentSerialNumber,
    command: 'reset_serial_number',
    args: { currentSerialNumber, newSerialNumber: next },
    renamesTo: next,
    capability: 'resetSerial',
    precondition: async () => {
      if (next === currentSerialNumber)
        throw new ConflictError('The new serial number is the current one.', undefined, 'same_serial');
      if (await unitsRepo.findUnit(deps.db, next))
        throw new ConflictError(
          `Serial number ${next} is already in use.`,
          { serialNumber: next },
          'serial_in_use',
        );
    },
  });
}
