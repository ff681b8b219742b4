import { io, type Socket } from 'socket.io-client';
import { LIVE_NAMESPACE, type ClientToServerEvents, type ServerToClientEvents } from '@equipment-dashboard/api';

/** The typed socket of the live channel. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens the live socket; `token` is read at every handshake, so a renewed token is used on reconnect. */
export type OpenLiveSocket = (token: () => string | null) => LiveSocket;

/** Namespace /dashboard on the console's own origin, polling transport only (console-core §4, §9). */
export const openLiveSocket: OpenLiveSocket = (token) =>
  io(LIVE_NAMESPACE, {
    transports: ['polling'],
    auth: (send) => send({ token: token() }),
  });
