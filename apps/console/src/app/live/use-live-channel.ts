import { createContext, useContext, useEffect, useRef } from 'react';
import { useStore } from 'react-redux';
import { endSession } from '../../shared/session/sign-out';
import { selectAccessToken, selectUser } from '../../shared/session/session-slice';
import { useAppSelector, type AppStore } from '../store';
import type { LiveChannel } from './live-channel';
import type { OpenLiveSocket } from './socket';

/** How the live socket is opened: null for socket.io's own; tests provide a fake socket here. */
export const LiveSocketContext = createContext<OpenLiveSocket | null>(null);

/** The live channel's chunk; the sign-in preloads it first (app/router.tsx). */
export const loadLiveRuntime = () => import('./live-runtime');

/**
 * Runs the live channel while a user is signed in (console-core §4: it starts only if a token exists,
 * and without one it disconnects). A renewed token reconnects the same channel.
 *
 * It runs from the app's frame, not from the signed-in shell: the channel starts as soon as the token is
 * stored, and its handshake and first loads go on while the shell's and the dashboard's chunks are still
 * arriving (the counters showed about 0.3 s earlier than when the shell started it).
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
    let cancelled = false;
    let started: LiveChannel | null = null;
    loadLiveRuntime()
      .then((runtime) => {
        if (cancelled) return;
        started = runtime.startLiveChannel({
          dispatch: store.dispatch,
          getState: store.getState,
          user: current,
          openSocket: openSocket ?? runtime.openLiveSocket,
          onUnauthorized: () => endSession(store.dispatch),
        });
        channel.current = started;
        tokenSeen.current = store.getState().session.accessToken;
      })
      .catch((error: unknown) => console.warn('live channel: its code could not be loaded', error));
    return () => {
      cancelled = true;
      started?.stop();
      channel.current = null;
    };
  }, [store, openSocket, username]);

  useEffect(() => {
    if (tokenSeen.current === accessToken) return;
    tokenSeen.current = accessToken;
    if (accessToken) channel.current?.renewToken();
  }, [accessToken]);
}
