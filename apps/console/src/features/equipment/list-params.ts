import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ALIGNER_SORT_FIELDS, type QueryOf, type readAligners } from '@equipment-dashboard/contract';
import { FAMILIES, type Family } from '@equipment-dashboard/domain';

/** A column the list can be sorted by (every column the server sorts, console-core §7 `sortBy`). */
export type SortField = (typeof ALIGNER_SORT_FIELDS)[number];

/** The text filters of console-core §2, named as the list call names them. */
export const TEXT_FILTERS = ['filterSerialNumber', 'filterCountryCode', 'filterSoftwareVersion'] as const;
export type TextFilter = (typeof TEXT_FILTERS)[number];

/** What the equipment screen shows, all of it in the URL so that a link reproduces the view. */
export interface ListParams {
  page: number;
  sortBy: SortField | undefined;
  sortDesc: boolean;
  filterSerialNumber: string;
  filterCountryCode: string;
  filterSoftwareVersion: string;
  filterFamily: Family | undefined;
  /** The Connected filter: connected units only ('true'), offline ones only ('false'), or both. */
  filterConnected: 'true' | 'false' | undefined;
  /** The unit whose detail dialog is open (`/Aligners?serial=...`, as the top bar's search links). */
  serial: string | null;
}

/** The URL keys of {@link ListParams}. */
type ParamKey = keyof ListParams;

const isSortField = (value: string | null): value is SortField =>
  value !== null && (ALIGNER_SORT_FIELDS as readonly string[]).includes(value);
const isFamily = (value: string | null): value is Family =>
  value !== null && (FAMILIES as readonly string[]).includes(value);

/** Reads the screen's state from the query string; anything unreadable is left at its default. */
function parseListParams(search: URLSearchParams): ListParams {
  const page = Number(search.get('page'));
  const sortBy = search.get('sortBy');
  const family = search.get('filterFamily');
  const connected = search.get('filterConnected');
  const serial = search.get('serial')?.trim().toUpperCase();
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sortBy: isSortField(sortBy) ? sortBy : undefined,
    sortDesc: search.get('sortDesc') === 'true',
    filterSerialNumber: search.get('filterSerialNumber') ?? '',
    filterCountryCode: search.get('filterCountryCode') ?? '',
    filterSoftwareVersion: search.get('filterSoftwareVersion') ?? '',
    filterFamily: isFamily(family) ? family : undefined,
    filterConnected: connected === 'true' || connected === 'false' ? connected : undefined,
    serial: serial ? serial : null,
  };
}

/** The list call's query for the screen's state. */
export function listQuery(params: ListParams): QueryOf<typeof readAligners> {
  return {
    page: params.page,
    filterSerialNumber: params.filterSerialNumber.trim(),
    filterCountryCode: params.filterCountryCode.trim(),
    filterSoftwareVersion: params.filterSoftwareVersion.trim(),
    filterFamily: params.filterFamily ?? '',
    // As text: a saved view keeps 'false' (it leaves out a false value as "no filter").
    filterConnected: params.filterConnected ?? '',
    sortBy: params.sortBy ?? '',
    // Sent only when it says something: descending order of a sorted column.
    sortDesc: params.sortBy && params.sortDesc ? true : undefined,
  };
}

/** A change of the screen's state; `undefined`, '', false and page 1 are the defaults and leave the URL. */
export type ListParamsPatch = Partial<{ [K in ParamKey]: ListParams[K] | undefined }>;

/**
 * The equipment screen's state in the URL (react-router `useSearchParams`): page, sort, filters and the
 * open unit. A filter change goes back to page 1. Filter typing replaces the history entry rather than
 * pushing one per keystroke.
 */
export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(search), [search]);

  const update = useCallback(
    (patch: ListParamsPatch, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          const filterChanged =
            TEXT_FILTERS.some((key) => key in patch) || 'filterFamily' in patch || 'filterConnected' in patch;
          if (filterChanged && !('page' in patch)) next.delete('page');
          for (const [key, value] of Object.entries(patch) as [
            ParamKey,
            ListParams[ParamKey] | undefined,
          ][]) {
            const isDefault =
              value === undefined ||
              value === null ||
              value === '' ||
              value === false ||
              (key === 'page' && value === 1);
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

  /** Closes the detail dialog of `serial`, unless the URL has moved on to another unit meanwhile. */
  const closeUnit = useCallback(
    (serial: string) => {
      setSearch((current) => {
        if (current.get('serial')?.trim().toUpperCase() !== serial) return current;
        const next = new URLSearchParams(current);
        next.delete('serial');
        return next;
      });
    },
    [setSearch],
  );

  return { params, update, closeUnit };
}
