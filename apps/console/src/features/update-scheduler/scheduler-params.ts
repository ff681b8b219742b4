import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  SCHEDULER_SORT_FIELDS,
  type QueryOf,
  type readUpdateschedulerAligners,
} from '@equipment-dashboard/contract';
import { FAMILIES, type Family } from '@equipment-dashboard/domain';

/** A sortable column (the `sortBy` values of the contract). */
export type SchedulerSortField = (typeof SCHEDULER_SORT_FIELDS)[number];

/** The sub-tabs of each family: the table, Daily Activity and Hourly Activity. */
export const VIEWS = ['table', 'daily', 'hourly'] as const;
export type SchedulerView = (typeof VIEWS)[number];

/** The toolbar's text filters (back-office §2.4), named as the list call names them, in toolbar order. */
export const TEXT_FILTERS = [
  'filterState',
  'filterCountryCode',
  'filterSoftwareVersion',
  'filterFamily',
  'filterSerialNumber',
] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** What the Update Scheduler shows, all in the URL so that a link reproduces the view. */
export interface SchedulerParams {
  family: Family;
  view: SchedulerView;
  page: number;
  sortBy: SchedulerSortField | undefined;
  sortDesc: boolean;
  onlyConnected: boolean;
  onlyStaged: boolean;
  filterState: string;
  filterCountryCode: string;
  filterSoftwareVersion: string;
  /** The family filter as typed (a text filter, back-office §2.4). */
  filterFamily: string;
  filterSerialNumber: string;
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  value !== null && (values as readonly string[]).includes(value);

/** Reads the view from the query string; anything unreadable is left at its default. */
function parseSchedulerParams(search: URLSearchParams): SchedulerParams {
  const family = search.get('family');
  const view = search.get('view');
  const sortBy = search.get('sortBy');
  const page = Number(search.get('page'));
  return {
    family: oneOf(FAMILIES, family) ? family : 'aligner',
    view: oneOf(VIEWS, view) ? view : 'table',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sortBy: oneOf(SCHEDULER_SORT_FIELDS, sortBy) ? sortBy : undefined,
    sortDesc: search.get('sortDesc') === 'true',
    onlyConnected: search.get('onlyConnected') === 'true',
    onlyStaged: search.get('onlyStaged') === 'true',
    filterState: search.get('filterState') ?? '',
    filterCountryCode: search.get('filterCountryCode') ?? '',
    filterSoftwareVersion: search.get('filterSoftwareVersion') ?? '',
    filterFamily: search.get('filterFamily') ?? '',
    filterSerialNumber: search.get('filterSerialNumber') ?? '',
  };
}

/**
 * The family filter of a family's table. The spec makes it a text filter, like the others (a prefix,
 * any case); the call takes a family name. Each table holds one family, so text that starts that
 * family's name keeps every row (sent as the family), and any other text keeps none: `none` is true
 * and the screen shows an empty table without asking.
 */
export function familyFilter(text: string, family: Family): { filterFamily: Family | ''; none: boolean } {
  const typed = text.trim().toLowerCase();
  if (typed === '') return { filterFamily: '', none: false };
  return family.startsWith(typed) ? { filterFamily: family, none: false } : { filterFamily: '', none: true };
}

/** The device list call's query for the view (defaults are left out of the call). */
export function schedulerQuery(params: SchedulerParams): QueryOf<typeof readUpdateschedulerAligners> {
  return {
    page: params.page,
    filterSerialNumber: params.filterSerialNumber.trim(),
    filterCountryCode: params.filterCountryCode.trim(),
    filterSoftwareVersion: params.filterSoftwareVersion.trim(),
    filterFamily: familyFilter(params.filterFamily, params.family).filterFamily,
    filterState: params.filterState.trim(),
    sortBy: params.sortBy ?? '',
    sortDesc: params.sortBy && params.sortDesc ? true : undefined,
    onlyConnected: params.onlyConnected ? true : undefined,
    onlyStaged: params.onlyStaged ? true : undefined,
  };
}

/** A change of the view; undefined, '', false, page 1 and the default family and view leave the URL. */
export type SchedulerPatch = Partial<{ [K in keyof SchedulerParams]: SchedulerParams[K] | undefined }>;

/** Keys whose change starts the list again at page 1. */
const LIST_KEYS: readonly (keyof SchedulerParams)[] = [
  ...TEXT_FILTERS,
  'onlyConnected',
  'onlyStaged',
  'sortBy',
  'sortDesc',
];
/** Keys that belong to one family's table: another family starts with none of them. */
const TABLE_KEYS: readonly (keyof SchedulerParams)[] = [...LIST_KEYS, 'page'];

/**
 * The Update Scheduler's view in the URL (react-router): family tab, sub-tab, page, sort, boxes and
 * filters. A filter or box change goes back to page 1; another family tab starts with a clean table.
 * react-router hands a functional update the query string of the last render, so callers make one
 * change per moment (the toolbar sends all its typed filters in one patch).
 */
export function useSchedulerParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseSchedulerParams(search), [search]);
  const update = useCallback(
    (patch: SchedulerPatch, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          if ('family' in patch && patch.family !== (current.get('family') ?? 'aligner')) {
            for (const key of TABLE_KEYS) next.delete(key);
          }
          if (LIST_KEYS.some((key) => key in patch) && !('page' in patch)) next.delete('page');
          for (const [key, value] of Object.entries(patch)) {
            const isDefault =
              value === undefined ||
              value === '' ||
              value === false ||
              (key === 'page' && value === 1) ||
              (key === 'family' && value === 'aligner') ||
              (key === 'view' && value === 'table');
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options.replace ?? false },
      );
    },
    [setSearch],
  );

  return { params, update };
}
