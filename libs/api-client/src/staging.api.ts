import type { Family } from '@equipment-dashboard/domain';
import {
  type BodyOf,
  type EndpointDef,
  type StagedUpdate,
  stageGtpsSoftwareUpdate,
  stageOasisSoftwareUpdate,
  stageSoftwareUpdate,
  type UnstagedUpdate,
  unstageGtpsSoftwareUpdate,
  unstageOasisSoftwareUpdate,
  unstageSoftwareUpdate,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { toRequest, type Tag } from './request';

/** What staging changes: the unit, its family's staged totals and the scheduler table. */
function stagingTags(serialNumber: string, family: Family): Tag[] {
  return [
    { type: 'Aligner', id: serialNumber },
    { type: 'StagedTotals', id: family },
    { type: 'SchedulerDevice', id: 'LIST' },
  ];
}

/** Software staging (console-core §7). */
export const stagingApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    const stage = (def: EndpointDef, family: Family) =>
      build.mutation<StagedUpdate, BodyOf<typeof stageSoftwareUpdate>>({
        query: (body) => toRequest(def, { body }),
        invalidatesTags: (_result, _error, { serialNumber }) => stagingTags(serialNumber, family),
      });
    const unstage = (def: EndpointDef, family: Family) =>
      build.mutation<UnstagedUpdate, BodyOf<typeof unstageSoftwareUpdate>>({
        query: (body) => toRequest(def, { body }),
        invalidatesTags: (_result, _error, { serialNumber }) => stagingTags(serialNumber, family),
      });
    return {
      stageSoftwareUpdate: stage(stageSoftwareUpdate, 'aligner'),
      stageGtpsSoftwareUpdate: stage(stageGtpsSoftwareUpdate, 'gtps'),
      stageOasisSoftwareUpdate: stage(stageOasisSoftwareUpdate, 'aligner-oasis'),
      unstageSoftwareUpdate: unstage(unstageSoftwareUpdate, 'aligner'),
      unstageGtpsSoftwareUpdate: unstage(unstageGtpsSoftwareUpdate, 'gtps'),
      unstageOasisSoftwareUpdate: unstage(unstageOasisSoftwareUpdate, 'aligner-oasis'),
    };
  },
});

export const {
  useStageSoftwareUpdateMutation,
  useStageGtpsSoftwareUpdateMutation,
  useStageOasisSoftwareUpdateMutation,
  useUnstageSoftwareUpdateMutation,
  useUnstageGtpsSoftwareUpdateMutation,
  useUnstageOasisSoftwareUpdateMutation,
} = stagingApi;
