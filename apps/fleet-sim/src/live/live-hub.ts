import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  IDENTITY_EVENT,
  LIVE_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@equipment-dashboard/contract';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { guardedPublisher } from './guarded-publisher';
import { Server, type Namespace } from 'socket.io';
import type { AuthUser } from '../auth/auth-user';

interface SocketData {
  user: AuthUser;
  identified: boolean;
}

type DashboardNamespace = Namespace<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
type EventName = keyof ServerToClientEvents;
type PayloadOf<E extends EventName> = Parameters<ServerToClientEvents[E]>[0];

/** What services need of the live channel: push events, and end a user's sockets. */
export interface LiveHub {
  /** To every console, on every server process (an event raised by this process's action). */
  emit<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  emitToUser<E extends EventName>(username: string, event: E, payload: PayloadOf<E>): void;
  /**
   * To the consoles of this process only: events every process derives on its own from what it reads in
   * the store (counters, staged totals, services, radars), which would otherwise reach consoles once per
   * process.
   */
  emitLocal<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  emitToUserLocal<E extends EventName>(username: string, event: E, payload: PayloadOf<E>): void;
  /** Users with a live socket on this process. */
  localUsernames(): string[];
  /** Closes every socket of the user on every server process (after a password or role change). */
  disconnectUser(username: string): void;
  /** Distinct signed-in users with a live socket, across every server process. */
  connectedUsers(): Promise<number>;
  /** Called when a console connects, identifies or leaves (the counters are re-sent then). */
  onPresenceChange(listener: () => void): void;
  /** Called for each new socket with a way to send to that socket alone (its first counters, at once). */
  onJoin(listener: (send: <E extends EventName>(event: E, payload: PayloadOf<E>) => void) => void): void;
  close(): Promise<void>;
}

export const userRoom = (username: string) => `user:${username}`;

/** The adapter's key for a deployment in a schema of its own; the adapter's default (`socket.io`) otherwise. */
export const liveChannelKey = (schema: string | undefined): string | undefined => (schema ? `socket.io:${schema}` : undefined);

export interface LiveHubOptions {
  transports: ('polling' | 'websocket')[];
  redisUrl?: string;
  /**
   * The Redis channels' prefix: deployments that share a Redis (one schema each in one PostgreSQL) must not
   * hear each other's events or count each other's consoles.
   */
  redisKey?: string;
  logger: Logger;
  authenticate(token: string | null): Promise<AuthUser>;
}

function handshakeToken(auth: Record<string, unknown>, header: string | undefined): string | null {
  if (typeof auth['token'] === 'string' && auth['token']) return auth['token'];
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/**
 * socket.io on the HTTP server, namespace /dashboard. The handshake must carry a valid token (in
 * `auth.token` or an Authorization header), checked on every connection; there is no connection-state
 * recovery, so no reconnect skips that check (the console refetches what it missed instead).
 */
export async function createLiveHub(httpServer: HttpServer, options: LiveHubOptions): Promise<LiveHub> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>(httpServer, {
    transports: options.transports,
    serveClient: false,
    cors: undefined,
  });
  const redisClients: { quit(): Promise<unknown> }[] = [];
  if (options.redisUrl) {
    const pub = createClient({ url: options.redisUrl });
    const sub = pub.duplicate();
    pub.on('error', (err) => options.logger.error({ err }, 'redis publisher error'));
    sub.on('error', (err) => options.logger.error({ err }, 'redis subscriber error'));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(guardedPublisher(pub, options.logger), sub, options.redisKey ? { key: options.redisKey } : {}));
    redisClients.push(pub, sub);
  }
  const nsp: DashboardNamespace = io.of(LIVE_NAMESPACE);
  const listeners: (() => void)[] = [];
  const presenceChanged = () => listeners.forEach((listener) => listener());
  const joinListeners: Parameters<LiveHub['onJoin']>[0][] = [];

  nsp.use((socket, next) => {
    const token = handshakeToken(socket.handshake.auth as Record<string, unknown>, socket.handshake.headers.authorization);
    options
      .authenticate(token)
      .then((user) => {
        socket.data.user = user;
        socket.data.identified = false;
        next();
      })
      .catch(() => next(new Error('unauthorized: a valid access token is required')));
  });

  nsp.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join(userRoom(user.username));
    options.logger.debug({ username: user.username, socket: socket.id }, 'live socket connected');
    presenceChanged();
    const send = <E extends EventName>(event: E, payload: PayloadOf<E>) =>
      (socket.emit as (e: string, p: unknown) => boolean)(event, payload);
    joinListeners.forEach((listener) => listener(send));
    socket.on(IDENTITY_EVENT, (identity, ack) => {
      const accepted = identity?.username === user.username;
      if (accepted) socket.data.identified = true;
      else options.logger.warn({ username: user.username, claimed: identity?.username }, 'identity refused');
      if (typeof ack === 'function') ack(accepted ? { ok: true } : { ok: false, error: 'The identity does not match the signed-in user.' });
      if (accepted) presenceChanged();
    });
    socket.on('disconnect', () => presenceChanged());
  });

  return {
    emit(event, payload) {
      (nsp.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUser(username, event, payload) {
      (nsp.to(userRoom(username)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitLocal(event, payload) {
      (nsp.local.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUserLocal(username, event, payload) {
      (nsp.local.to(userRoom(username)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    localUsernames() {
      return [...new Set([...nsp.sockets.values()].map((socket) => socket.data.user.username))];
    },
    disconnectUser(username) {
      nsp.in(userRoom(username)).disconnectSockets(true);
    },
    async connectedUsers() {
      const sockets = await nsp.fetchSockets();
      return new Set(sockets.map((s) => s.data.user.username)).size;
    },
    onPresenceChange(listener) {
      listeners.push(listener);
    },
    onJoin(listener) {
      joinListeners.push(listener);
    },
    async close() {
      nsp.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server; the caller owns that, so only close the engine.
        io.engine.close();
        resolve();
      });
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
