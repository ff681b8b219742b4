import type { Family } from '@equipment-dashboard/domain';
import {
  checkServices,
  type EndpointDef,
  graph,
  type QueryOf,
  readAlignerSoftwareVersions,
  readGtpsSoftwareVersions,
  readLatestGtpsSoftwareVersion,
  readLatestOasisSoftwareVersion,
  readLatestSoftwareVersion,
  readOasisSoftwareVersions,
  readSpecVersions,
  readStagedGtpsUpdateTotals,
  readStagedOasisUpdateTotals,
  readStagedUpdateTotals,
  readTicketStatistics,
  readTopAlignersByAlignmentCount,
  resetService,
  type ResponseOf,
} from '@equipment-dashboard/contract';
import { baseApi, type TagType } from './base-api';
import { revokeWhenRemoved, toRequest } from './request';

/** Dashboard reads, service restart and the trend chart image (console-core §7, back-office §7.6). */
export const dashboardApi = baseApi.injectEndpoints({
  endpoints: (build) => {
    /** A read without arguments that provides one tag, e.g. the latest gtps version. */
    const read = <R>(def: EndpointDef, type: TagType, id: Family | 'specs' | 'all') =>
      build.query<R, void>({
        query: () => toRequest(def),
        providesTags: [{ type, id }],
      });
    return {
      checkServices: read<ResponseOf<typeof checkServices>>(checkServices, 'ServiceStatus', 'all'),
      readLatestSoftwareVersion: read<ResponseOf<typeof readLatestSoftwareVersion>>(
        readLatestSoftwareVersion,
        'LatestVersion',
        'aligner',
      ),
      readLatestGtpsSoftwareVersion: read<ResponseOf<typeof readLatestGtpsSoftwareVersion>>(
        readLatestGtpsSoftwareVersion,
        'LatestVersion',
        'gtps',
      ),
      readLatestOasisSoftwareVersion: read<ResponseOf<typeof readLatestOasisSoftwareVersion>>(
        readLatestOasisSoftwareVersion,
        'LatestVersion',
        'aligner-oasis',
      ),
      readStagedUpdateTotals: read<ResponseOf<typeof readStagedUpdateTotals>>(
        readStagedUpdateTotals,
        'StagedTotals',
        'aligner',
      ),
      readStagedGtpsUpdateTotals: read<ResponseOf<typeof readStagedGtpsUpdateTotals>>(
        readStagedGtpsUpdateTotals,
        'StagedTotals',
        'gtps',
      ),
      readStagedOasisUpdateTotals: read<ResponseOf<typeof readStagedOasisUpdateTotals>>(
        readStagedOasisUpdateTotals,
        'StagedTotals',
        'aligner-oasis',
      ),
      readAlignerSoftwareVersions: read<ResponseOf<typeof readAlignerSoftwareVersions>>(
        readAlignerSoftwareVersions,
        'VersionTotals',
        'aligner',
      ),
      readGtpsSoftwareVersions: read<ResponseOf<typeof readGtpsSoftwareVersions>>(
        readGtpsSoftwareVersions,
        'VersionTotals',
        'gtps',
      ),
      readOasisSoftwareVersions: read<ResponseOf<typeof readOasisSoftwareVersions>>(
        readOasisSoftwareVersions,
        'VersionTotals',
        'aligner-oasis',
      ),
      readSpecVersions: read<ResponseOf<typeof readSpecVersions>>(readSpecVersions, 'VersionTotals', 'specs'),
      readTicketStatistics: read<ResponseOf<typeof readTicketStatistics>>(
        readTicketStatistics,
        'TicketStatistics',
        'all',
      ),
      readTopAlignersByAlignmentCount: read<ResponseOf<typeof readTopAlignersByAlignmentCount>>(
        readTopAlignersByAlignmentCount,
        'TopAligners',
        'all',
      ),
      resetService: build.mutation<ResponseOf<typeof resetService>, QueryOf<typeof resetService>>({
        query: (query) => toRequest(resetService, { query }),
        invalidatesTags: ['ServiceStatus'],
      }),
      /** The object URL of the trend chart image (revoked when the cache entry goes). */
      graph: build.query<string, void>({
        query: () => toRequest(graph),
        providesTags: ['Graph'],
        onCacheEntryAdded: (_args, lifecycle) => revokeWhenRemoved(lifecycle),
      }),
    };
  },
});

export const {
  useCheckServicesQuery,
  useReadLatestSoftwareVersionQuery,
  useReadLatestGtpsSoftwareVersionQuery,
  useReadLatestOasisSoftwareVersionQuery,
  useReadStagedUpdateTotalsQuery,
  useReadStagedGtpsUpdateTotalsQuery,
  useReadStagedOasisUpdateTotalsQuery,
  useReadAlignerSoftwareVersionsQuery,
  useReadGtpsSoftwareVersionsQuery,
  useReadOasisSoftwareVersionsQuery,
  useReadSpecVersionsQuery,
  useReadTicketStatisticsQuery,
  useReadTopAlignersByAlignmentCountQuery,
  useResetServiceMutation,
  useGraphQuery,
} = dashboardApi;
