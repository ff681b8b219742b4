import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { type TokenResponse } from '@equipment-dashboard/contract';
import { storeToken } from '@equipment-dashboard/api-client';
import { LiveSocketContext } from '../app/live/use-live-channel';
import { Providers } from '../app/providers';
import { makeStore } from '../app/store';
import { fakeSockets } from './fake-socket';

/** Shows the router's current location, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Routes rendered as the console runs them (real store and slices, a fake live socket) in a memory
 * router at `entry`; signed in with `token` when one is given (stored under user-token before the store
 * starts).
 */
export function renderRoutes(entry: string, routes: ReactNode, token?: TokenResponse) {
  if (token) storeToken(token);
  const store = makeStore();
  const live = fakeSockets();
  // No pause between keystrokes: antd inputs re-render on each, and the pauses add up on 2 cores.
  const user = userEvent.setup({ delay: null });
  const view = render(
    // mock="server": antd keeps its generated CSS in memory instead of writing <style> tags into jsdom.
    <StyleProvider mock="server">
      <LiveSocketContext.Provider value={live.open}>
        <Providers store={store}>
          <MemoryRouter initialEntries={[entry]}>
            {routes}
            <LocationProbe />
          </MemoryRouter>
        </Providers>
      </LiveSocketContext.Provider>
    </StyleProvider>,
  );
  return { store, live, user, view, location: () => screen.getByTestId('location').textContent };
}
