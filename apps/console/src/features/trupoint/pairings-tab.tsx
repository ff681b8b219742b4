import type { TableColumnsType } from 'antd';
import { ZoomInOutlined } from '@ant-design/icons';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import { PAIRING_SORT_FIELDS, type Pairing } from '@equipment-dashboard/contract';
import {
  useReadAbortedPairingsQuery,
  useReadActivePairingsQuery,
  useReadCompletedPairingsQuery,
} from '@equipment-dashboard/api-client';
import { actionsColumn } from '../../shared/back-office/row-action';
import { ServerList } from '../../shared/back-office/server-list';
import { useListSearch } from '../../shared/back-office/use-list-search';
import { formatDateTime } from '../../shared/equipment/format';
import { PairingDetailDialog } from './pairing-detail-dialog';
import { TRUPOINT_TEXTS as T } from './texts';

/** The three pairing lists (back-office §2.9, §7.6). */
export type PairingState = 'active' | 'completed' | 'aborted';
type SortField = (typeof PAIRING_SORT_FIELDS)[number];

/** The sort, in the URL as the list call names it; no sortBy: unsorted. */
const FILTERS = { sortBy: '', sortDesc: false };

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
  const search = useListSearch(FILTERS);
  const { page, filters, setFilters } = search;
  const sortBy = isSortField(filters.sortBy) ? filters.sortBy : null;
  const [open, setOpen] = useState<Pairing | null>(null);
  const useList = LIST_QUERIES[state];
  const list = useList({ page, ...(sortBy ? { sortBy, sortDesc: filters.sortDesc } : {}) });

  const sortOrder = (field: SortField) =>
    sortBy === field ? (filters.sortDesc ? ('descend' as const) : ('ascend' as const)) : null;
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
  columns.push(
    actionsColumn(T.actions, 80, (pairing) => [
      { label: T.viewPairing, icon: <ZoomInOutlined />, onClick: () => setOpen(pairing) },
    ]),
  );

  const onSort = (sorter: SorterResult<Pairing>) => {
    if (!sorter.order || !isSortField(sorter.columnKey)) setFilters({ sortBy: '', sortDesc: false });
    else setFilters({ sortBy: sorter.columnKey, sortDesc: sorter.order === 'descend' });
  };

  return (
    <>
      <ServerList<Pairing> result={list} search={search} columns={columns} onSort={onSort} />
      {open && <PairingDetailDialog pairing={open} state={state} onClose={() => setOpen(null)} />}
    </>
  );
}
