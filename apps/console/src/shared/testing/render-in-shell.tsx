import { StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { type TokenResponse } from '@equipment-dashboard/contract';
import { storeToken } from '@equipment-dashboard/api-client';
import { LiveSocketContext } from '../../app/live/use-live-channel';
import { Providers } from '../../app/providers';
import { makeStore } from '../../app/store';
import { fakeSockets } from '../../test/fake-socket';
import { LiveShell } from './live-shell';

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** A screen at its path inside the signed-in shell (real store, slices and live channel with a fake socket). */
export function renderInShell(path: string, element: ReactElement, token: TokenResponse) {
  storeToken(token);
  const store = makeStore();
  const live = fakeSockets();
  const user = userEvent.setup({ delay: null });
  const view = render(
    <StyleProvider mock="server">
      <LiveSocketContext.Provider value={live.open}>
        <Providers store={store}>
          <MemoryRouter initialEntries={[path]}>
            <Routes>
              <Route element={<LiveShell />}>
                <Route path={path} element={element} />
              </Route>
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </Providers>
      </LiveSocketContext.Provider>
    </StyleProvider>,
  );
  return { store, live, user, view, location: () => screen.getByTestId('location').textContent };
}
