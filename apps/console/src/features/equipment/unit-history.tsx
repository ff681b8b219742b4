import { Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { useReadAlignerHistoryQuery } from '@equipment-dashboard/api-client';
import { ServerList } from '../../shared/back-office/server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { HISTORY_TEXTS as T } from './history-texts';

const COLUMNS: TableColumnsType<UnitHistoryEntry> = [
  { key: 'at', title: T.time, width: 200, render: (_v, entry) => formatDateTime(entry.at) },
  { key: 'what', title: T.what, dataIndex: 'summary' },
  {
    key: 'who',
    title: T.who,
    width: 160,
    render: (_v, entry) => entry.actor ?? <Typography.Text type="secondary">{T.unit}</Typography.Text>,
  },
];

/**
 * The History tab of the unit detail dialog (issue 21): the unit's timeline, newest first, 10 a page from the
 * server (connections, versions, update phases, commands, staging, tickets), with who caused each.
 * It is read afresh each time the tab opens.
 */
export function UnitHistory({ serialNumber }: { serialNumber: string }) {
  const [page, setPage] = useState(1);
  const result = useReadAlignerHistoryQuery({ serialNumber, page }, { refetchOnMountOrArgChange: true });
  return (
    <ServerList
      result={result}
      search={{ page, setPage }}
      columns={COLUMNS}
      emptyText={T.empty}
    />
  );
}
