import { dashboardEndpoints as d } from '@equipment-dashboard/contract';
import * as dashboard from '../../services/dashboard-service';
import type { ServiceDeps } from '../../services/service-deps';
import { ticketStatistics } from '../../services/tickets-service';
import type { ApiRouter } from '../api-router';
import { fileResult } from '../route';

/** The home dashboard's reads, the service restart and the trend image (console-core §7). */
export function mountDashboard(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(d.checkServices, () => dashboard.serviceStatus(deps))
    .on(d.readLatestSoftwareVersion, () => dashboard.latestVersion(deps, 'aligner'))
    .on(d.readLatestGtpsSoftwareVersion, () => dashboard.latestVersion(deps, 'gtps'))
    .on(d.readLatestOasisSoftwareVersion, () => dashboard.latestVersion(deps, 'aligner-oasis'))
    .on(d.readStagedUpdateTotals, () => dashboard.stagedTotals(deps, 'aligner'))
    .on(d.readStagedGtpsUpdateTotals, () => dashboard.stagedTotals(deps, 'gtps'))
    .on(d.readStagedOasisUpdateTotals, () => dashboard.stagedTotals(deps, 'aligner-oasis'))
    .on(d.readAlignerSoftwareVersions, () => dashboard.installedVersions(deps, 'aligner'))
    .on(d.readGtpsSoftwareVersions, () => dashboard.installedVersions(deps, 'gtps'))
    .on(d.readOasisSoftwareVersions, () => dashboard.installedVersions(deps, 'aligner-oasis'))
    .on(d.readSpecVersions, () => dashboard.specVersions(deps))
    .on(d.readTicketStatistics, () => ticketStatistics(deps))
    .on(d.readTopAlignersByAlignmentCount, () => dashboard.topAligners(deps))
    .on(d.resetService, ({ query, user }) => dashboard.resetService(deps, user, query.serviceName))
    .on(d.graph, async () =>
      fileResult({ contentType: 'image/png', data: await dashboard.trendGraph(deps), disposition: 'inline' }),
    );
}
