import type { EndpointDef } from './endpoint';
import { aiEndpoints } from './ai';
import { auditsEndpoints } from './audits';
import { authEndpoints } from './auth';
import { cameraCalEndpoints } from './camera-cal';
import { commandsEndpoints } from './commands';
import { dashboardEndpoints } from './dashboard';
import { equipmentEndpoints } from './equipment';
import { ezadasEndpoints } from './ezadas';
import { messagesEndpoints } from './messages';
import { notificationsEndpoints } from './notifications';
import { pairingsEndpoints } from './pairings';
import { schedulerEndpoints } from './scheduler';
import { simEndpoints } from './sim';
import { stagingEndpoints } from './staging';
import { ticketsEndpoints } from './tickets';
import { updatesEndpoints } from './updates';
import { usersEndpoints } from './users';

export * from './endpoint';
export * from './error';
export * from './query';
export * from './text';
export * from './entities';
export * from './live-events';
export * from './auth';
export * from './equipment';
export * from './commands';
export * from './staging';
export * from './dashboard';
export * from './tickets';
export * from './updates';
export * from './scheduler';
export * from './users';
export * from './notifications';
export * from './messages';
export * from './ezadas';
export * from './pairings';
export * from './camera-cal';
export * from './ai';
export * from './sim';
export * from './audits';

/** Every area's endpoints, by area name (the prefix of each endpoint's `name`). */
export const ENDPOINTS_BY_AREA = {
  auth: authEndpoints,
  equipment: equipmentEndpoints,
  commands: commandsEndpoints,
  staging: stagingEndpoints,
  dashboard: dashboardEndpoints,
  tickets: ticketsEndpoints,
  updates: updatesEndpoints,
  scheduler: schedulerEndpoints,
  users: usersEndpoints,
  notifications: notificationsEndpoints,
  messages: messagesEndpoints,
  ezadas: ezadasEndpoints,
  pairings: pairingsEndpoints,
  cameraCal: cameraCalEndpoints,
  ai: aiEndpoints,
  sim: simEndpoints,
  audits: auditsEndpoints,
} as const;
/** An area of the contract. */
export type ApiArea = keyof typeof ENDPOINTS_BY_AREA;

/** Every call of the contract, flat: the server mounts them, the tests walk them. */
export const ENDPOINTS: readonly EndpointDef[] = Object.values(ENDPOINTS_BY_AREA).flatMap(
  (area): EndpointDef[] => Object.values(area),
);

/**
 * Fills the Express-style `:name` parameters of an endpoint's path, URI-encoding each value.
 * Throws when a parameter of the path has no value, so a broken link cannot be built silently.
 */
export function pathOf(def: Pick<EndpointDef, 'path'>, params: Record<string, string | number> = {}): string {
  return def.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined) throw new Error(`pathOf(${def.path}): missing parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
