import { canSeeNav } from '@equipment-dashboard/domain';
import { useAppSelector } from '../../app/store';
import { NoAccess } from '../../shared/back-office/no-access';
import { TabbedScreen } from '../../shared/back-office/screen-card';
import { selectUser } from '../../shared/session/session-slice';
import { useEzNotify } from './ez-snackbar';
import { FixturesTab } from './fixtures-tab';
import { TargetsTab } from './targets-tab';
import { EZADAS_TEXTS as T } from './texts';

/**
 * EZ ADAS (back-office §2.8): tabs Fixtures and Targets (the open one in the URL), and the screen's
 * 10-second snackbar. The roles that see the EZ ADAS navigation entry use it (§6); another role that
 * opens /Easy is told so and nothing is asked of the server, which would refuse it.
 */
export function EzAdasPage() {
  const role = useAppSelector(selectUser)?.role;
  const notify = useEzNotify();
  if (!canSeeNav(role, 'easy')) return <NoAccess title={T.title} message={T.noAccess} />;
  return (
    <TabbedScreen
      title={T.title}
      tabs={[
        { key: 'fixtures', label: T.fixturesTab, children: <FixturesTab notify={notify} /> },
        { key: 'targets', label: T.targetsTab, children: <TargetsTab notify={notify} /> },
      ]}
    />
  );
}
