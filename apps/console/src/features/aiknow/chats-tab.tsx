import { Button, Table, type TableColumnsType } from 'antd';
import { ZoomInOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useReadChatSessionsQuery, type ChatSession } from '@equipment-dashboard/api';
import { serverPagination } from '../../shared/back-office/pagination';
import { RowAction } from '../../shared/back-office/row-action';
import { serverProblem } from '../../shared/back-office/server-error';
import { ServerErrorAlert } from '../../shared/back-office/server-error-alert';
import { BACK_OFFICE_TEXTS } from '../../shared/back-office/texts';
import { usePageInRange } from '../../shared/back-office/use-page-in-range';
import { formatDateTime } from '../../shared/equipment/format';
import { ChatSessionDialog } from './chat-session-dialog';
import { AIKNOW_TEXTS as T } from './texts';

/**
 * The Chats tab (back-office §2.11): the server-paged chat sessions, not sortable, times in local
 * YYYY-MM-DD HH:mm:ss, and 'View Chat Details' opening the 'Chat Session' modal.
 */
export function ChatsTab() {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<ChatSession | null>(null);
  const { data, isFetching, error, refetch } = useReadChatSessionsQuery({ page });
  usePageInRange(data?.totalDocs, Boolean(data) && !isFetching, page, setPage);

  const columns: TableColumnsType<ChatSession> = [
    { key: 'sessionId', title: T.sessionId, dataIndex: 'sessionId' },
    { key: 'serialNumber', title: T.serialNumber, dataIndex: 'serialNumber' },
    { key: 'open', title: T.open, render: (_value, session) => (session.isOpen ? T.yes : T.no) },
    { key: 'createdAt', title: T.createdAt, render: (_value, session) => formatDateTime(session.createdAt) },
    { key: 'updatedAt', title: T.updatedAt, render: (_value, session) => formatDateTime(session.updatedAt) },
    {
      key: 'actions',
      title: T.actions,
      width: 80,
      render: (_value, session) => (
        <RowAction label={T.viewChatDetails} icon={<ZoomInOutlined />} onClick={() => setOpen(session)} />
      ),
    },
  ];

  return (
    <>
      {error && !data && (
        <ServerErrorAlert
          problem={serverProblem(error)}
          action={
            <Button size="small" onClick={() => void refetch()}>
              {BACK_OFFICE_TEXTS.retry}
            </Button>
          }
        />
      )}
      <Table<ChatSession>
        rowKey="sessionId"
        size="middle"
        columns={columns}
        dataSource={data?.docs ?? []}
        loading={{ spinning: isFetching, delay: 150 }}
        pagination={serverPagination(page, data?.totalDocs ?? 0, setPage)}
      />
      {open && <ChatSessionDialog session={open} onClose={() => setOpen(null)} />}
    </>
  );
}
