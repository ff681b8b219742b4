import { ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setUnauthorizedHandler } from '@equipment-dashboard/api-client';
import { endSession } from '../shared/session/sign-out';
import { Snackbars } from '../shared/ui/snackbars';
import { useAppDispatch, type AppStore } from './store';
import { THEME } from './theme';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion';

/** A 401 to a call that carried the token: the session is over (the token expired or was revoked). */
function UnauthorizedBinding() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    setUnauthorizedHandler(() => endSession(dispatch));
    return () => setUnauthorizedHandler(null);
  }, [dispatch]);
  return null;
}

/**
 * Store, antd theme (theme.ts) and the app-wide pieces (401 handling, snackbars). Zero-runtime styles: antd's
 * stylesheet is loaded once (main.tsx) instead of generated in JavaScript as each component first renders, which
 * took about a quarter of the time of the first dashboard render. When the system asks for reduced
 * motion, antd's motion is off: dialogs, menus and tabs appear and go at once. Only through the token:
 * a stylesheet rule that cut every transition under the same media query left Select dropdowns unplaced,
 * off screen (ant-design/ant-design#50131).
 */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME),
    [reducedMotion],
  );
  return (
    <Provider store={store}>
      <ConfigProvider theme={theme}>
        <UnauthorizedBinding />
        {children}
        <Snackbars />
      </ConfigProvider>
    </Provider>
  );
}
