import { io, type Socket } from 'socket.io-client';

/** A console's live channel as the tests open it: socket.io polling on /dashboard, the token in auth, no reconnection. */
export function openLive(url: string, token: string): Socket {
  return io(`${url}/dashboard`, {
    transports: ['polling'],
    auth: { token },
    reconnection: false,
    forceNew: true,
  });
}

/** The same, once connected (a refused connection rejects with the server's reason). */
export async function connectLive(url: string, token: string): Promise<Socket> {
  const socket = openLive(url, token);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Counters no real fleet has: the marker of {@link eventsUntilMarker}. */
const MARKER = { connectedAligners: 0, totalAligners: 987_654_321, connectedUsers: 0 };

/**
 * The names of the events a socket receives from now until a marker, which `sendToEveryone` sends to every
 * console after the events under test, reaches it. socket.io delivers one socket's events in order, so an event
 * sent before the marker that is not in the list never reached the socket (no waiting for a silence).
 */
export function eventsUntilMarker(
  socket: Socket,
  sendToEveryone: (event: 'CONNECTION_COUNTERS', payload: typeof MARKER) => void,
): { untilMarker(): Promise<string[]> } {
  const names: string[] = [];
  let reached: (() => void) | undefined;
  const listener = (event: string, payload: unknown) => {
    if (
      event === 'CONNECTION_COUNTERS' &&
      (payload as typeof MARKER | undefined)?.totalAligners === MARKER.totalAligners
    ) {
      socket.offAny(listener);
      reached?.();
    } else names.push(event);
  };
  socket.onAny(listener);
  return {
    async untilMarker() {
      const done = new Promise<void>((resolve) => (reached = resolve));
      sendToEveryone('CONNECTION_COUNTERS', MARKER);
      await done;
      return names;
    },
  };
}
