import {
  IDENTITY_EVENT,
  LIVE_EVENTS,
  type Identity,
  type LiveEventName,
} from '@equipment-dashboard/contract';
import {
  dashboardApi,
  equipmentApi,
  readStoredToken,
  TAG_TYPES,
  type TagType,
} from '@equipment-dashboard/api-client';
import { liveCountersApi } from '../../shared/api/live-counters.api';
import { busyEnded, busyStarted } from '../../shared/ui/ui-slice';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from '../store';
import { liveEventHandlers, parseLiveEvent } from './live-events';
import type { LiveSocket, OpenLiveSocket } from './socket';

/** A running live channel. */
export interface LiveChannel {
  /** Hands the server a renewed token (after a password change) by reconnecting with it. */
  renewToken(): void;
  /** Disconnects and lets go of everything the channel loaded. */
  stop(): void;
}

export interface LiveChannelOptions {
  dispatch: AppDispatch;
  getState: () => RootState;
  user: Identity;
  openSocket: OpenLiveSocket;
  /** The server refused the token: the session is over. */
  onUnauthorized: () => void;
  /** How long to wait before reconnecting after the server closed the socket. */
  reconnectDelayMs?: number;
}

/**
 * Every tag of the cache: while the channel was down (a server or Redis outage, a lost server process), any event may
 * have been missed, so every read on screen is fetched again on reconnect.
 */
const MISSED_WHILE_AWAY: readonly TagType[] = TAG_TYPES;

interface Subscription {
  unsubscribe(): void;
}

/** A dashboard read that takes no argument: started by dispatching its `initiate`, held by its subscription. */
interface NoArgumentRead {
  initiate(
    arg: undefined,
    options: { forceRefetch: boolean },
  ): ThunkAction<Subscription & PromiseLike<unknown>, unknown, unknown, UnknownAction>;
}

/**
 * The dashboard loads of console-core §4, started together rather than one after another (the old
 * console's order only mattered because it waited for each). Each returns its subscription, held until
 * the next load or the end of the channel, so the live events have cache entries to patch.
 */
function startLoads(dispatch: AppDispatch, username: string, forceRefetch: boolean) {
  const d = dashboardApi.endpoints;
  const options = { forceRefetch };
  const reads: NoArgumentRead[] = [
    d.readLatestSoftwareVersion,
    d.checkServices,
    d.readLatestGtpsSoftwareVersion,
    d.readLatestOasisSoftwareVersion,
    d.readStagedUpdateTotals,
    d.readStagedGtpsUpdateTotals,
    d.readStagedOasisUpdateTotals,
    d.readAlignerSoftwareVersions,
    d.readTicketStatistics,
    d.readGtpsSoftwareVersions,
    d.readOasisSoftwareVersions,
    d.readSpecVersions,
  ];
  return [
    dispatch(equipmentApi.endpoints.readFavorites.initiate({ username }, options)),
    ...reads.map((read) => dispatch(read.initiate(undefined, options))),
  ];
}

/**
 * Starts the live channel for a signed-in user (console-core §4): connects to /dashboard, announces
 * the identity on every connect, loads the dashboard data (with the busy overlay the first time; after
 * a reconnect it refetches quietly what it may have missed) and turns each event into cache changes.
 */
export function startLiveChannel(options: LiveChannelOptions): LiveChannel {
  const { dispatch, getState, user, openSocket, onUnauthorized } = options;
  const reconnectDelayMs = options.reconnectDelayMs ?? 1_000;
  let stopped = false;
  let connectedBefore = false;
  let busy = false;
  let subscriptions: Subscription[] = [];
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let tokenUsed: string | null = null;

  // Counters arrive only as events: hold their cache entry for as long as the channel runs.
  const counters = dispatch(liveCountersApi.endpoints.liveConnectionCounters.initiate());

  const socket: LiveSocket = openSocket(() => {
    tokenUsed = readStoredToken()?.access_token ?? null;
    return tokenUsed;
  });

  const load = async (first: boolean) => {
    if (first) {
      busy = true;
      dispatch(busyStarted());
    } else {
      dispatch(dashboardApi.util.invalidateTags([...MISSED_WHILE_AWAY]));
    }
    const previous = subscriptions;
    const started = startLoads(dispatch, user.username, !first);
    subscriptions = started;
    previous.forEach((subscription) => subscription.unsubscribe());
    // Failures are the screens' business (they show their own empty or error state).
    await Promise.allSettled(started);
    if (first && busy) {
      busy = false;
      dispatch(busyEnded());
    }
  };

  socket.on('connect', () => {
    const { username, email, role } = user;
    socket.emit(IDENTITY_EVENT, { username, email, role }, (answer) => {
      if (!answer.ok) console.warn('live channel: identity refused', answer.error);
    });
    const first = !connectedBefore;
    connectedBefore = true;
    void load(first);
  });

  socket.on('connect_error', (error) => {
    if (!error.message.startsWith('unauthorized')) {
      console.warn('live channel: cannot connect', error.message);
      // The server could not check the token just now (its store is away): socket.io does not retry a refusal.
      if (error.message.startsWith('unavailable') && !stopped) {
        reconnectTimer = setTimeout(() => {
          if (!stopped) socket.connect();
        }, reconnectDelayMs);
      }
      return;
    }
    // A token renewed since this handshake began (a password change) deserves another try.
    const stored = readStoredToken()?.access_token ?? null;
    if (stored !== null && stored !== tokenUsed) socket.connect();
    else onUnauthorized();
  });

  socket.on('disconnect', (reason) => {
    // The server closed the socket itself (a password or role change): socket.io does not come back
    // on its own then. Try again shortly; the handshake tells whether the token is still good.
    if (reason === 'io server disconnect' && !stopped) {
      reconnectTimer = setTimeout(() => {
        if (!stopped) socket.connect();
      }, reconnectDelayMs);
    }
  });

  const handlers = liveEventHandlers({ dispatch, getState, username: user.username });
  for (const name of Object.keys(LIVE_EVENTS) as LiveEventName[]) {
    const handler = handlers[name] as (payload: unknown) => void;
    socket.on(name, (payload: unknown) => {
      if (stopped) return;
      const parsed = parseLiveEvent(name, payload);
      if (parsed !== null) handler(parsed);
    });
  }

  return {
    renewToken() {
      if (stopped) return;
      socket.disconnect();
      socket.connect();
    },
    stop() {
      stopped = true;
      clearTimeout(reconnectTimer);
      socket.removeAllListeners();
      socket.disconnect();
      subscriptions.forEach((subscription) => subscription.unsubscribe());
      subscriptions = [];
      counters.unsubscribe();
      if (busy) {
        busy = false;
        dispatch(busyEnded());
      }
    },
  };
}
