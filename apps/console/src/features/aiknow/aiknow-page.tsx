import { Card, Tabs } from 'antd';
import { useTabSearch } from '../../shared/back-office/use-tab-search';
import { ChatsTab } from './chats-tab';
import { StatisticsTab } from './statistics-tab';
import { AIKNOW_TEXTS as T } from './texts';

const TABS = ['statistics', 'chats'] as const;

/**
 * AIKnow (back-office §2.11): tabs Statistics and Chats (the open one in the URL). Decision: no role
 * gating is shown for it (it has no navigation entry, and route access needs only sign-in), so every
 * signed-in user may look, as the server allows.
 */
export function AiKnowPage() {
  const [tab, setTab] = useTabSearch(TABS, 'statistics');
  return (
    <Card title={T.title} role="region" aria-label={T.title}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as (typeof TABS)[number])}
        // Only the open tab's list reads the URL's page.
        destroyOnHidden
        items={[
          { key: 'statistics', label: T.statisticsTab, children: <StatisticsTab /> },
          { key: 'chats', label: T.chatsTab, children: <ChatsTab /> },
        ]}
      />
    </Card>
  );
}
