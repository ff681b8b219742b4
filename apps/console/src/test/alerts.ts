import type { Alert, AlertCounts, AlertRule } from '@equipment-dashboard/contract';

const at = '2025-01-06T12:00:00.000Z';

/** An alert as the lists answer it: a firing unit offline alert unless told otherwise. */
export function alertRow(id: number, overrides: Partial<Alert> = {}): Alert {
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
export function alertCounts(unacknowledged: number, firing = unacknowledged): AlertCounts {
  return { firing, unacknowledged, bySeverity: { critical: 0, major: firing, minor: 0, warning: 0 } };
}

/** A rule as the rules list answers it. */
export function alertRule(id: number, overrides: Partial<AlertRule> = {}): AlertRule {
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
