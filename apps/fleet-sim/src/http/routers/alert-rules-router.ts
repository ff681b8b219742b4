import { alertsEndpoints as a } from '@equipment-dashboard/contract';
import { withStatus } from '../../core/status-result';
import { previewSilence } from '../../jobs/alerts/silence-preview';
import * as preferences from '../../services/alert-preferences-service';
import * as rules from '../../services/alert-rules-service';
import type { ServiceDeps } from '../../services/service-deps';
import * as silences from '../../services/silences-service';
import * as webhooks from '../../services/webhooks-service';
import type { ApiRouter } from '../api-router';

/** Alert rules, silences and maintenance windows, webhooks and their delivery log, and each user's e-mail preferences. */
export function mountAlertRules(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(a.readAlertRules, ({ query }) => rules.listAlertRules(deps, query))
    .on(a.createAlertRule, async ({ body, user }) =>
      withStatus(201, await rules.createAlertRule(deps, user, body)),
    )
    .on(a.updateAlertRule, ({ body, user }) => rules.updateAlertRule(deps, user, body))
    .on(a.deleteAlertRule, ({ body, user }) => rules.deleteAlertRule(deps, user, body.id))
    .on(a.readSilences, ({ query }) => silences.listSilences(deps, query))
    .on(a.createSilence, async ({ body, user }) =>
      withStatus(201, await silences.createSilence(deps, user, body)),
    )
    .on(a.previewSilence, ({ body, user }) => previewSilence(deps, user, body.matcher))
    .on(a.deleteSilence, ({ body, user }) => silences.expireSilence(deps, user, body.id))
    .on(a.readWebhooks, () => webhooks.listWebhooks(deps))
    .on(a.createWebhook, async ({ body, user }) =>
      withStatus(201, await webhooks.createWebhook(deps, user, body)),
    )
    .on(a.deleteWebhook, ({ body, user }) => webhooks.deleteWebhook(deps, user, body.id))
    .on(a.testWebhook, async ({ body, user }) =>
      withStatus(201, await webhooks.testWebhook(deps, user, body.id)),
    )
    .on(a.readWebhookDeliveries, ({ query }) => webhooks.listDeliveries(deps, query))
    .on(a.readAlertPreferences, ({ user }) => preferences.readAlertPreferences(deps, user))
    .on(a.updateAlertPreferences, ({ body, user }) => preferences.updateAlertPreferences(deps, user, body));
}
