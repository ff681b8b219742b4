import type { EndpointDef } from './endpoint';
import { accessTokensEndpoints } from './access-tokens';
import { aiEndpoints } from './ai';
import { alertsEndpoints } from './alerts';
import { auditsEndpoints } from './audits';
import { authEndpoints } from './auth';
import { bulkActionsEndpoints } from './bulk-actions';
import { cameraCalEndpoints } from './camera-cal';
import { commandsEndpoints } from './commands';
import { dashboardEndpoints } from './dashboard';
import { equipmentEndpoints } from './equipment';
import { ezadasEndpoints } from './ezadas';
import { fleetHistoryEndpoints } from './fleet-history';
import { fleetMapEndpoints } from './fleet-map';
import { messagesEndpoints } from './messages';
import { notificationsEndpoints } from './notifications';
import { pairingsEndpoints } from './pairings';
import { historyEndpoints } from './history';
import { savedViewsEndpoints } from './saved-views';
import { rolloutsEndpoints } from './rollouts';
import { schedulerEndpoints } from './scheduler';
import { simEndpoints } from './sim';
import { simulatorEndpoints } from './simulator';
import { scenarioFilesEndpoints } from './scenario-files';
import { simSnapshotsEndpoints } from './sim-snapshots';
import { stagingEndpoints } from './staging';
import { ticketsEndpoints } from './tickets';
import { updatesEndpoints } from './updates';
import { usersEndpoints } from './users';

/** Every area's endpoints, by area name (the prefix of each endpoint's `name`). */
export const ENDPOINTS_BY_AREA = {
  auth: authEndpoints,
  accessTokens: accessTokensEndpoints,
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
  simulator: simulatorEndpoints,
  simSnapshots: simSnapshotsEndpoints,
  audits: auditsEndpoints,
  bulkActions: bulkActionsEndpoints,
  savedViews: savedViewsEndpoints,
  history: historyEndpoints,
  rollouts: rolloutsEndpoints,
  alerts: alertsEndpoints,
  fleetHistory: fleetHistoryEndpoints,
  fleetMap: fleetMapEndpoints,
  scenarioFiles: scenarioFilesEndpoints,
} as const;
/** An area of the contract. */
export type ApiArea = keyof typeof ENDPOINTS_BY_AREA;

/** Every call of the contract, flat: the server mounts them, the tests walk them. */
export const ENDPOINTS: readonly EndpointDef[] = Object.values(ENDPOINTS_BY_AREA).flatMap(
  (area): EndpointDef[] => Object.values(area),
);
