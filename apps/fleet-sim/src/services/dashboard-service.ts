import type { ServiceStatus } from '@equipment-dashboard/api';
import type { Family, ServiceName } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { trendGraphPng } from '../fleet/trend-graph';
import type { ServiceDeps } from './service-deps';

/** The home dashboard's reads (console-core §7 "Dashboard data"), all from kept aggregates. */
export function latestVersion(deps: ServiceDeps, family: Family) {
  return deps.fleet.latest.of(family);
}

export function stagedTotals(deps: ServiceDeps, family: Family) {
  return deps.fleet.engine.state.aggregates.stagedTotals(family);
}

export function installedVersions(deps: ServiceDeps, family: Family) {
  return deps.fleet.engine.state.aggregates.installedVersions(family);
}

export function specVersions(deps: ServiceDeps) {
  return deps.fleet.engine.state.aggregates.specVersions();
}

export function topAligners(deps: ServiceDeps) {
  return deps.fleet.engine.state.aggregates.topAligners();
}

export function serviceStatus(deps: ServiceDeps): ServiceStatus {
  return deps.fleet.engine.services.status();
}

export async function connectionCounters(deps: ServiceDeps) {
  return { ...deps.fleet.engine.state.aggregates.counters(), connectedUsers: await deps.live.connectedUsers() };
}

/** Restarts an emulated service: it goes down, and comes back a few seconds later (SERVICE_STATUS both times). */
export async function resetService(deps: ServiceDeps, caller: AuthUser, serviceName: ServiceName) {
  await deps.fleet.engine.restartService(serviceName);
  deps.logger.info({ serviceName, by: caller.username }, 'service restart');
  return { serviceName, status: 'restarting' as const };
}

export function trendGraph(deps: ServiceDeps): Promise<Buffer> {
  return trendGraphPng(deps.fleet.engine.trendSamples());
}
