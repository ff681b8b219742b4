import { Button, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { SpecUpdate } from '@equipment-dashboard/contract';
import { isFiltered, specFilterText } from '@equipment-dashboard/domain';
import { serverPagination } from '../../shared/back-office/pagination';
import { formatDateTime } from '../../shared/equipment';
import { SPEC_TEXTS as T } from './texts';

/** A required version, or N/A when the spec update names none (back-office §2.3). */
const required = (version: string) => (version.trim() === '' ? T.notApplicable : version);

export interface SpecReleasesTableProps {
  rows: SpecUpdate[];
  total: number;
  page: number;
  loading: boolean;
  onPage: (page: number) => void;
  /** Set when the user may edit: each row gets the Edit Spec action. */
  onEdit?: (spec: SpecUpdate) => void;
}

/**
 * The Spec Releases table (back-office §2.3): server-paged, 10 rows (the pager always shows the first,
 * the last and the current page), the spec's columns with N/A for empty requirements, Active and
 * Filtered as true/false, and the filter list on hovering Filtered.
 */
export function SpecReleasesTable({ rows, total, page, loading, onPage, onEdit }: SpecReleasesTableProps) {
  const columns: TableColumnsType<SpecUpdate> = [
    {
      key: 'name',
      title: T.displayName,
      render: (_v, spec) => <Typography.Text strong>{spec.version.name}</Typography.Text>,
    },
    { key: 'month', title: T.month, render: (_v, spec) => spec.version.month },
    { key: 'year', title: T.year, render: (_v, spec) => spec.version.year },
    { key: 'require', title: T.alignersRequire, render: (_v, spec) => required(spec.prerequisites.require) },
    {
      key: 'gtpsRequire',
      title: T.truPointsRequire,
      render: (_v, spec) => required(spec.prerequisites.gtpsRequire),
    },
    {
      key: 'oasisRequire',
      title: T.oasisRequire,
      render: (_v, spec) => required(spec.prerequisites.oasisRequire),
    },
    { key: 'active', title: T.active, render: (_v, spec) => String(spec.active) },
    { key: 'targetFamily', title: T.targetFamily, dataIndex: 'targetFamily' },
    {
      key: 'filtered',
      title: T.filtered,
      render: (_v, spec) => (
        <Tooltip title={specFilterText(spec.filter)}>
          <span
            tabIndex={0}
            aria-label={T.filterList(specFilterText(spec.filter))}
            style={{ cursor: 'help', textDecoration: 'underline dotted' }}
          >
            {String(isFiltered(spec.filter))}
          </span>
        </Tooltip>
      ),
    },
    {
      key: 'path',
      title: T.path,
      render: (_v, spec) => (
        <Typography.Text code style={{ whiteSpace: 'nowrap' }}>
          {spec.path}
        </Typography.Text>
      ),
    },
    { key: 'createdAt', title: T.createdAt, render: (_v, spec) => formatDateTime(spec.createdAt) },
    { key: 'updatedAt', title: T.updatedAt, render: (_v, spec) => formatDateTime(spec.updatedAt) },
    {
      key: 'actions',
      title: T.actions,
      width: 80,
      render: (_v, spec) =>
        onEdit && (
          <Tooltip title={T.editSpec}>
            <Button
              type="text"
              size="small"
              aria-label={T.editSpec}
              icon={<EditOutlined />}
              onClick={() => onEdit(spec)}
            />
          </Tooltip>
        ),
    },
  ];

  return (
    <Table<SpecUpdate>
      rowKey="path"
      size="middle"
      columns={columns}
      dataSource={rows}
      loading={{ spinning: loading, delay: 150 }}
      scroll={{ x: 1300 }}
      pagination={serverPagination(page, total, onPage)}
    />
  );
}
