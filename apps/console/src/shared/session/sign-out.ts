import type { Dispatch } from '@reduxjs/toolkit';
import { authApi, baseApi, clearStoredToken } from '@equipment-dashboard/api-client';
import type { AppDispatch } from '../../app/store';
import { browser } from '../browser';
import { SHARED_TEXTS } from '../texts';
import { snackbarShown } from '../ui/ui-slice';
import { signedOut } from './session-slice';

/**
 * Logout (console-core §4): tells the server (a provider's user's sessions end there), removes the token, and
 * either goes to the provider to sign out there too (RP-initiated logout, which comes back to /login) or reloads
 * the page, which starts signed out. A server that cannot be reached does not keep anyone signed in here.
 */
export async function logout(dispatch: AppDispatch): Promise<void> {
  let redirectTo: string | null = null;
  try {
    redirectTo = (await dispatch(authApi.endpoints.logout.initiate()).unwrap()).redirectTo;
  } catch {
    redirectTo = null;
  }
  clearStoredToken();
  if (redirectTo) browser.assign(redirectTo);
  else browser.reload();
}

/**
 * The server refused the token (a 401, or the live channel's 'unauthorized'): forget it, drop every
 * cached answer of that user and let the router send the user to /login with a word why.
 */
export function endSession(dispatch: Dispatch): void {
  clearStoredToken();
  dispatch(signedOut());
  dispatch(baseApi.util.resetApiState());
  dispatch(snackbarShown(SHARED_TEXTS.sessionEnded));
}
