import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** A list's filters, named as its server call names them, each at its empty value: '' or false. */
export type ListFilters = Record<string, string | boolean>;

/** The filters of a list that has none: only its page is in the URL. */
export const NO_FILTERS: Record<string, never> = {};

/** How a change goes into the history: typing and corrections replace the entry instead of adding one. */
export interface SearchWrite {
  replace?: boolean;
}

/** What a server-paged list shows: its page and its filters. */
export interface ListView<F extends ListFilters> {
  page: number;
  filters: F;
}

/** A list's view as its call asks for it: the page, and each filter, a blank text left out (undefined). */
export type ListQuery<F extends ListFilters> = { page: number } & {
  [K in keyof F]: F[K] extends string ? string | undefined : F[K];
};

export interface ListSearch<F extends ListFilters> extends ListView<F> {
  /** The view as the list call's argument. */
  query: ListQuery<F>;
  setPage: (page: number, write?: SearchWrite) => void;
  /** Changes filters and goes back to page 1. */
  setFilters: (patch: Partial<F>, write?: SearchWrite) => void;
}

/** Reads a list's view from a query string; anything missing or unreadable is left at its empty value. */
function readListView<F extends ListFilters>(search: URLSearchParams, empty: F): ListView<F> {
  const page = Number(search.get('page'));
  const filters = Object.fromEntries(
    Object.entries(empty).map(([key, blank]) => {
      const value = search.get(key);
      return [key, typeof blank === 'boolean' ? value === 'true' : (value ?? blank)];
    }),
  ) as F;
  return { page: Number.isInteger(page) && page >= 1 ? page : 1, filters };
}

/** A view as a list call's argument: blank texts are left out, so that the server does not filter by them. */
function listQuery<F extends ListFilters>({ page, filters }: ListView<F>): ListQuery<F> {
  const asked = Object.entries(filters).map(([key, value]) => [key, value === '' ? undefined : value]);
  return { page, ...Object.fromEntries(asked) } as ListQuery<F>;
}

/** The query string after a change: '', false and page 1 leave the URL. */
function writeListView(
  current: URLSearchParams,
  patch: Record<string, string | boolean | number | undefined>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || value === false || (key === 'page' && value === 1))
      next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/**
 * A server-paged list's page and filters in the URL (react-router), so that a link or a reload shows the
 * same rows: `?page=2&filterUsername=ann`. The keys are the list call's own.
 */
export function useListSearch<F extends ListFilters>(empty: F): ListSearch<F> {
  const [search, setSearch] = useSearchParams();
  // react-router builds a functional update from the query string of the last render, so two writes
  // before the next render (two typed filters settling together) would lose the first: each write
  // starts from the one before it.
  const latest = useRef(search);
  useLayoutEffect(() => {
    latest.current = search;
  }, [search]);

  const write = useCallback(
    (patch: Record<string, string | boolean | number | undefined>, { replace = false }: SearchWrite = {}) => {
      const next = writeListView(latest.current, patch);
      latest.current = next;
      setSearch(next, { replace });
    },
    [setSearch],
  );
  const setPage = useCallback((page: number, options?: SearchWrite) => write({ page }, options), [write]);
  const setFilters = useCallback(
    (patch: Partial<F>, options?: SearchWrite) => write({ ...patch, page: 1 }, options),
    [write],
  );

  const emptyKey = JSON.stringify(empty);
  const view = useMemo(() => readListView(search, JSON.parse(emptyKey) as F), [search, emptyKey]);
  const query = useMemo(() => listQuery(view), [view]);
  return { ...view, query, setPage, setFilters };
}
