import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { type TokenResponse } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderRoutes } from '../../test/render-routes';
import { LiveShell } from './live-shell';

/**
 * A screen inside the signed-in shell (real store, slices and live channel with a fake socket) at
 * `entry`, a path that may carry a query string (`/SpecUpdates?tab=releases&page=2`). The screen's
 * route is the entry's path, so screens that keep their view in the URL can be opened on any view.
 */
export function renderScreen(entry: string, element: ReactElement, token: TokenResponse) {
  const path = new URL(entry, 'http://localhost').pathname;
  return renderRoutes(
    entry,
    <Routes>
      <Route element={<LiveShell />}>
        <Route path={path} element={element} />
      </Route>
    </Routes>,
    token,
  );
}

/**
 * A screen as `role` at `entry`, over the dashboard's stubbed routes and the screen's own `routes`
 * (`stub` tells which calls it made).
 */
export function openScreen(
  entry: string,
  element: ReactElement,
  role: Role,
  routes: Record<string, StubHandler> = {},
) {
  const stub = stubFetch(dashboardRoutes(routes));
  return { ...renderScreen(entry, element, tokenFor(role)), stub };
}
