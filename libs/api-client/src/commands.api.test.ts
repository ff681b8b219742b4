import { describeSlice, json } from './testing/slice-harness';
import { commandsApi } from './commands.api';

const serial = { serialNumber: 'ABCLK0001' };
const accepted = (command: string) => () => json({ ...serial, command, status: 'accepted' });
const simple = (command: string) => ({ arg: serial, json: serial, respond: accepted(command) });

describeSlice('commands', commandsApi.endpoints, {
  alignerGetUsbStatus: simple('aligner_get_usb_status'),
  alignerGetPrinterStatus: simple('aligner_get_printer_status'),
  alignerGetVoltages: simple('aligner_get_voltages'),
  alignerActivate: simple('aligner_activate'),
  alignerGetCalibrationLogs: simple('aligner_get_calibration_logs'),
  alignerGetScreenShot: simple('aligner_get_screen_shot'),
  alignerRcp: simple('aligner_rcp'),
  alignerOpenSshPort: simple('aligner_open_ssh_port'),
  alignerCheckNow: simple('aligner_check_now'),
  alignerDownloadNow: simple('aligner_download_now'),
  alignerInstallNow: simple('aligner_install_now'),
  alignerSetLoggingLevel: {
    arg: { ...serial, loggingLevel: 'INFO' },
    json: { ...serial, loggingLevel: 'INFO' },
    respond: accepted('aligner_set_logging_level'),
  },
  setTargetEolTypes: {
    arg: { ...serial, targetType: 'AT700' },
    json: { ...serial, targetType: 'AT700' },
    respond: accepted('set_target_eol_types'),
  },
  resetSerialNumber: {
    arg: { currentSerialNumber: 'ABCLK0001', newSerialNumber: 'ABCLK0009' },
    json: { currentSerialNumber: 'ABCLK0001', newSerialNumber: 'ABCLK0009' },
    respond: () => json({ serialNumber: 'ABCLK0009', command: 'reset_serial_number', status: 'completed' }),
  },
});
