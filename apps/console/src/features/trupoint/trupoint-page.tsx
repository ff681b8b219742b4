import { canSeeNav } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { TabbedScreen } from '../../shared/back-office/screen-card';
import { selectUser } from '../../shared/session/session-slice';
import { PairingsTab } from './pairings-tab';
import { TRUPOINT_TEXTS as T } from './texts';

/**
 * Vendor integrations (back-office §2.9), the TruPoint entry: tabs Active, Completed and Aborted (the
 * open one in the URL). The roles that see the TruPoint entry use it (§6); another role that opens
 * /TruPoint is told so and nothing is asked of the server, which would refuse it.
 */
export function TruPointPage() {
  const role = useAppSelector(selectUser)?.role;
  if (!canSeeNav(role, 'truPoint')) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <TabbedScreen
      title={T.title}
      tabs={[
        { key: 'active', label: T.active, children: <PairingsTab state="active" /> },
        { key: 'completed', label: T.completed, children: <PairingsTab state="completed" /> },
        { key: 'aborted', label: T.aborted, children: <PairingsTab state="aborted" /> },
      ]}
    />
  );
}
