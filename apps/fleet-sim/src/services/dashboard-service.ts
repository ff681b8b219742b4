import type { ServiceStatus } from '@equipment-dashboard/contract';
import type { Family, ServiceName } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { RESTART_DOWNTIME_MS } from '../fleet/backend-status';
import { restartService } from '../store/repos/services-repo';
import { declarePlannedOutage } from './planned-outages';
import { trendGraphPng } from '../read-models/trend-graph';
import type { ServiceDeps } from './service-deps';

/** The home dashboard's reads (console-core §7 "Dashboard data"), from the counters the store keeps. */
export function latestVersion(deps: ServiceDeps, family: Family) {
  return deps.world.latest.of(family);
}

export function stagedTotals(deps: ServiceDeps, family: Family) {
  return deps.readModels.figures.stagedTotals(family);
}

export function installedVersions(deps: ServiceDeps, family: Family) {
  return deps.readModels.figures.installedVersions(family);
}

export function specVersions(deps: ServiceDeps) {
  return deps.readModels.figures.specVersions();
}

export function topAligners(deps: ServiceDeps) {
  return deps.readModels.figures.topAligners();
}

export function serviceStatus(deps: ServiceDeps): ServiceStatus {
  return deps.world.services.status(deps.clock.now());
}

/** Restarts an emulated service: it goes down, and comes back a few seconds later (SERVICE_STATUS both times). */
export async function resetService(deps: ServiceDeps, caller: AuthUser, serviceName: ServiceName) {
  // Declared before the service goes down, so that no alert about it fires unexplained.
  await declarePlannedOutage(
    deps,
    { services: [serviceName] },
    RESTART_DOWNTIME_MS + 60_000,
    `restart of ${serviceName} from the dashboard by ${caller.username}`,
  );
  await restartService(deps.db, serviceName, new Date(deps.clock.now() + RESTART_DOWNTIME_MS));
  await deps.follower.wake({ world: true });
  deps.logger.info({ serviceName, by: caller.username }, 'service restart');
  return { serviceName, status: 'restarting' as const };
}

export async function trendGraph(deps: ServiceDeps): Promise<Buffer> {
  return trendGraphPng(await deps.readModels.trend.samples(deps.db, deps.clock.now()));
}
