/**
 * Example alerting records (alerts, rules, groups, webhooks) for the client's slice tests and the
 * console's tests: one US aligners offline storm (a test changes a record by spreading it, or through `overrides`).
 */
import type { Alert, AlertCounts, AlertGroup, AlertRule, Webhook } from '../index';

const at = '2025-01-06T12:00:00.000Z';

/** An alert as the lists answer it: a firing unit offline alert unless told otherwise. */
export function exampleAlert(id: number, overrides: Partial<Alert> = {}): Alert {
  return {
    id,
    ruleId: 2,
    ruleName: 'US aligners offline',
    kind: 'unitOffline',
    severity: 'major',
    state: 'firing',
    subject: { serialNumber: `AX1AS000${id}`, family: 'aligner' },
    summary: `Unit AX1AS000${id} offline since 10:02`,
    cause: null,
    startedAt: at,
    firedAt: '2025-01-06T12:05:00.000Z',
    acknowledgedBy: null,
    acknowledgedAt: null,
    comment: null,
    resolvedAt: null,
    resolvedBy: null,
    updatedAt: at,
    ...overrides,
  };
}

/** The bell's figures with `unacknowledged` firing alerts nobody acknowledged. */
export function exampleAlertCounts(unacknowledged: number, firing = unacknowledged): AlertCounts {
  return { firing, unacknowledged, bySeverity: { critical: 0, major: firing, minor: 0, warning: 0 } };
}

/** A rule as the rules list answers it: fleet-wide, no channels, unless told otherwise. */
export function exampleAlertRule(id: number, overrides: Partial<AlertRule> = {}): AlertRule {
  return {
    id,
    name: `Rule ${id}`,
    kind: 'unitOffline',
    severity: 'major',
    scope: { kind: 'fleet' },
    forMinutes: 5,
    threshold: null,
    includeAlreadyOffline: false,
    channels: { email: [], webhookIds: [] },
    remindEveryMinutes: null,
    escalateAfterMinutes: null,
    escalateTo: null,
    flapping: { drops: 3, windowMinutes: 30 },
    enabled: true,
    createdBy: 'engineer',
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** The sentence of a regional storm: most of a country's units went offline together. */
export const exampleStormSentence =
  '4,700 of 4,800 units in the United States went offline within 2 minutes: a regional cause is likely';

/** A group of firing alerts by rule and place: the United States storm. */
export const exampleAlertGroup: AlertGroup = {
  ruleId: 2,
  ruleName: 'US aligners offline',
  severity: 'major',
  countryCode: 'US',
  region: null,
  placeName: 'the United States',
  count: 4_700,
  firstStartedAt: at,
  lastStartedAt: '2025-01-06T12:02:00.000Z',
  share: 0.9792,
  summary: exampleStormSentence,
};

/** A webhook as the list answers it: never delivered yet. */
export const exampleWebhook: Webhook = {
  id: 1,
  name: 'Pager',
  url: 'https://hooks.example.com/a',
  createdBy: 'engineer',
  createdAt: at,
  lastDelivery: null,
};
