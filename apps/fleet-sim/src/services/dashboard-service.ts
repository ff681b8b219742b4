import type { ServiceStatus } from '@equipment-dashboard/contract';
import type { Family, ServiceName } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { RESTART_DOWNTIME_MS } from '../fleet/services-board';
import { restartService } from '../store/repos/services-repo';
import { trendGraphPng } from '../views/trend-graph';
import type { ServiceDeps } from './service-deps';

/** The home dashboard's reads (console-core §7 "Dashboard data"), from the counters the store keeps. */
export function latestVersion(deps: ServiceDeps, family: Family) {
  return deps.world.latest.of(family);
}

export function stagedTotals(deps: ServiceDeps, family: Family) {
  return deps.views.figures.stagedTotals(family);
}

export function installedVersions(deps: ServiceDeps, family: Family) {
  return deps.views.figures.installedVersions(family);
}

export function specVersions(deps: ServiceDeps) {
  return deps.views.figures.specVersions();
}

export function topAligners(deps: ServiceDeps) {
  return deps.views.figures.topAligners();
}

export function serviceStatus(deps: ServiceDeps): ServiceStatus {
  return deps.world.services.status(deps.clock.now());
}

/** Restarts an emulated service: it goes down, and comes back a few seconds later (SERVICE_STATUS both times). */
export async function resetService(deps: ServiceDeps, caller: AuthUser, serviceName: ServiceName) {
  await restartService(deps.db, serviceName, new Date(deps.clock.now() + RESTART_DOWNTIME_MS));
  await deps.follower.wake({ world: true });
  deps.logger.info({ serviceName, by: caller.username }, 'service restart');
  return { serviceName, status: 'restarting' as const };
}

export async function trendGraph(deps: ServiceDeps): Promise<Buffer> {
  return trendGraphPng(await deps.views.trend.samples(deps.db, deps.clock.now()));
}
