import type { TableColumnsType } from 'antd';
import { ZoomInOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { type ChatSession } from '@equipment-dashboard/contract';
import { useReadChatSessionsQuery } from '@equipment-dashboard/api-client';
import { actionsColumn } from '../../shared/back-office/row-action';
import { ServerList } from '../../shared/back-office/server-list';
import { NO_FILTERS } from '../../shared/back-office/use-list-search';
import { useServerList } from '../../shared/back-office/use-server-list';
import { formatDateTime } from '../../shared/equipment/format';
import { ChatSessionDialog } from './chat-session-dialog';
import { AIKNOW_TEXTS as T } from './texts';

/**
 * The Chats tab (back-office §2.11): the server-paged chat sessions, not sortable, times in local
 * YYYY-MM-DD HH:mm:ss, and 'View Chat Details' opening the 'Chat Session' modal.
 */
export function ChatsTab() {
  const list = useServerList(useReadChatSessionsQuery, NO_FILTERS);
  const [open, setOpen] = useState<ChatSession | null>(null);

  const columns: TableColumnsType<ChatSession> = [
    { key: 'sessionId', title: T.sessionId, dataIndex: 'sessionId' },
    { key: 'serialNumber', title: T.serialNumber, dataIndex: 'serialNumber' },
    { key: 'open', title: T.open, render: (_value, session) => (session.isOpen ? T.yes : T.no) },
    { key: 'createdAt', title: T.createdAt, render: (_value, session) => formatDateTime(session.createdAt) },
    { key: 'updatedAt', title: T.updatedAt, render: (_value, session) => formatDateTime(session.updatedAt) },
    actionsColumn(T.actions, 80, (session) => [
      { label: T.viewChatDetails, icon: <ZoomInOutlined />, onClick: () => setOpen(session) },
    ]),
  ];

  return (
    <>
      <ServerList<ChatSession> {...list} rowKey="sessionId" columns={columns} />
      {open && <ChatSessionDialog session={open} onClose={() => setOpen(null)} />}
    </>
  );
}
