import { alertsEndpoints as a } from '@equipment-dashboard/contract';
import { previewAlertRule } from '../../jobs/alerts/alert-preview';
import * as groups from '../../services/alert-groups-service';
import * as alerts from '../../services/alerts-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/**
 * Alerts: the list (and its CSV export), one alert with its history, acknowledge, resolve, the groups by rule and
 * place and their acknowledge and resolve, the bell's counts, a rule's preview.
 */
export function mountAlerts(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(a.readAlerts, ({ query }) => alerts.listAlerts(deps, query))
    .on(a.readAlert, ({ query }) => alerts.readAlert(deps, query.id))
    .on(a.acknowledgeAlerts, ({ body, user }) => alerts.acknowledgeAlerts(deps, user, body))
    .on(a.resolveAlerts, ({ body, user }) => alerts.resolveAlerts(deps, user, body))
    .on(a.readAlertGroups, ({ query }) => groups.listAlertGroups(deps, query))
    .on(a.acknowledgeAlertGroup, ({ body, user }) => groups.acknowledgeAlertGroup(deps, user, body))
    .on(a.resolveAlertGroup, ({ body, user }) => groups.resolveAlertGroup(deps, user, body))
    .on(a.readAlertCounts, () => alerts.alertCounts(deps))
    .on(a.previewAlertRule, ({ body, user }) => previewAlertRule(deps, user, body));
}
