import { ConfigProvider } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { setUnauthorizedHandler } from '@equipment-dashboard/api';
import { endSession } from '../shared/session/sign-out';
import { Snackbars } from '../shared/ui/snackbars';
import { useAppDispatch, type AppStore } from './store';

/** A 401 to a call that carried the token: the session is over (the token expired or was revoked). */
function UnauthorizedBinding() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    setUnauthorizedHandler(() => endSession(dispatch));
    return () => setUnauthorizedHandler(null);
  }, [dispatch]);
  return null;
}

const THEME = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };

/** Store, antd theme and the app-wide pieces (401 handling, snackbars). */
export function Providers({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ConfigProvider theme={THEME}>
        <UnauthorizedBinding />
        {children}
        <Snackbars />
      </ConfigProvider>
    </Provider>
  );
}
