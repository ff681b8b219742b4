import { Flex, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useCallback, type ReactNode } from 'react';
import { ExportCsvButton } from './export-csv-button';
import { serverPagination } from './pagination';
import { RetryAlert } from './server-error-alert';
import type { SearchWrite } from './use-list-search';
import { usePageInRange } from './use-page-in-range';
import { FiltersSheet } from '../ui/filters-sheet';
import { usePhoneTable } from '../ui/phone-table';
import { withSelectAllTitle } from '../ui/select-all-title';

/** A paged list call as an RTK Query hook answers it. */
export interface PagedResult<Row> {
  data?: { docs: Row[]; totalDocs: number };
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
  /** The RTK Query endpoint that answered (its Export CSV is found by it). */
  endpointName?: string;
  /** The query the list was last asked with (what Export CSV exports). */
  originalArgs?: unknown;
}

export interface ServerListProps<Row extends object> {
  result: PagedResult<Row>;
  /** The list's page, in the URL (`useListSearch`). */
  search: { page: number; setPage: (page: number, write?: SearchWrite) => void };
  columns: TableColumnsType<Row>;
  /** Which field keys a row: its `id` unless told otherwise. */
  rowKey?: TableProps<Row>['rowKey'];
  /** The list's filters, at the start of the toolbar. */
  filters?: ReactNode;
  /** The screen's buttons (Create New ...), at the end of the toolbar. */
  actions?: ReactNode;
  /** What an empty page says; antd's own words when not given. */
  emptyText?: ReactNode;
  scroll?: TableProps<Row>['scroll'];
  /** A sortable header was clicked: the sort the server should apply (no `order`: unsorted). */
  onSort?: (sorter: SorterResult<Row>) => void;
  /** Shows Export CSV when the list's call has a CSV export (default); false hides it. */
  exportCsv?: boolean;
  /** Rows the user may select for an action on several (checkboxes); none when not given. */
  rowSelection?: TableProps<Row>['rowSelection'];
  /** Rows that open to show more (a group's members); none when not given. */
  expandable?: TableProps<Row>['expandable'];
  /**
   * The keys of the columns that matter first, which stay on a phone (the others fold into the row's expansion):
   * the first two columns and the row actions when not given.
   */
  phoneColumns?: readonly string[];
  /** How many of `filters` are set: a phone's Filters button says it. */
  filtersSet?: number;
}

/**
 * The server-paged list of the back-office screens (back-office §2, §9): a toolbar of filters and
 * buttons, the server's sentence with Retry when the list cannot be loaded, and a table of 10 rows
 * whose items-per-page selector shows but is disabled. A page past the end (its last row deleted, a
 * stale link) gives way to the last page. On a phone the filters go to a sheet and the table keeps the columns
 * that matter first (usePhoneTable).
 */
export function ServerList<Row extends object>({
  result,
  search: { page, setPage },
  columns,
  rowKey = 'id',
  filters,
  actions,
  emptyText,
  scroll,
  onSort,
  exportCsv = true,
  rowSelection,
  expandable,
  phoneColumns,
  filtersSet,
}: ServerListProps<Row>) {
  const { data, isFetching, error, refetch, endpointName, originalArgs } = result;
  // The list's own call and query say what to export: every screen on this list gets the button.
  const exportButton =
    exportCsv && endpointName && typeof originalArgs === 'object' && originalArgs !== null ? (
      <ExportCsvButton list={endpointName} query={originalArgs} />
    ) : null;
  const toLastPage = useCallback((last: number) => setPage(last, { replace: true }), [setPage]);
  usePageInRange(data?.totalDocs, Boolean(data) && !isFetching, page, toLastPage);
  const table = usePhoneTable<Row>({
    keep: phoneColumns,
    columns,
    expandable,
    scroll,
    pagination: serverPagination(page, data?.totalDocs ?? 0, (next) => setPage(next)),
  });

  return (
    <>
      {(filters || actions || exportButton) && (
        <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
          {filters && (
            <FiltersSheet
              set={filtersSet}
              inline={(shown) => (
                <Flex gap={12} wrap align="center">
                  {shown}
                </Flex>
              )}
            >
              {filters}
            </FiltersSheet>
          )}
          <Flex gap={12} wrap align="center">
            {exportButton}
            {actions}
          </Flex>
        </Flex>
      )}
      {Boolean(error) && !data && <RetryAlert error={error} onRetry={refetch} />}
      <Table<Row>
        rowKey={rowKey}
        size="middle"
        ref={table.ref}
        columns={table.columns}
        dataSource={data?.docs ?? []}
        loading={{ spinning: isFetching, delay: 150 }}
        scroll={table.scroll}
        rowSelection={withSelectAllTitle(rowSelection)}
        expandable={table.expandable}
        locale={emptyText === undefined ? undefined : { emptyText }}
        pagination={table.pagination}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (onSort && extra.action === 'sort') onSort(Array.isArray(sorter) ? (sorter[0] ?? {}) : sorter);
        }}
      />
    </>
  );
}
