import { ALERT_SEVERITIES, FAMILIES, type AlertSeverity, type AlertState } from '@equipment-dashboard/domain';
import type { ListView } from '../../shared/back-office/use-list-search';

/**
 * The alerts lists' filters as the URL holds them (the keys are the list call's own; the map links to a place's
 * alerts with `countryCode` and `region`), and `view`: 'groups' or 'list' when chosen (else the screen decides).
 */
export const ALERT_FILTERS = {
  severity: '',
  ruleId: '',
  family: '',
  serialNumber: '',
  countryCode: '',
  region: '',
  view: '',
};
export type AlertFilters = typeof ALERT_FILTERS;

/** The views of an alerts tab: grouped by rule and place, or one row per alert. */
export type AlertsView = 'groups' | 'list';

const isSeverity = (value: string): value is AlertSeverity =>
  (ALERT_SEVERITIES as readonly string[]).includes(value);
const isFamily = (value: string) => (FAMILIES as readonly string[]).includes(value);

/** The view the URL chose, if any. */
export function chosenView(filters: AlertFilters): AlertsView | null {
  return filters.view === 'groups' || filters.view === 'list' ? filters.view : null;
}

/**
 * The alerts list call's query for a tab's state and the URL's view. A value the URL holds that the call would
 * refuse (a hand-edited severity, a rule id that is not a number, a country code that is not two letters) is left
 * out rather than sent.
 */
export function alertsQuery(state: AlertState, { page, filters }: ListView<AlertFilters>) {
  return {
    page,
    state,
    severity: isSeverity(filters.severity) ? filters.severity : undefined,
    ruleId: /^[1-9]\d{0,9}$/.test(filters.ruleId) ? Number(filters.ruleId) : undefined,
    family: isFamily(filters.family) ? filters.family : undefined,
    serialNumber: filters.serialNumber.trim() || undefined,
    countryCode: /^[A-Za-z]{2}$/.test(filters.countryCode.trim()) ? filters.countryCode.trim() : undefined,
    region: filters.region.trim() || undefined,
  };
}

/** The groups call's query for a tab's state (an open one) and the URL's view: the same filters. */
export function alertGroupsQuery(
  state: Exclude<AlertState, 'resolved'>,
  view: ListView<AlertFilters>,
): ReturnType<typeof alertsQuery> & { state: Exclude<AlertState, 'resolved'> } {
  return { ...alertsQuery(state, view), state };
}
