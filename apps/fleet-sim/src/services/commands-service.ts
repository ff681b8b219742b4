import type { CommandName, CommandResponse } from '@equipment-dashboard/api';
import type { LogLevel, TargetType } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import type { CommandEffect } from '../fleet/command-center';
import { screenshotImages } from '../fleet/screenshot-image';
import { FLOW_TIMING, beginDownload, beginInstall } from '../fleet/update-flow';
import { calibrationLogs, printerStatus, usbStatus, voltagesReport } from '../fleet/unit-reports';
import { IDLE_STATE, type UnitRuntime } from '../fleet/unit-runtime';
import { ConflictError } from '../http/errors';
import * as unitsRepo from '../store/repos/units-repo';
import type { ServiceDeps } from './service-deps';

/** How long an SSH port opened by Open Port stays open (simulated), then the unit closes it. */
export const SSH_PORT_TTL_MS = 15 * 60 * 1000;

type SimpleCommand = Exclude<CommandName, 'aligner_set_logging_level' | 'set_target_eol_types' | 'reset_serial_number'>;

function effects(deps: ServiceDeps): Record<SimpleCommand, { effect: CommandEffect; capability?: 'rcp' | 'activate' | 'screenshot' | 'updateStatus'; precondition?: (unit: UnitRuntime) => void }> {
  const { engine, voltageTrouble } = deps.fleet;
  const at = (now: number) => new Date(now);
  return {
    aligner_get_usb_status: {
      effect: async (unit, now) => {
        await unitsRepo.writeReport(deps.db, unit.serialNumber, 'usb', { createdAt: at(now).toISOString(), status: usbStatus(unit, engine.rng) }, at(now));
        return { report: 'usb' };
      },
    },
    aligner_get_printer_status: {
      effect: async (unit, now) => {
        await unitsRepo.writeReport(deps.db, unit.serialNumber, 'printer', { createdAt: at(now).toISOString(), status: printerStatus(unit, engine.rng) }, at(now));
        return { report: 'printer' };
      },
    },
    aligner_get_voltages: {
      effect: async (unit, now) => {
        const report = voltagesReport(engine.rng, now, voltageTrouble.has(unit.serialNumber));
        await unitsRepo.writeReport(deps.db, unit.serialNumber, 'voltages', report, at(now));
        return { report: 'voltages' };
      },
    },
    aligner_get_calibration_logs: {
      effect: async (unit, now) => {
        await unitsRepo.writeReport(deps.db, unit.serialNumber, 'calibration_logs', { createdAt: at(now).toISOString(), status: calibrationLogs(unit, engine.rng, now) }, at(now));
        return { report: 'calibration_logs' };
      },
    },
    aligner_get_screen_shot: {
      capability: 'screenshot',
      effect: async (unit, now) => {
        const images = await screenshotImages(unit, now);
        const shot = await unitsRepo.insertScreenshot(deps.db, { serialNumber: unit.serialNumber, ...images, createdAt: at(now) });
        return { screenShotId: String(shot.id) };
      },
    },
    aligner_activate: {
      capability: 'activate',
      effect: (unit) => ({ activated: true, serialNumber: unit.serialNumber }),
    },
    aligner_rcp: {
      capability: 'rcp',
      effect: (unit) => ({ rcp: 'started', session: `rcp-${unit.serialNumber}-${engine.rng.int(1000, 9999)}` }),
    },
    aligner_open_ssh_port: {
      effect: (unit, now) => {
        const until = now + SSH_PORT_TTL_MS;
        engine.change(unit, (u) => (u.sshPortOpenUntil = until));
        return { port: 22_000 + (unit.port ?? 0) % 1000, expiresAt: new Date(until).toISOString() };
      },
    },
    aligner_check_now: {
      capability: 'updateStatus',
      effect: (unit, now) => {
        if (unit.flow && beginDownload(unit.flow, now)) {
          engine.change(unit, () => undefined);
          return { updateState: 'DOWNLOADING' };
        }
        if (!unit.flow) {
          engine.change(unit, (u) => {
            u.idleState = IDLE_STATE;
            u.busyUntil = now + FLOW_TIMING.busy;
          });
          return { updateState: 'BUSY' };
        }
        return { updateState: unit.flow.phase };
      },
    },
    aligner_download_now: {
      capability: 'updateStatus',
      precondition: (unit) => {
        if (unit.flow?.phase !== 'pending') {
          throw new ConflictError(`Unit ${unit.serialNumber} has no update waiting to download.`, undefined, 'nothing_pending');
        }
      },
      effect: (unit, now) => {
        if (unit.flow) beginDownload(unit.flow, now);
        engine.change(unit, () => undefined);
        return { updateState: 'DOWNLOADING' };
      },
    },
    aligner_install_now: {
      capability: 'updateStatus',
      precondition: (unit) => {
        if (unit.flow?.phase !== 'readyToInstall') {
          throw new ConflictError(`Unit ${unit.serialNumber} has no downloaded update ready to install.`, undefined, 'nothing_to_install');
        }
      },
      effect: (unit, now) => {
        if (unit.flow) beginInstall(unit.flow, now);
        engine.change(unit, () => undefined);
        return { updateState: 'INSTALLING_UPDATE' };
      },
    },
  };
}

/** A command that takes only the serial number (console-core §7 "Commands"). */
export function sendCommand(deps: ServiceDeps, user: AuthUser, command: SimpleCommand, serialNumber: string): Promise<CommandResponse> {
  const behaviour = effects(deps)[command];
  return deps.fleet.commands.send({
    serialNumber,
    command,
    args: {},
    username: user.username,
    capability: behaviour.capability,
    precondition: behaviour.precondition,
    effect: behaviour.effect,
  });
}

/** RAISE/LOWER LOG LEVEL: the unit runs at the given level from then on. */
export function setLoggingLevel(deps: ServiceDeps, user: AuthUser, serialNumber: string, loggingLevel: LogLevel): Promise<CommandResponse> {
  return deps.fleet.commands.send({
    serialNumber,
    command: 'aligner_set_logging_level',
    args: { loggingLevel },
    username: user.username,
    capability: 'loggingLevel',
    effect: (unit) => {
      deps.fleet.engine.change(unit, (u) => (u.logLevel = loggingLevel));
      return { loggingLevel };
    },
  });
}

/** Change Targets: AT200 or AT700 (only DRAGON-class units with two cameras). */
export function setTargetType(deps: ServiceDeps, user: AuthUser, serialNumber: string, targetType: TargetType): Promise<CommandResponse> {
  return deps.fleet.commands.send({
    serialNumber,
    command: 'set_target_eol_types',
    args: { targetType },
    username: user.username,
    capability: 'changeTargets',
    effect: (unit) => {
      deps.fleet.engine.change(unit, (u) => (u.targetType = targetType));
      return { targetType };
    },
  });
}

/**
 * Reset Serial: the unit takes a new serial number and is renamed everywhere (its row, favourites,
 * screenshots, reports, tickets, schedules, command history and the engine's indexes).
 */
export function resetSerialNumber(deps: ServiceDeps, user: AuthUser, currentSerialNumber: string, newSerialNumber: string): Promise<CommandResponse> {
  const next = newSerialNumber.trim().toUpperCase();
  return deps.fleet.commands.send({
    serialNumber: currentSerialNumber,
    command: 'reset_serial_number',
    args: { currentSerialNumber, newSerialNumber: next },
    username: user.username,
    capability: 'resetSerial',
    precondition: () => {
      if (next === currentSerialNumber) throw new ConflictError('The new serial number is the current one.', undefined, 'same_serial');
      if (deps.fleet.engine.get(next)) throw new ConflictError(`Serial number ${next} is already in use.`, { serialNumber: next }, 'serial_in_use');
    },
    effect: async (unit) => {
      if (deps.fleet.engine.get(next)) throw new ConflictError(`Serial number ${next} is already in use.`, { serialNumber: next }, 'serial_in_use');
      await deps.fleet.engine.flush();
      await unitsRepo.renameUnit(deps.db, unit.serialNumber, next);
      deps.fleet.engine.state.rename(unit, next);
      deps.fleet.engine.change(unit, () => undefined);
      return { serialNumber: next };
    },
  });
}
