import { Button, Table, type TableColumnsType, type TablePaginationConfig } from 'antd';
import { ZoomInOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import {
  PAIRING_SORT_FIELDS,
  useReadAbortedPairingsQuery,
  useReadActivePairingsQuery,
  useReadCompletedPairingsQuery,
  type Pairing,
} from '@equipment-dashboard/api';
import { serverPagination } from '../../shared/back-office/pagination';
import { RowAction } from '../../shared/back-office/row-action';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { usePageFor } from '../../shared/back-office/use-debounced';
import { usePageInRange } from '../../shared/back-office/use-page-in-range';
import { formatDateTime } from '../../shared/equipment/format';
import { PairingDetailDialog } from './pairing-detail-dialog';
import { TRUPOINT_TEXTS as T } from './texts';

/** The three pairing lists (back-office §2.9, §7.6). */
export type PairingState = 'active' | 'completed' | 'aborted';
type SortField = (typeof PAIRING_SORT_FIELDS)[number];
interface Sort {
  sortBy: SortField;
  sortDesc: boolean;
}

const LIST_QUERIES = {
  active: useReadActivePairingsQuery,
  completed: useReadCompletedPairingsQuery,
  aborted: useReadAbortedPairingsQuery,
} as const;

const isSortField = (key: unknown): key is SortField =>
  typeof key === 'string' && (PAIRING_SORT_FIELDS as readonly string[]).includes(key);

/**
 * One pairing list (back-office §2.9): server-paged, sortable by Vendor, Tru-Point Serial Number and
 * Created At (sortBy/sortDesc; unsorted lists come newest first from the server), Updated At on Active
 * only, Reason on Aborted only, and a zoom icon that opens the detail dialog.
 */
export function PairingsTab({ state }: { state: PairingState }) {
  const [sort, setSort] = useState<Sort | null>(null);
  const [page, setPage] = usePageFor(sort ? `${sort.sortBy}|${sort.sortDesc}` : '');
  const [open, setOpen] = useState<Pairing | null>(null);
  const useList = LIST_QUERIES[state];
  const { data, isFetching, error, refetch } = useList({
    page,
    ...(sort ? { sortBy: sort.sortBy, sortDesc: sort.sortDesc } : {}),
  });
  usePageInRange(data?.totalDocs, Boolean(data) && !isFetching, page, setPage);

  const sortOrder = (field: SortField) =>
    sort?.sortBy === field ? (sort.sortDesc ? ('descend' as const) : ('ascend' as const)) : null;
  const sortable = (field: SortField) => ({
    sorter: true,
    sortOrder: sortOrder(field),
    showSorterTooltip: false,
  });

  const columns: TableColumnsType<Pairing> = [
    { key: 'vendor', title: T.vendor, dataIndex: 'vendor', ...sortable('vendor') },
    { key: 'vendorKey', title: T.vendorKey, dataIndex: 'vendorKey' },
    { key: 'alignmentId', title: T.alignmentId, dataIndex: 'alignmentId' },
    {
      key: 'truPointSerialNumber',
      title: T.truPointSerialNumber,
      dataIndex: 'truPointSerialNumber',
      ...sortable('truPointSerialNumber'),
    },
    {
      key: 'createdAt',
      title: T.createdAt,
      render: (_value, pairing) => formatDateTime(pairing.createdAt),
      ...sortable('createdAt'),
    },
  ];
  if (state === 'active') {
    columns.push({
      key: 'updatedAt',
      title: T.updatedAt,
      render: (_value, pairing) => formatDateTime(pairing.updatedAt),
    });
  }
  if (state === 'aborted') columns.push({ key: 'reason', title: T.reason, dataIndex: 'reason' });
  columns.push({
    key: 'actions',
    title: T.actions,
    width: 80,
    render: (_value, pairing) => (
      <RowAction label={T.viewPairing} icon={<ZoomInOutlined />} onClick={() => setOpen(pairing)} />
    ),
  });

  const onChange = (
    _pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<Pairing> | SorterResult<Pairing>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    if (!one?.order || !isSortField(one.columnKey)) setSort(null);
    else setSort({ sortBy: one.columnKey, sortDesc: one.order === 'descend' });
  };

  return (
    <>
      {error && !data && (
        <ServerErrorAlert
          problem={serverProblem(error)}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {BACK_OFFICE_TEXTS.retry}
            </Button>
          }
        />
      )}
      <Table<Pairing>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={data?.docs ?? []}
        loading={{ spinning: isFetching, delay: 150 }}
        pagination={serverPagination(page, data?.totalDocs ?? 0, setPage)}
        onChange={(pagination, filters, sorter, extra) => {
          if (extra.action === 'sort') onChange(pagination, filters, sorter);
        }}
      />
      {open && <PairingDetailDialog pairing={open} state={state} onClose={() => setOpen(null)} />}
    </>
  );
}
