import type { AlertSeverity } from '@equipment-dashboard/domain';

/** Texts of the alert pieces the bell's drawer and the Alerts screen share (the words are ours: the spec leaves the bell without behaviour). */
export const ALERT_SHARED_TEXTS = {
  severityLabels: {
    critical: 'Critical',
    major: 'Major',
    minor: 'Minor',
    warning: 'Warning',
  } satisfies Record<AlertSeverity, string>,
  unit: (serial: string) => serial,
  service: (name: string) => `Service ${name}`,
  rollout: (id: number) => `Rollout ${id}`,
  ticket: (id: number) => `Ticket ${id}`,
  scope: (percent: number | undefined) =>
    percent === undefined ? 'The rule’s units' : `The rule’s units (${percent}% connected)`,
  noPlace: 'No place',
  groupOf: (rule: string, place: string) => `${rule} in ${place}`,
  groupWithoutPlace: (rule: string) => `${rule} (no place)`,
} as const;
