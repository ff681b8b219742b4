import {
  acknowledgeAlertGroup,
  acknowledgeAlerts,
  createAlertRule,
  createSilence,
  createWebhook,
  deleteAlertRule,
  deleteSilence,
  deleteWebhook,
  previewAlertRule,
  previewSilence,
  readAlert,
  readAlertCounts,
  readAlertGroups,
  readAlertPreferences,
  readAlertRules,
  readAlerts,
  readSilences,
  readWebhookDeliveries,
  readWebhooks,
  resolveAlertGroup,
  resolveAlerts,
  testWebhook,
  updateAlertPreferences,
  updateAlertRule,
  type AlertRulePreview,
  type BodyOf,
  type SilencePreview,
} from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags, toRequest, type Tag } from './request';

/** What acknowledging or resolving alerts makes stale: the lists, each alert named, and the bell's counts. */
const alertsChanged = (_result: unknown, _error: unknown, body: { ids: number[] } | undefined): Tag[] => [
  { type: 'Alert', id: 'LIST' },
  ...(body?.ids ?? []).map((id) => ({ type: 'Alert' as const, id })),
  { type: 'AlertCounts', id: 'ALL' },
];

/** What acknowledging or resolving a group makes stale: every alert list (the groups are one) and the counts. */
const GROUP_CHANGED: Tag[] = [
  { type: 'Alert', id: 'LIST' },
  { type: 'AlertCounts', id: 'ALL' },
];

/** What a change of one rule makes stale: the rule and the rules list. */
const ruleChanged = (_result: unknown, _error: unknown, body: { id: number } | undefined): Tag[] => [
  { type: 'AlertRule', id: 'LIST' },
  { type: 'AlertRule', id: body?.id ?? 'LIST' },
];

/**
 * Alerts: the bell's counts, the alerts lists and one alert with its history, rules (and the editor's preview),
 * silences, webhooks with their delivery log, and the user's e-mail preferences. Changes made elsewhere arrive
 * by the live channel: ALERT_COUNTS replaces the cached counts, ALERT_UPDATED invalidates the alert tags.
 */
export const alertsApi = injectAreaEndpoints((call, build) => ({
  readAlerts: call.query(readAlerts, (result) => listTags('Alert', result?.docs, (alert) => alert.id)),
  readAlert: call.query(readAlert, (result) => (result ? [{ type: 'Alert', id: result.id }] : [])),
  readAlertCounts: call.query(readAlertCounts, [{ type: 'AlertCounts', id: 'ALL' }]),
  acknowledgeAlerts: call.mutation(acknowledgeAlerts, alertsChanged),
  resolveAlerts: call.mutation(resolveAlerts, alertsChanged),
  // The groups are a view of the alert lists: they read again whenever the lists do (ALERT_UPDATED included).
  readAlertGroups: call.query(readAlertGroups, [{ type: 'Alert', id: 'LIST' }]),
  acknowledgeAlertGroup: call.mutation(acknowledgeAlertGroup, GROUP_CHANGED),
  resolveAlertGroup: call.mutation(resolveAlertGroup, GROUP_CHANGED),

  readAlertRules: call.query(readAlertRules, (result) =>
    listTags('AlertRule', result?.docs, (rule) => rule.id),
  ),
  createAlertRule: call.mutation(createAlertRule, [{ type: 'AlertRule', id: 'LIST' }]),
  updateAlertRule: call.mutation(updateAlertRule, ruleChanged),
  // A deleted rule's open alerts are resolved: the alert lists and counts change too.
  deleteAlertRule: call.mutation(deleteAlertRule, (result, error, body) => [
    ...ruleChanged(result, error, body),
    { type: 'Alert', id: 'LIST' },
    { type: 'AlertCounts', id: 'ALL' },
  ]),
  // A read sent as POST (the rule's fields are its input): a query, so that the editor's debounced form values
  // are asked once each and an answer for an older form is never shown for a newer one. Not kept: the fleet moves.
  previewAlertRule: build.query<AlertRulePreview, BodyOf<typeof previewAlertRule>>({
    query: (body) => toRequest(previewAlertRule, { body }),
    keepUnusedDataFor: 0,
  }),

  readSilences: call.query(readSilences, (result) =>
    listTags('Silence', result?.docs, (silence) => silence.id),
  ),
  createSilence: call.mutation(createSilence, [{ type: 'Silence', id: 'LIST' }]),
  // Like the rule's preview: a read sent as POST, asked once per settled form, not kept.
  previewSilence: build.query<SilencePreview, BodyOf<typeof previewSilence>>({
    query: (body) => toRequest(previewSilence, { body }),
    keepUnusedDataFor: 0,
  }),
  deleteSilence: call.mutation(deleteSilence, (_result, _error, body) => [
    { type: 'Silence', id: 'LIST' },
    { type: 'Silence', id: body?.id ?? 'LIST' },
  ]),

  readWebhooks: call.query(readWebhooks, (result) => listTags('Webhook', result, (webhook) => webhook.id)),
  createWebhook: call.mutation(createWebhook, [{ type: 'Webhook', id: 'LIST' }]),
  deleteWebhook: call.mutation(deleteWebhook, [{ type: 'Webhook', id: 'LIST' }]),
  // The test's delivery enters the webhook's log and becomes its last delivery.
  testWebhook: call.mutation(testWebhook, (_result, _error, body) => [
    { type: 'Webhook', id: 'LIST' },
    { type: 'WebhookDelivery', id: body?.id ?? 'LIST' },
  ]),
  readWebhookDeliveries: call.query(readWebhookDeliveries, (_result, _error, query) => [
    { type: 'WebhookDelivery', id: query.webhookId },
  ]),

  readAlertPreferences: call.query(readAlertPreferences, [{ type: 'AlertPreferences', id: 'ME' }]),
  updateAlertPreferences: call.mutation(updateAlertPreferences, [{ type: 'AlertPreferences', id: 'ME' }]),
}));

export const {
  useReadAlertsQuery,
  useReadAlertQuery,
  useReadAlertCountsQuery,
  useAcknowledgeAlertsMutation,
  useResolveAlertsMutation,
  useReadAlertGroupsQuery,
  useAcknowledgeAlertGroupMutation,
  useResolveAlertGroupMutation,
  useReadAlertRulesQuery,
  useCreateAlertRuleMutation,
  useUpdateAlertRuleMutation,
  useDeleteAlertRuleMutation,
  usePreviewAlertRuleQuery,
  useReadSilencesQuery,
  useCreateSilenceMutation,
  usePreviewSilenceQuery,
  useDeleteSilenceMutation,
  useReadWebhooksQuery,
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useTestWebhookMutation,
  useReadWebhookDeliveriesQuery,
  useReadAlertPreferencesQuery,
  useUpdateAlertPreferencesMutation,
} = alertsApi;
