import { Button, Table, Tooltip, Typography, type TableColumnsType, type TableProps } from 'antd';
import {
  DeleteOutlined,
  EyeOutlined,
  FileAddOutlined,
  HistoryOutlined,
  PictureOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListRow } from '@equipment-dashboard/contract';
import { can, PAGE_SIZE, PERMISSIONS, unitCapabilities, type Role } from '@equipment-dashboard/domain';
import { CountryFlag, formatDateTime, VersionChip, type LatestVersions } from '../../shared/equipment';
import type { ListParams, ListParamsPatch, SortField } from './list-params';
import { EQUIPMENT_TEXTS as T } from './texts';
import type { UnitDialogKind } from './unit-dialogs-state';
import { usePhoneTable } from '../../shared/ui/phone-table';
import { withSelectAllTitle } from '../../shared/ui/select-all-title';

export interface EquipmentTableProps {
  rows: ListRow[];
  total: number;
  loading: boolean;
  params: ListParams;
  update: (patch: ListParamsPatch) => void;
  latest: LatestVersions;
  role: Role | undefined;
  /** The link that opens a unit's detail dialog (the current view plus `serial`). */
  detailHref: (serialNumber: string) => string;
  onAction: (kind: UnitDialogKind | 'details', serialNumber: string) => void;
  /** Row checkboxes for bulk actions, for the roles that may use them. */
  rowSelection?: TableProps<ListRow>['rowSelection'];
}

/** The columns a technician reads first, kept on a phone (the list row has no update state: the unit's dialog does). */
const PHONE_COLUMNS = ['serialNumber', 'softwareVersion', 'connected'];

function RowAction({
  label,
  icon,
  danger,
  onClick,
}: {
  label: string;
  icon: ReactNode;
  danger?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={label}>
      <Button type="text" size="small" aria-label={label} icon={icon} danger={danger} onClick={onClick} />
    </Tooltip>
  );
}

/**
 * The equipment table (console-core §2): server-paged, 10 rows, the page-size selector shown but
 * disabled; every column the server sorts is sortable. The row actions follow the list's screenshot
 * rule (console-core §5, the version part: rows carry no system class) and the delete permission
 * (console-core §6). On a phone the serial, version and Connected stay; the rest folds into the row's expansion.
 */
export function EquipmentTable(props: EquipmentTableProps) {
  const { rows, total, loading, params, update, latest, role, detailHref, onAction } = props;
  const sortOrder = (field: SortField) =>
    params.sortBy === field ? (params.sortDesc ? ('descend' as const) : ('ascend' as const)) : null;
  const mayDelete = can(role, PERMISSIONS.deleteEquipment);
  const mayTicket = can(role, PERMISSIONS.manageTickets);

  const columns: TableColumnsType<ListRow> = [
    {
      key: 'serialNumber',
      title: T.serialNumber,
      dataIndex: 'serialNumber',
      sorter: true,
      sortOrder: sortOrder('serialNumber'),
      render: (serial: string) => (
        <Link to={detailHref(serial)} style={{ fontFamily: 'monospace', fontWeight: 500 }}>
          {serial}
        </Link>
      ),
    },
    {
      key: 'countryCode',
      title: T.country,
      sorter: true,
      sortOrder: sortOrder('countryCode'),
      width: 100,
      render: (_value, row) => <CountryFlag code={row.geolocation.country_code} />,
    },
    { key: 'family', title: T.family, dataIndex: 'family', sorter: true, sortOrder: sortOrder('family') },
    {
      key: 'softwareVersion',
      title: T.softwareVersion,
      sorter: true,
      sortOrder: sortOrder('softwareVersion'),
      render: (_value, row) => (
        <VersionChip
          label={row.softwareVersion}
          version={row.softwareVersion}
          latest={latest.semantic(row.family)}
        />
      ),
    },
    {
      key: 'connected',
      title: T.connected,
      dataIndex: 'connected',
      width: 110,
      render: (connected: boolean) => (
        <Typography.Text type={connected ? undefined : 'secondary'}>
          {connected ? T.connectedYes : T.connectedNo}
        </Typography.Text>
      ),
    },
    {
      key: 'createdAt',
      title: T.createdAt,
      sorter: true,
      sortOrder: sortOrder('createdAt'),
      render: (_value, row) => <Typography.Text>{formatDateTime(row.createdAt)}</Typography.Text>,
    },
    {
      key: 'updatedAt',
      title: T.updatedAt,
      sorter: true,
      sortOrder: sortOrder('updatedAt'),
      render: (_value, row) => <Typography.Text>{formatDateTime(row.updatedAt)}</Typography.Text>,
    },
    {
      key: 'actions',
      title: T.actions,
      width: 200,
      render: (_value, row) => {
        const screenshots = unitCapabilities(
          { family: row.family, version: { semantic: row.softwareVersion }, systemClass: row.systemClass },
          latest.byFamily,
        ).screenshotInList;
        return (
          <span style={{ whiteSpace: 'nowrap' }}>
            <RowAction
              label={T.viewDetails}
              icon={<EyeOutlined />}
              onClick={() => onAction('details', row.serialNumber)}
            />
            {mayTicket && (
              <RowAction
                label={T.createTicket}
                icon={<FileAddOutlined />}
                onClick={() => onAction('ticket', row.serialNumber)}
              />
            )}
            <RowAction
              label={T.viewTicketHistory}
              icon={<HistoryOutlined />}
              onClick={() => onAction('history', row.serialNumber)}
            />
            {screenshots && (
              <RowAction
                label={T.viewScreenShots}
                icon={<PictureOutlined />}
                onClick={() => onAction('screenshots', row.serialNumber)}
              />
            )}
            {mayDelete && (
              <RowAction
                label={T.deleteEquipment}
                icon={<DeleteOutlined />}
                danger
                onClick={() => onAction('delete', row.serialNumber)}
              />
            )}
          </span>
        );
      },
    },
  ];

  const onChange: TableProps<ListRow>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      const field = one?.order ? (one.columnKey as SortField) : undefined;
      update({ sortBy: field, sortDesc: one?.order === 'descend', page: undefined });
    } else if (extra.action === 'paginate') {
      update({ page: pagination.current ?? 1 });
    }
  };

  const table = usePhoneTable<ListRow>({
    keep: PHONE_COLUMNS,
    columns,
    scroll: { x: 960 },
    pagination: {
      current: params.page,
      pageSize: PAGE_SIZE,
      total,
      pageSizeOptions: [PAGE_SIZE],
      // console-core §2: "items-per-page selection disabled": shown, not changeable.
      showSizeChanger: { disabled: true, 'aria-label': T.itemsPerPage },
      showTotal: (count) => T.total(count),
    },
  });

  return (
    <Table<ListRow>
      rowKey="serialNumber"
      size="middle"
      rowSelection={withSelectAllTitle(props.rowSelection)}
      ref={table.ref}
      columns={table.columns}
      expandable={table.expandable}
      dataSource={rows}
      loading={{ spinning: loading, delay: 150 }}
      onChange={onChange}
      scroll={table.scroll}
      pagination={table.pagination}
    />
  );
}
