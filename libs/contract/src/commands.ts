import { z } from 'zod';
import { LOG_LEVELS, PERMISSIONS, TARGET_TYPES, type Permission } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { serialNumberBodySchema } from './equipment';
import { requiredText } from './query';

/** The remote commands of console-core §7, by the name in their path (`/cmd/<name>/v1`). */
export const COMMAND_NAMES = [
  'aligner_get_usb_status',
  'aligner_get_printer_status',
  'aligner_get_voltages',
  'aligner_activate',
  'aligner_get_calibration_logs',
  'aligner_get_screen_shot',
  'aligner_rcp',
  'aligner_open_ssh_port',
  'aligner_check_now',
  'aligner_download_now',
  'aligner_install_now',
  'aligner_set_logging_level',
  'set_target_eol_types',
  'reset_serial_number',
] as const;
/** One of {@link COMMAND_NAMES}. */
export type CommandName = (typeof COMMAND_NAMES)[number];

/** The statuses of a command in the durable queue, in lifecycle order (see the audit entry). */
export const COMMAND_STATUSES = ['queued', 'sent', 'completed', 'failed', 'expired'] as const;
/** One of {@link COMMAND_STATUSES}. */
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/**
 * The answer of every command. The spec does not show it ("Response bodies of commands: not
 * shown"); we chose, as device-management systems do (a command is a durable job with a lifecycle):
 * - every command is first stored in the command queue (`commandId`), then carried out by the unit;
 * - `status: 'completed'`: the unit carried it out within the call; `result` holds what it answered (the
 *   open port `{ port }`, the new `{ loggingLevel }`, `{ targetType }`, `{ serialNumber }` after a reset);
 * - `status: 'accepted'`: the unit took the command but had not answered after 10 s: its outcome shows on
 *   the Audits screen and in the report or live event when it comes;
 * - `status: 'queued'` (HTTP 202): the unit is offline; it gets the command when it reconnects, unless the
 *   command expires first (`expiresAt`, on the simulated clock), which the Audits screen then shows.
 * A unit that does not carry it out answers 502 `command_failed`; an unknown unit 404.
 * `serialNumber` is the unit's serial after the command (the new one after reset_serial_number).
 */
export const commandResponseSchema = z.object({
  serialNumber: z.string().min(1),
  command: z.enum(COMMAND_NAMES),
  status: z.enum(['queued', 'accepted', 'completed']),
  /** The command's row in the queue (the Audits screen's id). */
  commandId: z.int().min(1).optional(),
  /** When a queued command expires unless the unit reconnects first (simulated clock). */
  expiresAt: z.iso.datetime({ offset: true }).optional(),
  result: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});
/** See {@link commandResponseSchema}. */
export type CommandResponse = z.infer<typeof commandResponseSchema>;

const commands = areaEndpoints('commands');

/** A command: POST /cmd/<command>/v1 with its body, answered 200 (done or taken) or 202 (queued). */
function commandEndpoint<B extends z.ZodType>(
  name: string,
  command: CommandName,
  body: B,
  permission: Permission,
  summary: string,
) {
  return commands.post(name, `/cmd/${command}/v1`, {
    body,
    response: commandResponseSchema,
    successStatus: [200, 202],
    permission,
    summary,
  });
}

/** A command whose body names only the unit. */
function serialCommand(
  name: string,
  command: Exclude<CommandName, 'aligner_set_logging_level' | 'set_target_eol_types' | 'reset_serial_number'>,
  permission: Permission,
  summary: string,
) {
  return commandEndpoint(name, command, serialNumberBodySchema, permission, summary);
}

export const alignerGetUsbStatus = serialCommand(
  'alignerGetUsbStatus',
  'aligner_get_usb_status',
  PERMISSIONS.sendCommand,
  'Asks the unit for a USB status report.',
);
export const alignerGetPrinterStatus = serialCommand(
  'alignerGetPrinterStatus',
  'aligner_get_printer_status',
  PERMISSIONS.sendCommand,
  'Asks the unit for a printer status report.',
);
export const alignerGetVoltages = serialCommand(
  'alignerGetVoltages',
  'aligner_get_voltages',
  PERMISSIONS.sendCommand,
  'Asks the unit for a voltages report.',
);
export const alignerActivate = serialCommand(
  'alignerActivate',
  'aligner_activate',
  PERMISSIONS.sendCommand,
  'Activates the unit.',
);
export const alignerGetCalibrationLogs = serialCommand(
  'alignerGetCalibrationLogs',
  'aligner_get_calibration_logs',
  PERMISSIONS.sendCommand,
  'Asks the unit to upload its calibration logs.',
);
export const alignerGetScreenShot = serialCommand(
  'alignerGetScreenShot',
  'aligner_get_screen_shot',
  PERMISSIONS.sendCommand,
  'Asks the unit to take a screenshot.',
);
export const alignerRcp = serialCommand(
  'alignerRcp',
  'aligner_rcp',
  PERMISSIONS.rcp,
  'Runs RCP on the unit.',
);
export const alignerOpenSshPort = serialCommand(
  'alignerOpenSshPort',
  'aligner_open_ssh_port',
  PERMISSIONS.openPort,
  'Opens a remote SSH port on the unit; result.port is the port.',
);
export const alignerCheckNow = serialCommand(
  'alignerCheckNow',
  'aligner_check_now',
  PERMISSIONS.sendCommand,
  "Tells the unit's updater to check the cloud now.",
);
export const alignerDownloadNow = serialCommand(
  'alignerDownloadNow',
  'aligner_download_now',
  PERMISSIONS.sendCommand,
  "Tells the unit's updater to download pending updates now.",
);
export const alignerInstallNow = serialCommand(
  'alignerInstallNow',
  'aligner_install_now',
  PERMISSIONS.sendCommand,
  "Tells the unit's updater to install downloaded updates now.",
);

/** Body of the log level command: WARN raises to INFO, anything else lowers to WARN (console-core §4). */
export const setLoggingLevelBodySchema = z.strictObject({
  serialNumber: requiredText,
  loggingLevel: z.enum(LOG_LEVELS),
});
/** Body of the target type command: AT200 or AT700. */
export const setTargetEolTypesBodySchema = z.strictObject({
  serialNumber: requiredText,
  targetType: z.enum(TARGET_TYPES),
});
/** Body of the serial reset: the unit's current serial and its new one. */
export const resetSerialNumberBodySchema = z.strictObject({
  currentSerialNumber: requiredText,
  newSerialNumber: requiredText,
});

export const alignerSetLoggingLevel = commandEndpoint(
  'alignerSetLoggingLevel',
  'aligner_set_logging_level',
  setLoggingLevelBodySchema,
  PERMISSIONS.sendCommand,
  "Sets the unit's logging level to WARN or INFO.",
);
export const setTargetEolTypes = commandEndpoint(
  'setTargetEolTypes',
  'set_target_eol_types',
  setTargetEolTypesBodySchema,
  PERMISSIONS.changeTargets,
  "Switches the unit's EOL target type to AT200 or AT700.",
);
// The console does not validate the new serial (console-core §5); the server only needs it non-blank.
export const resetSerialNumber = commandEndpoint(
  'resetSerialNumber',
  'reset_serial_number',
  resetSerialNumberBodySchema,
  PERMISSIONS.resetSerial,
  'Gives the unit a new serial number (409 when the new one is taken).',
);

/** The calls of console-core §7 "Commands". */
export const commandsEndpoints = {
  alignerGetUsbStatus,
  alignerGetPrinterStatus,
  alignerGetVoltages,
  alignerActivate,
  alignerGetCalibrationLogs,
  alignerGetScreenShot,
  alignerRcp,
  alignerOpenSshPort,
  alignerCheckNow,
  alignerDownloadNow,
  alignerInstallNow,
  alignerSetLoggingLevel,
  setTargetEolTypes,
  resetSerialNumber,
} as const;
