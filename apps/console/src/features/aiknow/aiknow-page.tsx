import { TabbedScreen } from '../../shared/back-office/screen-card';
import { ChatsTab } from './chats-tab';
import { StatisticsTab } from './statistics-tab';
import { AIKNOW_TEXTS as T } from './texts';

/**
 * AIKnow (back-office §2.11): tabs Statistics and Chats (the open one in the URL). Decision: no role
 * gating is shown for it (it has no navigation entry, and route access needs only sign-in), so every
 * signed-in user may look, as the server allows.
 */
export function AiKnowPage() {
  return (
    <TabbedScreen
      title={T.title}
      tabs={[
        { key: 'statistics', label: T.statisticsTab, children: <StatisticsTab /> },
        { key: 'chats', label: T.chatsTab, children: <ChatsTab /> },
      ]}
    />
  );
}
