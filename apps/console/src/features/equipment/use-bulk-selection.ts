import type { TableProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { CreateBulkActionBody, ListRow } from '@equipment-dashboard/contract';
import { listQuery, type ListParams } from './list-params';

/** The equipment list's selection for bulk actions: rows picked one by one (across pages), or all units matching the filters. */
export interface BulkSelection {
  /** How many units the selection holds. */
  count: number;
  /** How many units match the filters. */
  total: number;
  allMatching: boolean;
  /** Every row of the page is picked and more units match: offer "all N matching" (Gmail style). */
  canSelectAllMatching: boolean;
  /** What the create call sends. */
  body: CreateBulkActionBody['selection'];
  rowSelection: NonNullable<TableProps<ListRow>['rowSelection']>;
  selectAllMatching(): void;
  clear(): void;
}

/** The list's filters only (no page or sort): a change of them starts the selection again. */
function filtersOf(params: ListParams) {
  const { filterSerialNumber, filterCountryCode, filterSoftwareVersion, filterFamily, filterConnected } =
    listQuery(params);
  // Connected only when it filters: a job's stored query then reads as before for every list without it.
  return {
    filterSerialNumber,
    filterCountryCode,
    filterSoftwareVersion,
    filterFamily,
    ...(filterConnected ? { filterConnected } : {}),
  };
}

export function useBulkSelection(params: ListParams, rows: readonly ListRow[], total: number): BulkSelection {
  const filters = filtersOf(params);
  const filtersKey = JSON.stringify(filters);
  const [keys, setKeys] = useState<string[]>([]);
  const [allMatching, setAllMatching] = useState(false);

  const clear = useCallback(() => {
    setKeys([]);
    setAllMatching(false);
  }, []);
  useEffect(clear, [filtersKey, clear]);

  return useMemo(() => {
    const pageKeys = rows.map((row) => row.serialNumber);
    const pagePicked = pageKeys.length > 0 && pageKeys.every((key) => keys.includes(key));
    return {
      count: allMatching ? total : keys.length,
      total,
      allMatching,
      canSelectAllMatching: !allMatching && pagePicked && total > keys.length,
      body: allMatching
        ? { query: JSON.parse(filtersKey) as ReturnType<typeof filtersOf> }
        : { serials: keys },
      rowSelection: {
        selectedRowKeys: allMatching ? pageKeys : keys,
        preserveSelectedRowKeys: true,
        onChange: (next) => {
          // Unticking a row of "all matching" goes back to the rows as ticked.
          setAllMatching(false);
          setKeys(next.map(String));
        },
      },
      selectAllMatching: () => setAllMatching(true),
      clear,
    };
  }, [allMatching, total, keys, filtersKey, rows, clear]);
}
