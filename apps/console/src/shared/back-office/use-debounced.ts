import { useCallback, useEffect, useState } from 'react';

/** How long a typed filter waits before it asks the server: one call per word, not per keystroke. */
export const FILTER_PAUSE_MS = 300;

/** The value once it has stopped changing for `ms`. */
export function useDebounced<T>(value: T, ms: number = FILTER_PAUSE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The page of a list whose filters are summed up by `filterKey`: back to page 1 as soon as the filters
 * change (in the same render, so the old page is never asked with the new filters).
 */
export function usePageFor(filterKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ page: 1, filterKey });
  const page = state.filterKey === filterKey ? state.page : 1;
  const setPage = useCallback((next: number) => setState({ page: next, filterKey }), [filterKey]);
  return [page, setPage];
}
