import { type StagedTotals, type VersionRecord, type VersionTotals } from '@equipment-dashboard/contract';
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
} from '@equipment-dashboard/api-client';
import type { Family } from '@equipment-dashboard/domain';

/** A cached read as a card needs it. */
export interface Read<T> {
  data?: T;
  isLoading: boolean;
  isError: boolean;
}

/** One family's software reads: its latest release, the versions installed and the updates staged. */
export interface FamilyReads {
  latest: Read<VersionRecord | null>;
  installed: Read<VersionTotals>;
  staged: Read<StagedTotals>;
}

/**
 * Each family's dashboard reads, for the dashboard's version panels and the Software Versions cards
 * (back-office §7.2: "The data for the Software Versions cards ... comes from the dashboard reads"). The
 * live channel loads them too and keeps them current (NEW_SOFTWARE_UPDATE_CREATED patches the latest,
 * SOFTWARE_UPDATES_STAGED reloads the staged totals), so both screens share those cache entries. The
 * hooks run in the same order on every render.
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
