import { Card, Tabs } from 'antd';
import { canSeeNav } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { useTabSearch } from '../../shared/back-office/use-tab-search';
import { selectUser } from '../../shared/session/session-slice';
import { useEzNotify } from './ez-snackbar';
import { FixturesTab } from './fixtures-tab';
import { TargetsTab } from './targets-tab';
import { EZADAS_TEXTS as T } from './texts';

const TABS = ['fixtures', 'targets'] as const;

/**
 * EZ ADAS (back-office §2.8): tabs Fixtures and Targets (the open one in the URL), and the screen's
 * 10-second snackbar. The roles that see the EZ ADAS navigation entry use it (§6); another role that
 * opens /Easy is told so and nothing is asked of the server, which would refuse it.
 */
export function EzAdasPage() {
  const role = useAppSelector(selectUser)?.role;
  const notify = useEzNotify();
  const [tab, setTab] = useTabSearch(TABS, 'fixtures');
  if (!canSeeNav(role, 'easy')) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <Card title={T.title} role="region" aria-label={T.title}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as (typeof TABS)[number])}
        // Only the open tab's list reads the URL's page and filters.
        destroyOnHidden
        items={[
          { key: 'fixtures', label: T.fixturesTab, children: <FixturesTab notify={notify} /> },
          { key: 'targets', label: T.targetsTab, children: <TargetsTab notify={notify} /> },
        ]}
      />
    </Card>
  );
}
