import {
  useReadAlignerSoftwareVersionsQuery,
  useReadGtpsSoftwareVersionsQuery,
  useReadLatestGtpsSoftwareVersionQuery,
  useReadLatestOasisSoftwareVersionQuery,
  useReadLatestSoftwareVersionQuery,
  useReadOasisSoftwareVersionsQuery,
  useReadStagedGtpsUpdateTotalsQuery,
  useReadStagedOasisUpdateTotalsQuery,
  useReadStagedUpdateTotalsQuery,
  type StagedTotals,
  type VersionRecord,
  type VersionTotals,
} from '@equipment-dashboard/api';
import type { Family } from '@equipment-dashboard/domain';

/** A cached read as a card needs it. */
export interface Read<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
}

/** What the Software Versions screen shows of one family. */
export interface FamilyReads {
  latest: Read<VersionRecord | null>;
  installed: Read<VersionTotals>;
  staged: Read<StagedTotals>;
}

/**
 * Each family's dashboard reads (back-office §7.2: "The data for the Software Versions cards ... comes
 * from the dashboard reads"). The live channel loads them too and keeps them current
 * (NEW_SOFTWARE_UPDATE_CREATED patches the latest, SOFTWARE_UPDATES_STAGED reloads the staged totals),
 * so the screen shares those cache entries. The hooks run in the same order on every render.
 */
export function useFamilyReads(): Record<Family, FamilyReads> {
  return {
    aligner: {
      latest: useReadLatestSoftwareVersionQuery(),
      installed: useReadAlignerSoftwareVersionsQuery(),
      staged: useReadStagedUpdateTotalsQuery(),
    },
    gtps: {
      latest: useReadLatestGtpsSoftwareVersionQuery(),
      installed: useReadGtpsSoftwareVersionsQuery(),
      staged: useReadStagedGtpsUpdateTotalsQuery(),
    },
    'aligner-oasis': {
      latest: useReadLatestOasisSoftwareVersionQuery(),
      installed: useReadOasisSoftwareVersionsQuery(),
      staged: useReadStagedOasisUpdateTotalsQuery(),
    },
  };
}
