import { Tag, Tooltip, Typography, type TableColumnsType } from 'antd';
import { type AuditEntry, type CommandStatus } from '@equipment-dashboard/contract';
import { useReadAuditsQuery } from '@equipment-dashboard/api-client';
import { can, PERMISSIONS } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { ListFilterInput } from '../../shared/back-office/filter-input';
import { NoAccess } from '../../shared/back-office/no-access';
import { ListScreen } from '../../shared/back-office/list-screen';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { selectUser } from '../../shared/session/session-slice';
import { AUDITS_TEXTS as T } from './texts';

const FILTERS = { filterSerialNumber: '', filterUsername: '' };

/** Waiting reads amber, under way blue, the unit's answer green or red, and a command that never ran volcano. */
const STATUS_COLORS = {
  queued: 'gold',
  sent: 'blue',
  completed: 'green',
  failed: 'red',
  expired: 'volcano',
} as const satisfies Record<CommandStatus, string>;

/**
 * The Completed At cell: when the unit answered; for a queued command until when it waits, for an expired
 * one when it stopped waiting (its expiry, or when the server marked it).
 */
export function endedText(entry: AuditEntry): string {
  if (entry.status === 'queued') return entry.expiresAt ? T.expires(formatDateTime(entry.expiresAt)) : '';
  if (entry.status === 'expired') {
    const at = entry.expiresAt ?? entry.completedAt;
    return at ? T.expiredAt(formatDateTime(at)) : '';
  }
  return entry.completedAt ? formatDateTime(entry.completedAt) : '';
}

/** A value of a command's arguments or result, in one short line: `{ port: 8443 }` reads 'port: 8443'. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && !Array.isArray(value)) {
    return Object.entries(value as Record<string, unknown>)
      .map(
        ([key, item]) =>
          `${key}: ${typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item)}`,
      )
      .join(', ');
  }
  return JSON.stringify(value);
}

/** A cell that may be long: one line, the whole text on hover. */
function Clipped({ text }: { text: string }) {
  if (text === '') return <Typography.Text type="secondary">{T.none}</Typography.Text>;
  return (
    <Tooltip title={text}>
      <span
        style={{
          display: 'inline-block',
          maxWidth: 260,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          verticalAlign: 'bottom',
        }}
      >
        {text}
      </span>
    </Tooltip>
  );
}

/**
 * Audits: the audit trail of remote commands (GET /read/audits/v1/). Decision: the spec leaves the screen's
 * contents and its role gating open (console-core §2, §6); it shows the command log to admins (the audits
 * permission the server enforces). Another role that opens /Audits is told so; the route stays reachable
 * because route access needs only sign-in. Each command shows where it is in the durable queue (queued, sent,
 * completed, failed, expired), with the lifecycle told above the table and each status explained on hover;
 * the server filters by serial number and username only, so there is no status filter.
 */
export function AuditsPage() {
  const role = useAppSelector(selectUser)?.role;
  const allowed = can(role, PERMISSIONS.audits);
  const list = useServerList(useReadAuditsQuery, FILTERS, { skip: !allowed });

  if (!allowed) return <NoAccess title={T.title} message={T.noAccess} />;

  const columns: TableColumnsType<AuditEntry> = [
    { key: 'when', title: T.when, render: (_value, entry) => formatDateTime(entry.createdAt) },
    { key: 'serialNumber', title: T.serialNumber, dataIndex: 'serialNumber' },
    {
      key: 'command',
      title: T.command,
      render: (_value, entry) => {
        const args = describeValue(entry.args);
        return (
          <span>
            <Typography.Text code>{entry.command}</Typography.Text>
            {args !== '' && <Typography.Text type="secondary"> {args}</Typography.Text>}
          </span>
        );
      },
    },
    { key: 'sentBy', title: T.sentBy, dataIndex: 'username' },
    {
      key: 'status',
      title: T.status,
      render: (_value, entry) => (
        <Tooltip title={T.statusHelp[entry.status]}>
          <Tag color={STATUS_COLORS[entry.status]} data-colour={STATUS_COLORS[entry.status]}>
            {T.statusLabels[entry.status]}
          </Tag>
        </Tooltip>
      ),
    },
    {
      key: 'result',
      title: T.result,
      render: (_value, entry) => <Clipped text={describeValue(entry.result)} />,
    },
    {
      key: 'completedAt',
      title: T.completedAt,
      render: (_value, entry) => endedText(entry) || T.none,
    },
  ];

  return (
    <ListScreen<AuditEntry>
      title={T.title}
      intro={
        <Typography.Paragraph type="secondary">
          {T.explanation} {T.lifecycle}
        </Typography.Paragraph>
      }
      {...list}
      // A command and a staff action may share an id: each kind numbers its own.
      rowKey={(entry) => `${entry.kind ?? 'command'}:${entry.id}`}
      columns={columns}
      filters={
        <>
          <ListFilterInput search={list.search} name="filterSerialNumber" label={T.filterSerialNumber} />
          <ListFilterInput search={list.search} name="filterUsername" label={T.filterUsername} />
        </>
      }
    />
  );
}
