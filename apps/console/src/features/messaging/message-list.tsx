import type { TableColumnsType } from 'antd';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { type Message } from '@equipment-dashboard/contract';
import { useReadMessagesQuery } from '@equipment-dashboard/api-client';
import { messageListQuery, type MessageTab } from '@equipment-dashboard/domain';
import { actionsColumn } from '../../shared/back-office/row-action';
import { ServerList } from '../../shared/back-office/server-list';
import { NO_FILTERS } from '../../shared/back-office/use-list-search';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatMessageDate } from './message-dates';
import { MESSAGING_TEXTS as T } from './texts';

/** A row action of a Messaging list (libs/domain MESSAGE_TABS). */
export type MessageRowAction = MessageTab['actions'][number];

export interface MessageListProps {
  tab: MessageTab;
  username: string;
  /** Whether this user may use an action on this message (roles, and who issued it). */
  allowed: (action: MessageRowAction, message: Message) => boolean;
  onAction: (action: MessageRowAction, message: Message) => void;
}

const ACTIONS: Record<MessageRowAction, { label: string; icon: ReactNode; danger?: boolean }> = {
  view: { label: T.view, icon: <EyeOutlined /> },
  edit: { label: T.edit, icon: <EditOutlined /> },
  delete: { label: T.delete, icon: <DeleteOutlined />, danger: true },
  approve: { label: T.editAndApprove, icon: <CheckCircleOutlined /> },
};

/**
 * One Messaging list (back-office §2.7, §7.4): the tab's filters (libs/domain `messageListQuery`), server
 * paged, columns ID, Header, Market, Start Date, End Date (UTC, M/D/YYYY h:mm A), Actions by tab.
 */
export function MessageList({ tab, username, allowed, onAction }: MessageListProps) {
  const list = useServerList(useReadMessagesQuery, NO_FILTERS, {
    query: messageListQuery(tab.key, username),
  });

  const columns: TableColumnsType<Message> = [
    { key: 'id', title: T.id, dataIndex: 'id', width: 70 },
    { key: 'header', title: T.header, dataIndex: 'header' },
    { key: 'market', title: T.market, render: (_value, message) => message.targets.market, width: 90 },
    {
      key: 'startDate',
      title: T.startDate,
      render: (_value, message) => formatMessageDate(message.schedule.startDate),
    },
    {
      key: 'endDate',
      title: T.endDate,
      render: (_value, message) => formatMessageDate(message.schedule.endDate),
    },
    actionsColumn(T.actions, 120, (message) =>
      tab.actions.map((action) => ({
        ...ACTIONS[action],
        shown: allowed(action, message),
        onClick: () => onAction(action, message),
      })),
    ),
  ];

  return <ServerList<Message> {...list} columns={columns} scroll={{ x: 860 }} />;
}
