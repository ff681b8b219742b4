import {
  exampleServiceStatus,
  exampleStagedTotals,
  exampleTicketStatistics,
  exampleTopAligner,
  exampleVersionRecord,
  exampleVersionTotals,
} from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { dashboardApi } from './dashboard.api';

const read = (body: unknown) => ({ arg: undefined, respond: () => json(body) });

describeSlice('dashboard', dashboardApi.endpoints, {
  checkServices: read(exampleServiceStatus),
  readLatestSoftwareVersion: read(exampleVersionRecord),
  readLatestGtpsSoftwareVersion: read(null),
  readLatestOasisSoftwareVersion: read(exampleVersionRecord),
  readStagedUpdateTotals: read(exampleStagedTotals),
  readStagedGtpsUpdateTotals: read(exampleStagedTotals),
  readStagedOasisUpdateTotals: read(exampleStagedTotals),
  readAlignerSoftwareVersions: read(exampleVersionTotals),
  readGtpsSoftwareVersions: read(exampleVersionTotals),
  readOasisSoftwareVersions: read(exampleVersionTotals),
  readSpecVersions: read(exampleVersionTotals),
  readTicketStatistics: read(exampleTicketStatistics),
  readTopAlignersByAlignmentCount: read([exampleTopAligner]),
  resetService: {
    arg: { serviceName: 'radar' },
    query: { serviceName: 'radar' },
    respond: () => json({ serviceName: 'radar', status: 'restarting' }),
  },
  graph: { arg: undefined },
});
