import { Card, Tabs } from 'antd';
import { canSeeNav } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { selectUser } from '../../shared/session/session-slice';
import { PairingsTab } from './pairings-tab';
import { TRUPOINT_TEXTS as T } from './texts';

/**
 * Vendor integrations (back-office §2.9), the TruPoint entry: tabs Active, Completed and Aborted. The
 * roles that see the TruPoint entry use it (§6); another role that opens /TruPoint is told so and
 * nothing is asked of the server, which would refuse it.
 */
export function TruPointPage() {
  const role = useAppSelector(selectUser)?.role;
  if (!canSeeNav(role, 'truPoint')) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <Card title={T.title} role="region" aria-label={T.title}>
      <Tabs
        items={[
          { key: 'active', label: T.active, children: <PairingsTab state="active" /> },
          { key: 'completed', label: T.completed, children: <PairingsTab state="completed" /> },
          { key: 'aborted', label: T.aborted, children: <PairingsTab state="aborted" /> },
        ]}
      />
    </Card>
  );
}
