import type { AlertGroup } from '@equipment-dashboard/contract';
import { ALERT_SHARED_TEXTS as T } from './texts';

/** A group's place as a label: "United States", "California, United States", "Rest of the United States". */
export function placeLabel(group: Pick<AlertGroup, 'placeName'>): string {
  if (!group.placeName) return T.noPlace;
  const name = group.placeName.replace(/^the /, '');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** A group as dialogs and the bell name it: "US unit offline in United States". */
export function groupLabel(group: Pick<AlertGroup, 'ruleName' | 'placeName'>): string {
  return group.placeName ? T.groupOf(group.ruleName, placeLabel(group)) : T.groupWithoutPlace(group.ruleName);
}

/** The Alerts screen's list of a group's alerts: its rule and place. */
export function groupAlertsPath(group: Pick<AlertGroup, 'ruleId' | 'countryCode' | 'region'>): string {
  const query = new URLSearchParams({ view: 'list', ruleId: String(group.ruleId) });
  if (group.countryCode) query.set('countryCode', group.countryCode);
  if (group.region) query.set('region', group.region);
  return `/Alerts?${query.toString()}`;
}
