import { io, type Socket } from 'socket.io-client';
import {
  LIVE_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@equipment-dashboard/contract';

/** The typed socket of the live channel. */
export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Opens the live socket; `token` is read at every handshake, so a renewed token is used on reconnect. */
export type OpenLiveSocket = (token: () => string | null) => LiveSocket;

/**
 * This page's id for a load balancer in front of several servers: every poll of one socket must reach the
 * server that holds it (docs/operations.md hashes on it). Not a secret: any random text does.
 */
const CONSOLE_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Namespace /dashboard on the console's own origin, polling transport only (console-core §4, §9). */
export const openLiveSocket: OpenLiveSocket = (token) =>
  io(LIVE_NAMESPACE, {
    transports: ['polling'],
    auth: (send) => send({ token: token() }),
    extraHeaders: { 'X-Console-Id': CONSOLE_ID },
  });
