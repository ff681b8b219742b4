import { Card, Tabs } from 'antd';
import { ChatsTab } from './chats-tab';
import { StatisticsTab } from './statistics-tab';
import { AIKNOW_TEXTS as T } from './texts';

/**
 * AIKnow (back-office §2.11): tabs Statistics and Chats. Decision: no role gating is shown for it (it has
 * no navigation entry, and route access needs only sign-in), so every signed-in user may look, as the
 * server allows.
 */
export function AiKnowPage() {
  return (
    <Card title={T.title} role="region" aria-label={T.title}>
      <Tabs
        items={[
          { key: 'statistics', label: T.statisticsTab, children: <StatisticsTab /> },
          { key: 'chats', label: T.chatsTab, children: <ChatsTab /> },
        ]}
      />
    </Card>
  );
}
