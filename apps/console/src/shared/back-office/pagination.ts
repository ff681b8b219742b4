import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { BACK_OFFICE_TEXTS as T } from './texts';

/**
 * The pagination of a server-paged back-office table (back-office §2, §9): 10 rows, the items-per-page
 * selector shown but disabled, the server pages.
 */
export function serverPagination(
  page: number,
  total: number,
  onPage: (page: number) => void,
): TablePaginationConfig {
  return {
    current: page,
    pageSize: PAGE_SIZE,
    total,
    pageSizeOptions: [PAGE_SIZE],
    showSizeChanger: { disabled: true, 'aria-label': T.itemsPerPage },
    showTotal: (count) => T.total(count),
    onChange: (next) => onPage(next),
  };
}

/** The last page of a list of `total` rows (1 for an empty list). */
export function lastPageOf(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
