import { type VersionRecord } from '@equipment-dashboard/contract';
import {
  useReadLatestGtpsSoftwareVersionQuery,
  useReadLatestOasisSoftwareVersionQuery,
  useReadLatestSoftwareVersionQuery,
} from '@equipment-dashboard/api-client';
import { latestSemanticOf, type Family, type LatestByFamily } from '@equipment-dashboard/domain';
import { useMemo } from 'react';

/** The latest published software of each family, as the live channel loaded it (null: none published). */
export interface LatestVersions {
  /** For `unitCapabilities` and the version colours. */
  byFamily: LatestByFamily;
  /** The full record (semantic, meta, path) that Stage sends. */
  record(family: Family): VersionRecord | null;
  /** The semantic version of the family's latest, or undefined while unknown (chips stay green). */
  semantic(family: Family): string | undefined;
}

/**
 * The latest software per family (console-core §9: "latest is tracked separately for aligner, gtps and
 * oasis"). The live channel loads these reads and keeps them current (NEW_SOFTWARE_UPDATE_CREATED), so
 * this only subscribes to the cached answers.
 */
export function useLatestVersions(): LatestVersions {
  const { data: aligner } = useReadLatestSoftwareVersionQuery();
  const { data: gtps } = useReadLatestGtpsSoftwareVersionQuery();
  const { data: oasis } = useReadLatestOasisSoftwareVersionQuery();
  return useMemo(() => {
    const records: Record<Family, VersionRecord | null> = {
      aligner: aligner ?? null,
      gtps: gtps ?? null,
      'aligner-oasis': oasis ?? null,
    };
    const byFamily: LatestByFamily = {
      aligner: records.aligner,
      gtps: records.gtps,
      'aligner-oasis': records['aligner-oasis'],
    };
    return {
      byFamily,
      record: (family) => records[family],
      semantic: (family) => latestSemanticOf(byFamily, family) ?? undefined,
    };
  }, [aligner, gtps, oasis]);
}
