import { Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import type { UnitHistoryEntry } from '@equipment-dashboard/contract';
import { useReadAlignerHistoryQuery } from '@equipment-dashboard/api-client';
import { ALERT_SEVERITIES, type AlertSeverity } from '@equipment-dashboard/domain';
import { SeverityTag } from '../../shared/alerts/severity-tag';
import { ServerList } from '../../shared/back-office/server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { HISTORY_TEXTS as T } from './history-texts';

/** An alert's entry carries its severity: shown as the alert lists show it, before what happened. */
function alertSeverity(entry: UnitHistoryEntry): AlertSeverity | null {
  const severity = entry.detail['severity'];
  return entry.kind === 'alert' &&
    typeof severity === 'string' &&
    (ALERT_SEVERITIES as readonly string[]).includes(severity)
    ? (severity as AlertSeverity)
    : null;
}

const COLUMNS: TableColumnsType<UnitHistoryEntry> = [
  { key: 'at', title: T.time, width: 200, render: (_v, entry) => formatDateTime(entry.at) },
  {
    key: 'what',
    title: T.what,
    render: (_v, entry) => {
      const severity = alertSeverity(entry);
      return severity ? (
        <>
          <SeverityTag severity={severity} /> {entry.summary}
        </>
      ) : (
        entry.summary
      );
    },
  },
  {
    key: 'who',
    title: T.who,
    width: 160,
    render: (_v, entry) => entry.actor ?? <Typography.Text type="secondary">{T.unit}</Typography.Text>,
  },
];

/**
 * The History tab of the unit detail dialog: the unit's timeline, newest first, 10 a page from the
 * server (connections, versions, update phases, commands, staging, tickets, alerts with their severity), with who
 * caused each.
 * It is read afresh each time the tab opens.
 */
export function UnitHistory({ serialNumber }: { serialNumber: string }) {
  const [page, setPage] = useState(1);
  const result = useReadAlignerHistoryQuery({ serialNumber, page }, { refetchOnMountOrArgChange: true });
  return <ServerList result={result} search={{ page, setPage }} columns={COLUMNS} emptyText={T.empty} />;
}
