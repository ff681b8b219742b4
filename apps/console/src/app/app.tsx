import { BrowserRouter } from 'react-router';
import { OfflineNotice } from './offline-notice';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { makeStore } from './store';

const store = makeStore();

/** The console: one store for the page's life, history-mode routes. */
export function App() {
  return (
    <Providers store={store}>
      <OfflineNotice />
      {/* Navigations render at once: as transitions, every store update during the first loads after
          sign-in interrupted and restarted the dashboard's first render (about 0.3 s later on screen). */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </Providers>
  );
}
