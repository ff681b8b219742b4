import { Layout, Spin } from 'antd';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { ChangePasswordDialog } from '../../features/auth/change-password-dialog';
import { PasswordExpiryCheck } from '../../features/auth/use-password-expiry-check';
import { ScreenPlaceholder } from '../../shared/lazy-screen';
import { selectUser } from '../../shared/session/session-slice';
import { BusyOverlay } from '../../shared/ui/busy-overlay';
import { useAppSelector } from '../store';
import { NavDrawer } from './nav-drawer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

/** Where a screen's chunk is loading: a spinner in the content area only. */
function PageFallback() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', paddingTop: 120 }}>
      <Spin size="large" />
    </div>
  );
}

/**
 * The shell of a signed-in user: the skip link, top bar, navigation drawer, busy overlay over the routed screen and
 * the change-password dialog. It runs the password expiry check (the app's frame runs the live channel).
 */
export function SignedInLayout() {
  const user = useAppSelector(selectUser);
  const [drawerOpen, setDrawerOpen] = useState(true);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <TopBar drawerOpen={drawerOpen} onMenu={() => setDrawerOpen((open) => !open)} />
      <Layout>
        <NavDrawer open={drawerOpen} role={user?.role} />
        <Layout.Content id={MAIN_CONTENT_ID} tabIndex={-1} style={{ padding: 24, background: '#f5f5f5' }}>
          <BusyOverlay>
            <ScreenPlaceholder.Provider value={PageFallback}>
              <Outlet />
            </ScreenPlaceholder.Provider>
          </BusyOverlay>
        </Layout.Content>
      </Layout>
      <ChangePasswordDialog />
      <PasswordExpiryCheck username={user?.username} />
    </Layout>
  );
}
