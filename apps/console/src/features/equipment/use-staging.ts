import { type StagedUpdate, type UnstagedUpdate, type VersionRecord } from '@equipment-dashboard/contract';
import {
  equipmentApi,
  useStageGtpsSoftwareUpdateMutation,
  useStageOasisSoftwareUpdateMutation,
  useStageSoftwareUpdateMutation,
  useUnstageGtpsSoftwareUpdateMutation,
  useUnstageOasisSoftwareUpdateMutation,
  useUnstageSoftwareUpdateMutation,
} from '@equipment-dashboard/api-client';
import type { Family } from '@equipment-dashboard/domain';
import { useAppDispatch } from '../../app/store';

/**
 * Stage and unstage for a unit of any family (console-core §7: one call per family). On success the
 * unit's pending version follows the answer at once (console-core §4: "pendingSoftwareDownload becomes
 * the returned version.semantic"; unstage clears it); the reload that the calls' tags start confirms it.
 */
export function useStaging(username: string) {
  const dispatch = useAppDispatch();
  const [stageAligner] = useStageSoftwareUpdateMutation();
  const [stageGtps] = useStageGtpsSoftwareUpdateMutation();
  const [stageOasis] = useStageOasisSoftwareUpdateMutation();
  const [unstageAligner] = useUnstageSoftwareUpdateMutation();
  const [unstageGtps] = useUnstageGtpsSoftwareUpdateMutation();
  const [unstageOasis] = useUnstageOasisSoftwareUpdateMutation();

  const setPending = (serialNumber: string, pending: string) =>
    dispatch(
      equipmentApi.util.updateQueryData('readAligner', { serialNumber, username }, (aligner) => {
        aligner.pendingSoftwareDownload = pending;
      }),
    );

  const stage = async (
    family: Family,
    serialNumber: string,
    latest: VersionRecord,
  ): Promise<StagedUpdate> => {
    const call = { aligner: stageAligner, gtps: stageGtps, 'aligner-oasis': stageOasis }[family];
    const staged = await call({
      serialNumber,
      version: { semantic: latest.semantic, meta: latest.meta },
      path: latest.path,
    }).unwrap();
    setPending(serialNumber, staged.version.semantic);
    return staged;
  };

  const unstage = async (family: Family, serialNumber: string): Promise<UnstagedUpdate> => {
    const call = { aligner: unstageAligner, gtps: unstageGtps, 'aligner-oasis': unstageOasis }[family];
    const unstaged = await call({ serialNumber }).unwrap();
    setPending(serialNumber, unstaged.pendingSoftwareDownload);
    return unstaged;
  };

  return { stage, unstage };
}
