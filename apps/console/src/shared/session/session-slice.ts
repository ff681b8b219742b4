import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type Identity, type TokenResponse } from '@equipment-dashboard/contract';
import { readStoredToken } from '@equipment-dashboard/api-client';

/**
 * Who is signed in. The stored token (localStorage `user-token`) is the source of truth that every
 * call reads; this slice mirrors it so that the screens re-render when it changes.
 */
export interface SessionState {
  user: Identity | null;
  /** The access token the live channel hands over; it changes after a password change. */
  accessToken: string | null;
}

/** The session as the stored token says at start-up. */
function sessionFromStorage(): SessionState {
  const token = readStoredToken();
  return token ? { user: token.user, accessToken: token.access_token } : { user: null, accessToken: null };
}

export const sessionSlice = createSlice({
  name: 'session',
  initialState: sessionFromStorage,
  reducers: {
    /** A sign-in or a renewed token (after a password change) was stored. */
    tokenStored(_state, action: PayloadAction<TokenResponse>) {
      return { user: action.payload.user, accessToken: action.payload.access_token };
    },
    signedOut() {
      return { user: null, accessToken: null };
    },
  },
});

export const { tokenStored, signedOut } = sessionSlice.actions;

interface WithSession {
  session: SessionState;
}

export const selectUser = (state: WithSession): Identity | null => state.session.user;
export const selectSignedIn = (state: WithSession): boolean => state.session.user !== null;
export const selectAccessToken = (state: WithSession): string | null => state.session.accessToken;
