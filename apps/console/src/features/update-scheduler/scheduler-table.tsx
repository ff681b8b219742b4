import { Table, Typography, type TableColumnsType, type TableProps } from 'antd';
import type { UpdateSchedulerDevice } from '@equipment-dashboard/contract';
import { schedulerDeviceDisplay, versionLabel } from '@equipment-dashboard/domain';
import { serverPagination } from '../../shared/back-office/pagination';
import { CountryFlag, formatDateTime, VersionChip } from '../../shared/equipment';
import type { SchedulerParams, SchedulerPatch, SchedulerSortField } from './scheduler-params';
import { SCHEDULER_TEXTS as T } from './texts';

export interface SchedulerTableProps {
  rows: UpdateSchedulerDevice[];
  total: number;
  loading: boolean;
  params: SchedulerParams;
  update: (patch: SchedulerPatch) => void;
  /** The semantic version of the family's latest release, or undefined while unknown (chips stay green). */
  latest: string | undefined;
}

/**
 * The update scheduler table of one family (back-office §2.4, §4): server-paged, 10 rows. The State,
 * Update Version and Staged cells follow libs/domain's schedulerDeviceDisplay ('unknown' and a blank
 * update version when not connected; yes, '(yes)' when auto-staged, or no); version chips are red when
 * older than the family's latest, else green. Every column the server sorts by is sortable.
 */
export function SchedulerTable({ rows, total, loading, params, update, latest }: SchedulerTableProps) {
  const sortOrder = (field: SchedulerSortField) =>
    params.sortBy === field ? (params.sortDesc ? ('descend' as const) : ('ascend' as const)) : null;
  const sortable = (field: SchedulerSortField) => ({ key: field, sorter: true, sortOrder: sortOrder(field) });
  const chip = (semantic: string, label: string) =>
    semantic === '' ? null : <VersionChip label={label} version={semantic} latest={latest} />;

  const columns: TableColumnsType<UpdateSchedulerDevice> = [
    {
      ...sortable('serialNumber'),
      title: T.serialNumber,
      render: (_v, device) => (
        <Typography.Text style={{ fontFamily: 'monospace', fontWeight: 500 }}>
          {device.serialNumber}
        </Typography.Text>
      ),
    },
    {
      ...sortable('countryCode'),
      title: T.country,
      width: 90,
      render: (_v, device) => <CountryFlag code={device.geolocation.country_code} />,
    },
    { ...sortable('family'), title: T.family, dataIndex: 'family' },
    {
      ...sortable('softwareVersion'),
      title: T.currentVersion,
      render: (_v, device) => chip(device.version.semantic, versionLabel(device.version)),
    },
    {
      ...sortable('lastSeenOnlineAt'),
      title: T.lastOnlineAt,
      render: (_v, device) => formatDateTime(device.lastSeenOnlineAt),
    },
    { key: 'staged', title: T.stagedColumn, render: (_v, device) => schedulerDeviceDisplay(device).staged },
    {
      key: 'stagedVersion',
      title: T.stagedVersion,
      render: (_v, device) => {
        const staged = device.staging.stagedVersion?.semantic ?? '';
        return chip(staged, staged);
      },
    },
    {
      ...sortable('stagedAt'),
      title: T.stagedAt,
      render: (_v, device) => formatDateTime(device.staging.stagedAt),
    },
    { key: 'connected', title: T.connectedColumn, render: (_v, device) => (device.connected ? T.yes : T.no) },
    { ...sortable('state'), title: T.state, render: (_v, device) => schedulerDeviceDisplay(device).state },
    {
      key: 'updateVersion',
      title: T.updateVersion,
      render: (_v, device) => {
        const display = schedulerDeviceDisplay(device);
        const version = device.bestGuessAtSoftwareUpdateVersion;
        return display.updateVersion === '' || !version
          ? null
          : chip(display.updateVersion, versionLabel(version));
      },
    },
  ];

  const onChange: TableProps<UpdateSchedulerDevice>['onChange'] = (_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = one?.order ? (one.columnKey as SchedulerSortField) : undefined;
    update({ sortBy: field, sortDesc: one?.order === 'descend' });
  };

  return (
    <Table<UpdateSchedulerDevice>
      rowKey="serialNumber"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={{ spinning: loading, delay: 150 }}
      onChange={onChange}
      scroll={{ x: 1300 }}
      pagination={serverPagination(params.page, total, (page) => update({ page }))}
    />
  );
}
