import type { Alert } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment/format';
import { ALERTS_TEXTS as T } from './texts';

/** Kinds whose alert starts when its unit was last seen online (its last report). */
const UNIT_DROPS: ReadonlySet<Alert['kind']> = new Set(['unitOffline']);

/**
 * An alert's "Why": the cause the server gives (a planned outage or silence's reason, the place-wide drop of an open
 * alert's group), else for a unit offline what is known: when the unit last reported (the alert's start, when it was
 * last seen online), or that it never did (the server starts those at the epoch).
 */
export function alertWhy(alert: Pick<Alert, 'cause' | 'kind' | 'startedAt' | 'state'>): string {
  if (alert.cause) return alert.cause;
  if (!UNIT_DROPS.has(alert.kind)) return '';
  if (Date.parse(alert.startedAt) <= 0) return T.neverReported;
  return T.lastReport(formatDateTime(alert.startedAt), alert.state !== 'resolved');
}
