import { createContext, useContext, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { endSession } from '../../shared/session/sign-out';
import { selectAccessToken, selectUser } from '../../shared/session/session-slice';
import { useAppSelector, type AppStore } from '../store';
import { startLiveChannel, type LiveChannel } from './live-channel';
import { openLiveSocket, type OpenLiveSocket } from './socket';

/** How the live socket is opened; tests provide a fake socket here. */
export const LiveSocketContext = createContext<OpenLiveSocket>(openLiveSocket);

/**
 * Runs the live channel while a user is signed in (console-core §4: it starts only if a token exists,
 * and without one it disconnects). A renewed token reconnects the same channel.
 */
export function useLiveChannel(): void {
  const store = useStore() as AppStore;
  const openSocket = useContext(LiveSocketContext);
  const user = useAppSelector(selectUser);
  const accessToken = useAppSelector(selectAccessToken);
  const channel = useRef<LiveChannel | null>(null);
  const tokenSeen = useRef(accessToken);

  const username = user?.username;
  useEffect(() => {
    const current = store.getState().session.user;
    if (!current) return undefined;
    const started = startLiveChannel({
      dispatch: store.dispatch,
      getState: store.getState,
      user: current,
      openSocket,
      onUnauthorized: () => endSession(store.dispatch),
    });
    channel.current = started;
    return () => {
      started.stop();
      channel.current = null;
    };
  }, [store, openSocket, username]);

  useEffect(() => {
    if (tokenSeen.current === accessToken) return;
    tokenSeen.current = accessToken;
    if (accessToken) channel.current?.renewToken();
  }, [accessToken]);
}
