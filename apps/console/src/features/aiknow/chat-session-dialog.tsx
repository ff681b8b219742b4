import { Descriptions, Flex, Typography } from 'antd';
import type { ChatSession } from '@equipment-dashboard/contract';
import { formatDateTime } from '../../shared/equipment/format';
import { DIALOG_WIDTHS } from '../../shared/layout';
import { AIKNOW_TEXTS as T } from './texts';
import { ViewDialog } from '../../shared/back-office/view-dialog';

// The bubbles take the theme's colours (app/theme.ts), on which white text is at least 4.5:1.
const bubble = {
  maxWidth: '75%',
  padding: '8px 12px',
  borderRadius: 12,
  color: '#fff',
  whiteSpace: 'pre-wrap' as const,
  overflowWrap: 'anywhere' as const,
};

/**
 * 'Chat Session' (back-office §2.11): the conversation as exchanges, the query on the right in green and
 * the response on the left in blue; 'NO EXCHANGES' when there are none. At most 1000 wide; only Cancel
 * and the close icon.
 */
export function ChatSessionDialog({ session, onClose }: { session: ChatSession; onClose: () => void }) {
  return (
    <ViewDialog
      title={T.chatSession}
      width={DIALOG_WIDTHS.chatDetailMax}
      style={{ maxWidth: DIALOG_WIDTHS.chatDetailMax }}
      onClose={onClose}
    >
      <Descriptions
        size="small"
        column={{ xs: 1, md: 4 }}
        items={[
          { key: 'session', label: T.sessionId, children: session.sessionId },
          { key: 'serial', label: T.serialNumber, children: session.serialNumber },
          { key: 'open', label: T.open, children: session.isOpen ? T.yes : T.no },
          { key: 'updated', label: T.updatedAt, children: formatDateTime(session.updatedAt) },
        ]}
      />
      {session.conversation.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: '24px 0' }}>
          {T.noExchanges}
        </Typography.Paragraph>
      ) : (
        <ol
          aria-label={T.exchanges}
          style={{
            listStyle: 'none',
            margin: 0,
            padding: 12,
            maxHeight: '60vh',
            overflowY: 'auto',
            background: '#fafafa',
            borderRadius: 8,
          }}
        >
          {session.conversation.map((exchange, index) => (
            <li key={index} style={{ marginBottom: 12 }}>
              <Flex vertical gap={6}>
                <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <div
                    role="group"
                    aria-label={T.query}
                    style={{ ...bubble, background: 'var(--ant-green-7)' }}
                  >
                    {exchange.query}
                  </div>
                </div>
                <div style={{ display: 'flex', justifyContent: 'flex-start' }}>
                  <div
                    role="group"
                    aria-label={T.response}
                    style={{ ...bubble, background: 'var(--ant-color-primary)' }}
                  >
                    {exchange.response}
                  </div>
                </div>
              </Flex>
            </li>
          ))}
        </ol>
      )}
    </ViewDialog>
  );
}
