import { type TokenResponse } from '@equipment-dashboard/contract';
import type { Role } from '@equipment-dashboard/domain';
import { AppRoutes } from '../app/router';
import { stubFetch, type StubHandler } from './fetch-stub';
import { dashboardRoutes, tokenFor } from './fixtures';
import { renderRoutes } from './render-routes';

export interface RenderAppOptions {
  route?: string;
  /** Signed in with this token (stored under user-token before the store starts). */
  token?: TokenResponse;
}

/** The whole console (real store, slices, router and shell) at a route, with a fake live socket. */
export function renderApp({ route = '/', token }: RenderAppOptions = {}) {
  return renderRoutes(route, <AppRoutes />, token);
}

/**
 * The whole console at `route`, signed in as `role`, over the dashboard's stubbed routes and the
 * screen's own `routes` (`stub` tells which calls it made).
 */
export function openApp(route: string, role: Role, routes: Record<string, StubHandler> = {}) {
  const stub = stubFetch(dashboardRoutes(routes));
  return { ...renderApp({ route, token: tokenFor(role) }), stub };
}
