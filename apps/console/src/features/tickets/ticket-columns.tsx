import { Tag, type TableColumnsType } from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CommentOutlined,
  EyeOutlined,
  LockOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { TicketSummary } from '@equipment-dashboard/contract';
import { ticketRowActions } from '@equipment-dashboard/domain';
import { actionsColumn } from '../../shared/back-office/row-action';
import { formatDateTime } from '../../shared/equipment/format';
import { TICKETS_TEXTS as T } from './texts';

/** What a row action asks the page to do. */
export type TicketAction = 'view' | 'comment' | 'escalate' | 'deescalate' | 'close';

/**
 * The columns of the tickets list (back-office §2.1): not sortable. Row actions follow the ticket's state
 * (libs/domain `ticketRowActions`); hovering View details shows the description. `mayManage`: the role
 * may comment, escalate, de-escalate and close (every role but guest).
 */
export function ticketColumns(
  mayManage: boolean,
  onAction: (action: TicketAction, ticket: TicketSummary) => void,
): TableColumnsType<TicketSummary> {
  return [
    { key: 'id', title: T.id, dataIndex: 'id', width: 70 },
    {
      key: 'serialNumber',
      title: T.serialNumber,
      render: (_value, ticket) => (
        <Link
          to={`/Aligners?serial=${encodeURIComponent(ticket.serialNumber)}`}
          style={{ fontFamily: 'monospace' }}
        >
          {ticket.serialNumber}
        </Link>
      ),
    },
    {
      key: 'status',
      title: T.status,
      render: (_value, ticket) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Tag color={ticket.status === 'open' ? 'green' : 'default'}>
            {ticket.status === 'open' ? T.open : T.closed}
          </Tag>
          {ticket.status === 'open' && ticket.escalated && <Tag color="red">{T.escalatedTag}</Tag>}
        </span>
      ),
    },
    { key: 'openedAt', title: T.openedAt, render: (_value, ticket) => formatDateTime(ticket.createdAt) },
    { key: 'openedBy', title: T.openedBy, dataIndex: 'issuerUsername' },
    { key: 'closedBy', title: T.closedBy, render: (_value, ticket) => ticket.closedByUsername ?? '' },
    { key: 'callerName', title: T.callerName, dataIndex: 'originatorName' },
    actionsColumn(T.actions, 170, (ticket) => {
      const actions = ticketRowActions(ticket);
      const description = ticket.description.trim() === '' ? T.noDescription : ticket.description;
      const manage = (action: Exclude<TicketAction, 'view'>, label: string, icon: ReactNode) => ({
        label,
        icon,
        danger: action === 'close',
        shown: mayManage && actions[action],
        onClick: () => onAction(action, ticket),
      });
      return [
        {
          label: T.viewDetails,
          tooltip: description,
          icon: <EyeOutlined />,
          onClick: () => onAction('view', ticket),
        },
        manage('comment', T.addComment, <CommentOutlined />),
        manage('escalate', T.escalate, <ArrowUpOutlined />),
        manage('deescalate', T.deescalate, <ArrowDownOutlined />),
        manage('close', T.close, <LockOutlined />),
      ];
    }),
  ];
}
