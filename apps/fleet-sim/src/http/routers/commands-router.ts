import { commandsEndpoints as c } from '@equipment-dashboard/contract';
import * as commands from '../../services/commands-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** The remote commands of console-core §7; each waits for the unit's reply. */
export function mountCommands(api: ApiRouter, deps: ServiceDeps): void {
  const simple = [
    [c.alignerGetUsbStatus, 'aligner_get_usb_status'],
    [c.alignerGetPrinterStatus, 'aligner_get_printer_status'],
    [c.alignerGetVoltages, 'aligner_get_voltages'],
    [c.alignerActivate, 'aligner_activate'],
    [c.alignerGetCalibrationLogs, 'aligner_get_calibration_logs'],
    [c.alignerGetScreenShot, 'aligner_get_screen_shot'],
    [c.alignerRcp, 'aligner_rcp'],
    [c.alignerOpenSshPort, 'aligner_open_ssh_port'],
    [c.alignerCheckNow, 'aligner_check_now'],
    [c.alignerDownloadNow, 'aligner_download_now'],
    [c.alignerInstallNow, 'aligner_install_now'],
  ] as const;
  for (const [def, command] of simple) {
    api.on(def, ({ body, user }) => commands.sendCommand(deps, user, command, body.serialNumber));
  }
  api
    .on(c.alignerSetLoggingLevel, ({ body, user }) =>
      commands.setLoggingLevel(deps, user, body.serialNumber, body.loggingLevel),
    )
    .on(c.setTargetEolTypes, ({ body, user }) =>
      commands.setTargetType(deps, user, body.serialNumber, body.targetType),
    )
    .on(c.resetSerialNumber, ({ body, user }) =>
      commands.resetSerialNumber(deps, user, body.currentSerialNumber, body.newSerialNumber),
    );
}
