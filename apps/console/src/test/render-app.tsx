import { type TokenResponse } from '@equipment-dashboard/contract';
import { AppRoutes } from '../app/router';
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
