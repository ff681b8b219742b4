import type { Family } from '@equipment-dashboard/domain';
import {
  checkServices,
  graph,
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
} from '@equipment-dashboard/contract';
import type { TagType } from './base-api';
import { injectAreaEndpoints } from './contract-calls';
import { revokeWhenRemoved, toRequest } from './request';

/** Dashboard reads, service restart and the trend chart image (console-core §7, back-office §7.6). */
export const dashboardApi = injectAreaEndpoints((call, build) => {
  /** The one tag of a dashboard read, e.g. the latest gtps version. */
  const tag = (type: TagType, id: Family | 'specs' | 'all') => [{ type, id }];
  return {
    checkServices: call.query(checkServices, tag('ServiceStatus', 'all')),
    readLatestSoftwareVersion: call.query(readLatestSoftwareVersion, tag('LatestVersion', 'aligner')),
    readLatestGtpsSoftwareVersion: call.query(readLatestGtpsSoftwareVersion, tag('LatestVersion', 'gtps')),
    readLatestOasisSoftwareVersion: call.query(
      readLatestOasisSoftwareVersion,
      tag('LatestVersion', 'aligner-oasis'),
    ),
    readStagedUpdateTotals: call.query(readStagedUpdateTotals, tag('StagedTotals', 'aligner')),
    readStagedGtpsUpdateTotals: call.query(readStagedGtpsUpdateTotals, tag('StagedTotals', 'gtps')),
    readStagedOasisUpdateTotals: call.query(
      readStagedOasisUpdateTotals,
      tag('StagedTotals', 'aligner-oasis'),
    ),
    readAlignerSoftwareVersions: call.query(readAlignerSoftwareVersions, tag('VersionTotals', 'aligner')),
    readGtpsSoftwareVersions: call.query(readGtpsSoftwareVersions, tag('VersionTotals', 'gtps')),
    readOasisSoftwareVersions: call.query(readOasisSoftwareVersions, tag('VersionTotals', 'aligner-oasis')),
    readSpecVersions: call.query(readSpecVersions, tag('VersionTotals', 'specs')),
    readTicketStatistics: call.query(readTicketStatistics, tag('TicketStatistics', 'all')),
    readTopAlignersByAlignmentCount: call.query(readTopAlignersByAlignmentCount, tag('TopAligners', 'all')),
    resetService: call.queryMutation(resetService, ['ServiceStatus']),
    /** The object URL of the trend chart image (revoked when the cache entry goes). */
    graph: build.query<string, void>({
      query: () => toRequest(graph),
      providesTags: ['Graph'],
      onCacheEntryAdded: (_args, lifecycle) => revokeWhenRemoved(lifecycle),
    }),
  };
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
