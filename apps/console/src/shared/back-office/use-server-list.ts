import type { PagedResult } from './server-list';
import { useListSearch, type ListFilters, type ListQuery, type ListSearch } from './use-list-search';

/** A server-paged list's call as RTK Query generates it (`useReadUsersQuery` ...). */
export type ListCall<Q, Row extends object> = (query: Q, options?: { skip?: boolean }) => PagedResult<Row>;

/** What a back-office list screen hands to its ServerList (or ListScreen): the URL's page and filters, the call's answer. */
export interface ServerListState<F extends ListFilters, Row extends object> {
  search: ListSearch<F>;
  result: PagedResult<Row>;
}

export interface ServerListOptions<Q> {
  /** What the call is asked besides the page and the filters (the signed-in user, a tab's fixed filters). */
  query?: Q;
  /** Asks nothing yet (a role that may not see the list). */
  skip?: boolean;
}

/**
 * A server-paged list's page and filters in the URL (`useListSearch`) and its call asked with them:
 * `<ListScreen {...useServerList(useReadUsersQuery, FILTERS)} ... />`.
 */
export function useServerList<F extends ListFilters, Row extends object, Q extends object = object>(
  useList: ListCall<ListQuery<F> & NoInfer<Q>, Row>,
  filters: F,
  { query, skip = false }: ServerListOptions<Q> = {},
): ServerListState<F, Row> {
  const search = useListSearch(filters);
  const result = useList({ ...search.query, ...query } as ListQuery<F> & Q, { skip });
  return { search, result };
}
