import type { Router } from 'express';
import type { ServiceDeps } from '../../services/service-deps';
import { ApiRouter } from '../api-router';
import type { RouteDeps } from '../route';
import { mountAi } from './ai-router';
import { mountAudits } from './audits-router';
import { mountAuth } from './auth-router';
import { mountBulkActions } from './bulk-actions-router';
import { mountCameraCal } from './camera-cal-router';
import { mountCommands } from './commands-router';
import { mountCsvExports } from './csv-export-router';
import { mountDashboard } from './dashboard-router';
import { mountEquipment } from './equipment-router';
import { mountEzAdas } from './ezadas-router';
import { mountHistory } from './history-router';
import { mountRollouts } from './rollouts-router';
import { mountSavedViews } from './saved-views-router';
import { mountMessages } from './messages-router';
import { mountNotifications } from './notifications-router';
import { mountPairings } from './pairings-router';
import { mountScheduler } from './scheduler-router';
import { mountSim } from './sim-router';
import { mountStaging } from './staging-router';
import { mountTickets } from './tickets-router';
import { flagsRouter } from './flags-router';
import { mountUpdates } from './updates-router';
import { mountUsers } from './users-router';

/** Every router of the server, in mounting order. */
export function buildRouters(deps: ServiceDeps, routeDeps: RouteDeps): Router[] {
  const api = new ApiRouter(routeDeps);
  mountAuth(api, deps);
  mountUsers(api, deps);
  mountEquipment(api, deps);
  mountCommands(api, deps);
  mountStaging(api, deps);
  mountDashboard(api, deps);
  mountTickets(api, deps);
  mountUpdates(api, deps);
  mountScheduler(api, deps);
  mountNotifications(api, deps);
  mountMessages(api, deps);
  mountEzAdas(api, deps);
  mountPairings(api, deps);
  mountCameraCal(api, deps);
  mountAi(api, deps);
  mountSim(api, deps);
  mountAudits(api, deps);
  mountSavedViews(api, deps);
  mountHistory(api, deps);
  mountRollouts(api, deps);
  mountBulkActions(api, deps);
  // After every list: an export pages through its list's handler.
  mountCsvExports(api, deps);
  api.mountNotImplemented();
  return [flagsRouter(), api.router];
}
