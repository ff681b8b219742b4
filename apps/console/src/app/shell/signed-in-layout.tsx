import { Layout, Spin } from 'antd';
import { useCallback, useState } from 'react';
import { Outlet } from 'react-router';
import { ChangePasswordDialog } from '../../features/auth/change-password-dialog';
import { PasswordExpiryCheck } from '../../features/auth/use-password-expiry-check';
import { ScreenPlaceholder } from '../../shared/lazy-screen';
import { useScreenSize } from '../../shared/responsive';
import { selectUser } from '../../shared/session/session-slice';
import { BusyOverlay } from '../../shared/ui/busy-overlay';
import { useAppSelector } from '../store';
import { NavDrawer, NavOverlay } from './nav-drawer';
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
 * the change-password dialog. It runs the password expiry check (the app's frame runs the live channel). On a
 * desktop the drawer is a side panel, open at first; below the desktop width (a phone, a tablet) it opens over the
 * page from the menu button only, and closes after a choice.
 */
export function SignedInLayout() {
  const user = useAppSelector(selectUser);
  const size = useScreenSize();
  const overlay = size !== 'desktop';
  const [panelOpen, setPanelOpen] = useState(true);
  const [overlayOpen, setOverlayOpen] = useState(false);
  const closeOverlay = useCallback(() => setOverlayOpen(false), []);

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <SkipLink />
      <TopBar
        size={size}
        drawerOpen={overlay ? overlayOpen : panelOpen}
        onMenu={() => (overlay ? setOverlayOpen((open) => !open) : setPanelOpen((open) => !open))}
      />
      <Layout>
        {overlay ? (
          <NavOverlay open={overlayOpen} role={user?.role} onClose={closeOverlay} />
        ) : (
          <NavDrawer open={panelOpen} role={user?.role} />
        )}
        <Layout.Content
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="main-content"
          style={{ padding: size === 'phone' ? 8 : 24, background: '#f5f5f5', minWidth: 0 }}
        >
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
