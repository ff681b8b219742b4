import type { Silence, WebhookDelivery } from '@equipment-dashboard/contract';
import {
  exampleAlert,
  exampleAlertCounts,
  exampleAlertGroup,
  exampleAlertRule,
  exampleWebhook,
} from '@equipment-dashboard/contract/testing';
import { alertsApi } from './alerts.api';
import { describeSlice, json } from './testing/slice-harness';

const at = '2025-01-06T12:00:00.000Z';

const alert = exampleAlert(5);
const rule = exampleAlertRule(2, { name: 'US aligners offline' });

const silence: Silence = {
  id: 4,
  matcher: { ruleId: 2, ruleName: 'US aligners offline' },
  startsAt: at,
  endsAt: '2025-01-06T14:00:00.000Z',
  reason: 'Gateway maintenance',
  recurring: null,
  createdBy: 'engineer',
  createdAt: at,
  status: 'active',
};

const webhook = exampleWebhook;

const delivery: WebhookDelivery = {
  id: 'd-1',
  webhookId: 1,
  event: 'test',
  state: 'pending',
  attempts: 0,
  lastStatus: null,
  lastResponse: null,
  createdAt: at,
  lastAttemptAt: null,
  nextAttemptAt: at,
  title: 'Test message',
};

const ruleBody = {
  name: 'US aligners offline',
  kind: 'unitOffline',
  severity: 'major',
  scope: { kind: 'view', viewId: 3 },
  forMinutes: 5,
} as const;
const counts = exampleAlertCounts(2, 3);
const preferences = { emailSeverities: ['critical'], mutedUntil: null };

describeSlice('alerts', alertsApi.endpoints, {
  readAlerts: {
    arg: { page: 2, state: 'firing', severity: 'major', ruleId: 2, family: '', serialNumber: 'AX1' },
    query: { page: '2', state: 'firing', severity: 'major', ruleId: '2', serialNumber: 'AX1' },
    absentQuery: ['family'],
    respond: () => json({ docs: [alert], totalDocs: 1 }),
  },
  readAlert: { arg: { id: 5 }, query: { id: '5' }, respond: () => json({ ...alert, history: [] }) },
  readAlertCounts: { arg: undefined, respond: () => json(counts) },
  acknowledgeAlerts: {
    arg: { ids: [5, 6], comment: 'On it' },
    json: { ids: [5, 6], comment: 'On it' },
    respond: () => json({ alerts: [alert] }),
  },
  resolveAlerts: { arg: { ids: [5] }, json: { ids: [5] }, respond: () => json({ alerts: [alert] }) },
  readAlertGroups: {
    arg: { page: 1, state: 'firing', countryCode: 'US' },
    query: { page: '1', state: 'firing', countryCode: 'US' },
    respond: () =>
      json({
        docs: [exampleAlertGroup],
        totalDocs: 1,
      }),
  },
  acknowledgeAlertGroup: {
    arg: { ruleId: 2, countryCode: 'US', region: null, comment: 'Carrier outage' },
    json: { ruleId: 2, countryCode: 'US', region: null, comment: 'Carrier outage' },
    respond: () => json({ ruleId: 2, countryCode: 'US', region: null, changed: 4_700 }),
  },
  resolveAlertGroup: {
    arg: { ruleId: 2, countryCode: 'US', region: 'Texas', comment: 'Back' },
    json: { ruleId: 2, countryCode: 'US', region: 'Texas', comment: 'Back' },
    respond: () => json({ ruleId: 2, countryCode: 'US', region: 'Texas', changed: 30 }),
  },
  readAlertRules: {
    arg: { page: 1 },
    query: { page: '1' },
    absentQuery: ['filterName'],
    respond: () => json({ docs: [rule], totalDocs: 1 }),
  },
  createAlertRule: { arg: ruleBody, json: ruleBody, respond: () => json(rule, 201) },
  updateAlertRule: {
    arg: { id: 2, enabled: false },
    json: { id: 2, enabled: false },
    respond: () => json(rule),
  },
  deleteAlertRule: { arg: { id: 2 }, json: { id: 2 }, respond: () => json({ deleted: true }) },
  previewAlertRule: {
    arg: ruleBody,
    json: ruleBody,
    respond: () => json({ wouldFire: 4, alreadyOffline: 2, inScope: 40, subjects: ['AX1AS0001'] }),
  },
  readSilences: {
    arg: { page: 1, status: 'active', id: 4 },
    query: { page: '1', status: 'active', id: '4' },
    respond: () => json({ docs: [silence], totalDocs: 1 }),
  },
  createSilence: {
    arg: { matcher: { ruleId: 2 }, endsAt: silence.endsAt, reason: 'Gateway maintenance' },
    json: { matcher: { ruleId: 2 }, endsAt: silence.endsAt, reason: 'Gateway maintenance' },
    respond: () => json(silence, 201),
  },
  previewSilence: {
    arg: { matcher: { families: ['aligner'] } },
    json: { matcher: { families: ['aligner'] } },
    respond: () =>
      json({
        openAlerts: 3,
        rules: [{ ruleId: 2, ruleName: 'US aligners offline', count: 3 }],
        subjects: ['AX1AS0001'],
      }),
  },
  deleteSilence: { arg: { id: 4 }, json: { id: 4 }, respond: () => json({ ...silence, status: 'expired' }) },
  readWebhooks: { arg: undefined, respond: () => json([webhook]) },
  createWebhook: {
    arg: { name: 'Pager', url: 'https://hooks.example.com/a' },
    json: { name: 'Pager', url: 'https://hooks.example.com/a' },
    respond: () => json({ ...webhook, secret: 'x'.repeat(40) }, 201),
  },
  deleteWebhook: { arg: { id: 1 }, json: { id: 1 }, respond: () => json({ deleted: true }) },
  testWebhook: { arg: { id: 1 }, json: { id: 1 }, respond: () => json(delivery, 201) },
  readWebhookDeliveries: {
    arg: { webhookId: 1, page: 1 },
    query: { webhookId: '1', page: '1' },
    respond: () => json({ docs: [delivery], totalDocs: 1 }),
  },
  readAlertPreferences: { arg: undefined, respond: () => json(preferences) },
  updateAlertPreferences: {
    arg: { muteMinutes: 60 },
    json: { muteMinutes: 60 },
    respond: () => json(preferences),
  },
});
