import {
  alignerActivate,
  alignerCheckNow,
  alignerDownloadNow,
  alignerGetCalibrationLogs,
  alignerGetPrinterStatus,
  alignerGetScreenShot,
  alignerGetUsbStatus,
  alignerGetVoltages,
  alignerInstallNow,
  alignerOpenSshPort,
  alignerRcp,
  alignerSetLoggingLevel,
  type CommandResponse,
  type EndpointDef,
  resetSerialNumber,
  setTargetEolTypes,
} from '@equipment-dashboard/contract';
import type { TagType } from './base-api';
import { injectAreaEndpoints } from './contract-calls';
import { toRequest, type Tag } from './request';

/** The body of the commands that name only the unit. */
export interface SerialCommandArgs {
  serialNumber: string;
}

/** What a command changes in the cache, besides the unit itself. */
function commandTags(serialNumber: string, also?: TagType): Tag[] {
  const tags: Tag[] = [{ type: 'Aligner', id: serialNumber }];
  if (also) tags.push({ type: also, id: serialNumber });
  return tags;
}

/** Remote commands (console-core §7). Each answers {@link CommandResponse}. */
export const commandsApi = injectAreaEndpoints((call, build) => {
  const unitChanged = (_result: unknown, _error: unknown, { serialNumber }: SerialCommandArgs) =>
    commandTags(serialNumber);
  const serialCommand = (def: EndpointDef, also?: TagType) =>
    build.mutation<CommandResponse, SerialCommandArgs>({
      query: (body) => toRequest(def, { body }),
      invalidatesTags: (_result, _error, { serialNumber }) => commandTags(serialNumber, also),
    });
  return {
    alignerGetUsbStatus: serialCommand(alignerGetUsbStatus, 'Report'),
    alignerGetPrinterStatus: serialCommand(alignerGetPrinterStatus, 'Report'),
    alignerGetVoltages: serialCommand(alignerGetVoltages, 'Report'),
    alignerActivate: serialCommand(alignerActivate),
    alignerGetCalibrationLogs: serialCommand(alignerGetCalibrationLogs),
    alignerGetScreenShot: serialCommand(alignerGetScreenShot, 'ScreenShot'),
    alignerRcp: serialCommand(alignerRcp),
    alignerOpenSshPort: serialCommand(alignerOpenSshPort),
    alignerCheckNow: serialCommand(alignerCheckNow),
    alignerDownloadNow: serialCommand(alignerDownloadNow),
    alignerInstallNow: serialCommand(alignerInstallNow),
    alignerSetLoggingLevel: call.mutation(alignerSetLoggingLevel, unitChanged),
    setTargetEolTypes: call.mutation(setTargetEolTypes, unitChanged),
    // The unit changes its key: every list that shows it and both serials' caches.
    resetSerialNumber: call.mutation(
      resetSerialNumber,
      (_result, _error, { currentSerialNumber, newSerialNumber }) => [
        { type: 'Aligner', id: 'LIST' },
        { type: 'Aligner', id: currentSerialNumber },
        { type: 'Aligner', id: newSerialNumber },
        { type: 'Favorite', id: 'LIST' },
        { type: 'SchedulerDevice', id: 'LIST' },
      ],
    ),
  };
});

export const {
  useAlignerGetUsbStatusMutation,
  useAlignerGetPrinterStatusMutation,
  useAlignerGetVoltagesMutation,
  useAlignerActivateMutation,
  useAlignerGetCalibrationLogsMutation,
  useAlignerGetScreenShotMutation,
  useAlignerRcpMutation,
  useAlignerOpenSshPortMutation,
  useAlignerCheckNowMutation,
  useAlignerDownloadNowMutation,
  useAlignerInstallNowMutation,
  useAlignerSetLoggingLevelMutation,
  useSetTargetEolTypesMutation,
  useResetSerialNumberMutation,
} = commandsApi;
