import { ALERT_SEVERITIES, FAMILIES, type AlertSeverity, type AlertState } from '@equipment-dashboard/domain';
import type { ListView } from '../../shared/back-office/use-list-search';

/** The alerts lists' filters as the URL holds them (the keys are the list call's own). */
export const ALERT_FILTERS = { severity: '', ruleId: '', family: '', serialNumber: '' };
export type AlertFilters = typeof ALERT_FILTERS;

const isSeverity = (value: string): value is AlertSeverity =>
  (ALERT_SEVERITIES as readonly string[]).includes(value);
const isFamily = (value: string) => (FAMILIES as readonly string[]).includes(value);

/**
 * The alerts list call's query for a tab's state and the URL's view. A value the URL holds that the call would
 * refuse (a hand-edited severity, a rule id that is not a number) is left out rather than sent.
 */
export function alertsQuery(state: AlertState, { page, filters }: ListView<AlertFilters>) {
  return {
    page,
    state,
    severity: isSeverity(filters.severity) ? filters.severity : undefined,
    ruleId: /^[1-9]\d{0,9}$/.test(filters.ruleId) ? Number(filters.ruleId) : undefined,
    family: isFamily(filters.family) ? filters.family : undefined,
    serialNumber: filters.serialNumber.trim() || undefined,
  };
}
