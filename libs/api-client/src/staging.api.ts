import type { Family } from '@equipment-dashboard/domain';
import {
  stageGtpsSoftwareUpdate,
  stageOasisSoftwareUpdate,
  stageSoftwareUpdate,
  unstageGtpsSoftwareUpdate,
  unstageOasisSoftwareUpdate,
  unstageSoftwareUpdate,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import type { Tag } from './request';

/** What staging changes: the unit, its family's staged totals and the scheduler table. */
function stagingTags(serialNumber: string, family: Family): Tag[] {
  return [
    { type: 'Aligner', id: serialNumber },
    { type: 'StagedTotals', id: family },
    { type: 'SchedulerDevice', id: 'LIST' },
  ];
}

/** Software staging (console-core §7). */
export const stagingApi = injectAreaEndpoints((call) => {
  const staged =
    (family: Family) =>
    (_result: unknown, _error: unknown, { serialNumber }: { serialNumber: string }) =>
      stagingTags(serialNumber, family);
  return {
    stageSoftwareUpdate: call.mutation(stageSoftwareUpdate, staged('aligner')),
    stageGtpsSoftwareUpdate: call.mutation(stageGtpsSoftwareUpdate, staged('gtps')),
    stageOasisSoftwareUpdate: call.mutation(stageOasisSoftwareUpdate, staged('aligner-oasis')),
    unstageSoftwareUpdate: call.mutation(unstageSoftwareUpdate, staged('aligner')),
    unstageGtpsSoftwareUpdate: call.mutation(unstageGtpsSoftwareUpdate, staged('gtps')),
    unstageOasisSoftwareUpdate: call.mutation(unstageOasisSoftwareUpdate, staged('aligner-oasis')),
  };
});

export const {
  useStageSoftwareUpdateMutation,
  useStageGtpsSoftwareUpdateMutation,
  useStageOasisSoftwareUpdateMutation,
  useUnstageSoftwareUpdateMutation,
  useUnstageGtpsSoftwareUpdateMutation,
  useUnstageOasisSoftwareUpdateMutation,
} = stagingApi;
