import type { CommandName } from '@equipment-dashboard/contract';
import type { LogLevel, TargetType } from '@equipment-dashboard/domain';
import type { Db } from '../store/database';
import { addTombstone } from '../store/repos/feed-repo';
import * as unitsRepo from '../store/repos/units-repo';
import type { FleetEngine } from './engine';
import { screenshotImages } from './screenshot-image';
import { calibrationLogs, printerStatus, usbStatus, voltagesReport } from './unit-reports';
import { FLOW_TIMING, beginDownload, beginInstall } from './update-flow';
import { IDLE_STATE, type UnitRuntime } from './unit-runtime';

/** A command's result values (the contract's `result` record). */
export type CommandResult = Record<string, string | number | boolean | null>;

/**
 * What a unit does when it carries a command out: it changes itself in memory and answers a result, and
 * may have rows to store (a report, a screenshot) in the same transaction as the command's outcome.
 */
export interface CommandOutcome {
  result: CommandResult;
  store?: (tx: Db) => Promise<CommandResult | void>;
  /** What the unit changes in memory once the outcome is stored. */
  afterCommit?: () => void;
}

/** The unit refuses a command it cannot carry out now; the command fails with this message. */
export class CommandRefused extends Error {}

export interface EffectContext {
  engine: FleetEngine;
  /** Units whose voltages reports come out of range (scenario "voltages out of range"). */
  voltageTrouble: ReadonlySet<string>;
}

/** SSH ports opened by Open Port stay open this long (simulated), then the unit closes them. */
export const SSH_PORT_TTL_MS = 15 * 60 * 1000;

const at = (now: number) => new Date(now);

type Effect = (
  unit: UnitRuntime,
  now: number,
  args: Record<string, unknown>,
  ctx: EffectContext,
) => Promise<CommandOutcome> | CommandOutcome;

function report(
  kind: unitsRepo.ReportKind,
  data: (unit: UnitRuntime, now: number, ctx: EffectContext) => unknown,
): Effect {
  return (unit, now, _args, ctx) => {
    const body = data(unit, now, ctx);
    const serial = unit.serialNumber;
    return {
      result: { report: kind },
      store: (tx) => unitsRepo.writeReport(tx, serial, kind, body, at(now)),
    };
  };
}

/** The behaviour of an emulated unit for each command of console-core §7. */
export const COMMAND_EFFECTS: Record<CommandName, Effect> = {
  aligner_get_usb_status: report('usb', (unit, now, ctx) => ({
    createdAt: at(now).toISOString(),
    status: usbStatus(unit, ctx.engine.rng),
  })),
  aligner_get_printer_status: report('printer', (unit, now, ctx) => ({
    createdAt: at(now).toISOString(),
    status: printerStatus(unit, ctx.engine.rng),
  })),
  aligner_get_voltages: report('voltages', (unit, now, ctx) =>
    voltagesReport(ctx.engine.rng, now, ctx.voltageTrouble.has(unit.serialNumber)),
  ),
  aligner_get_calibration_logs: report('calibration_logs', (unit, now, ctx) => ({
    createdAt: at(now).toISOString(),
    status: calibrationLogs(unit, ctx.engine.rng, now),
  })),
  aligner_get_screen_shot: async (unit, now) => {
    const images = await screenshotImages(unit, now);
    const serialNumber = unit.serialNumber;
    return {
      result: {},
      store: async (tx) => {
        const shot = await unitsRepo.insertScreenshot(tx, { serialNumber, ...images, createdAt: at(now) });
        return { screenShotId: String(shot.id) };
      },
    };
  },
  aligner_activate: (unit) => ({ result: { activated: true, serialNumber: unit.serialNumber } }),
  aligner_rcp: (unit, _now, _args, ctx) => ({
    result: { rcp: 'started', session: `rcp-${unit.serialNumber}-${ctx.engine.rng.int(1000, 9999)}` },
  }),
  aligner_open_ssh_port: (unit, now, _args, ctx) => {
    const until = now + SSH_PORT_TTL_MS;
    ctx.engine.change(unit, (u) => (u.sshPortOpenUntil = until));
    return { result: { port: 22_000 + ((unit.port ?? 0) % 1000), expiresAt: new Date(until).toISOString() } };
  },
  aligner_check_now: (unit, now, _args, ctx) => {
    if (unit.flow && beginDownload(unit.flow, now)) {
      ctx.engine.change(unit, () => undefined);
      return { result: { updateState: 'DOWNLOADING' } };
    }
    if (!unit.flow) {
      ctx.engine.change(unit, (u) => {
        u.idleState = IDLE_STATE;
        u.busyUntil = now + FLOW_TIMING.busy;
      });
      return { result: { updateState: 'BUSY' } };
    }
    return { result: { updateState: unit.flow.phase } };
  },
  // The updater may have begun on its own between the call and the unit's turn: that is what was asked.
  aligner_download_now: (unit, now, _args, ctx) => {
    if (!unit.flow || (!beginDownload(unit.flow, now) && unit.flow.phase !== 'downloading')) {
      throw new CommandRefused(`Unit ${unit.serialNumber} has no update waiting to download.`);
    }
    ctx.engine.change(unit, () => undefined);
    return { result: { updateState: 'DOWNLOADING' } };
  },
  aligner_install_now: (unit, now, _args, ctx) => {
    if (!unit.flow || (!beginInstall(unit.flow, now) && unit.flow.phase !== 'installing')) {
      throw new CommandRefused(`Unit ${unit.serialNumber} has no downloaded update ready to install.`);
    }
    ctx.engine.change(unit, () => undefined);
    return { result: { updateState: 'INSTALLING_UPDATE' } };
  },
  aligner_set_logging_level: (unit, _now, args, ctx) => {
    const loggingLevel = args['loggingLevel'] as LogLevel;
    ctx.engine.change(unit, (u) => (u.logLevel = loggingLevel));
    return { result: { loggingLevel } };
  },
  set_target_eol_types: (unit, _now, args, ctx) => {
    const targetType = args['targetType'] as TargetType;
    ctx.engine.change(unit, (u) => (u.targetType = targetType));
    return { result: { targetType } };
  },
  reset_serial_number: (unit, _now, args, ctx) => {
    const next = String(args['newSerialNumber']);
    const from = unit.serialNumber;
    if (ctx.engine.get(next)) throw new CommandRefused(`Serial number ${next} is already in use.`);
    let shard = unit.shard;
    return {
      result: { serialNumber: next },
      // The rename is the unit's own report of its identity; every row keyed by the serial follows.
      store: async (tx) => {
        shard = (await unitsRepo.renameUnit(tx, from, next))?.shard ?? shard;
        await addTombstone(tx, from);
      },
      afterCommit: () => ctx.engine.renameUnit(unit, next, shard),
    };
  },
};
