import { Table } from 'antd';
import { Link } from 'react-router';
import { useReadTopAlignersByAlignmentCountQuery, type TopAligner } from '@equipment-dashboard/api';
import { Panel } from './panel';
import { DASHBOARD_TEXTS } from './texts';

/** The ten units with the most alignments; a serial opens the unit on the equipment screen. */
export function TopAlignersPanel() {
  const { data, isLoading, isError } = useReadTopAlignersByAlignmentCountQuery();
  return (
    <Panel title={DASHBOARD_TEXTS.topAligners} loading={isLoading} failed={isError && !data}>
      <Table<TopAligner>
        size="small"
        pagination={false}
        rowKey={(row) => row._id.serialNumber}
        dataSource={data ?? []}
        locale={{ emptyText: DASHBOARD_TEXTS.noAlignments }}
        columns={[
          { title: DASHBOARD_TEXTS.rank, key: 'rank', width: 48, render: (_value, _row, index) => index + 1 },
          {
            title: DASHBOARD_TEXTS.serialNumber,
            key: 'serial',
            render: (_value, row) => (
              <Link to={`/Aligners?serial=${encodeURIComponent(row._id.serialNumber)}`}>{row._id.serialNumber}</Link>
            ),
          },
          {
            title: DASHBOARD_TEXTS.alignments,
            dataIndex: 'count',
            align: 'right',
            render: (count: number) => count.toLocaleString('en-US'),
          },
        ]}
      />
    </Panel>
  );
}
