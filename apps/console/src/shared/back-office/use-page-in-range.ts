import { useEffect } from 'react';
import { lastPageOf } from './pagination';

/**
 * Keeps a server-paged list on a page that exists: when the last row of the last page goes (a deletion
 * elsewhere, a narrower filter), the page before is shown instead of an empty table.
 */
export function usePageInRange(
  total: number | undefined,
  settled: boolean,
  page: number,
  setPage: (page: number) => void,
): void {
  useEffect(() => {
    if (total !== undefined && settled && page > lastPageOf(total)) setPage(lastPageOf(total));
  }, [total, settled, page, setPage]);
}
