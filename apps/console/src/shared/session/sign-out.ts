import type { Dispatch } from '@reduxjs/toolkit';
import { baseApi, clearStoredToken } from '@equipment-dashboard/api-client';
import { browser } from '../browser';
import { SHARED_TEXTS } from '../texts';
import { snackbarShown } from '../ui/ui-slice';
import { signedOut } from './session-slice';

/** Logout (console-core §4): removes the token and reloads the page, which starts signed out. */
export function logout(): void {
  clearStoredToken();
  browser.reload();
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
