import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import {
  IDENTITY_EVENT,
  LIVE_NAMESPACE,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@equipment-dashboard/contract';
import { permissionsOf, type Permission } from '@equipment-dashboard/domain';
import type { Logger } from 'pino';
import { createClient } from 'redis';
import { guardedPublisher } from './guarded-publisher';
import { Server, type Namespace } from 'socket.io';
import type { AuthUser } from '../auth/auth-user';
import { metrics } from '../core/metrics';
import type { LiveEventName, LivePayloadOf, LivePublisher } from '../services/live-publisher';
import { storeFaultOf } from '../store/database-errors';

interface SocketData {
  user: AuthUser;
  identified: boolean;
  /** When the handshake's token expires (ms since the epoch): the socket is closed then. */
  expiresAt: number;
}

/** setTimeout's longest delay (about 24.8 days): an expiry further away is waited for in steps. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

type DashboardNamespace = Namespace<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  SocketData
>;
type EventName = LiveEventName;
type PayloadOf<E extends EventName> = LivePayloadOf<E>;

/** The live channel of this process: what the services publish through it, and what the process's own bridge needs. */
export interface LiveHub extends LivePublisher {
  /**
   * To the consoles of this process only: events every process derives on its own from what it reads in
   * the store (counters, staged totals, services, radars), which would otherwise reach consoles once per
   * process.
   */
  emitLocal<E extends EventName>(event: E, payload: PayloadOf<E>): void;
  emitToUserLocal<E extends EventName>(username: string, event: E, payload: PayloadOf<E>): void;
  /** {@link LiveHub.emitToPermitted} for this process's consoles only (see {@link LiveHub.emitLocal}). */
  emitToPermittedLocal<E extends EventName>(permission: Permission, event: E, payload: PayloadOf<E>): void;
  /** Whether both Redis connections are up (null without Redis). */
  redisReady(): boolean | null;
  /** Users with a live socket on this process. */
  localUsernames(): string[];
  /** Distinct signed-in users with a live socket, across every server process. */
  connectedUsers(): Promise<number>;
  /** Called when a console connects, identifies or leaves (the counters are re-sent then). */
  onPresenceChange(listener: () => void): void;
  /** Called for each new socket with a way to send to that socket alone (its first counters, at once). */
  onJoin(listener: (send: <E extends EventName>(event: E, payload: PayloadOf<E>) => void) => void): void;
  /**
   * Serves the live channel on the HTTP server, once the server has its app: engine.io answers its own path first and
   * hands every other request to the handlers the server already has.
   */
  attach(httpServer: HttpServer): void;
  close(): Promise<void>;
}

export const userRoom = (username: string) => `user:${username}`;
/** The sockets opened with one personal access token: its revocation closes them. */
export const accessTokenRoom = (tokenId: string) => `access-token:${tokenId}`;

/** Over how long the consoles of a process are asked to reconnect after Redis came back (not all in one instant). */
const RESYNC_SPREAD_MS = 1_500;
/**
 * How long a count of connected users serves everyone who asks: the counters are coalesced to one broadcast every
 * half second anyway, and a join's own count being a quarter of a second old shows no console anything wrong.
 */
const CONNECTED_USERS_FRESH_MS = 250;
/**
 * A socket joins one room per permission of its user's role when it connects. A role change closes the user's
 * sockets (see disconnectUser), so a socket never keeps the rooms of a role its user no longer has.
 */
export const permissionRoom = (permission: Permission) => `permission:${permission}`;

/** The adapter's key for a deployment in a schema of its own; the adapter's default (`socket.io`) otherwise. */
export const liveChannelKey = (schema: string | undefined): string | undefined =>
  schema ? `socket.io:${schema}` : undefined;

export interface LiveHubOptions {
  transports: ('polling' | 'websocket')[];
  redisUrl?: string;
  /**
   * The Redis channels' prefix: deployments that share a Redis (one schema each in one PostgreSQL) must not
   * hear each other's events or count each other's consoles.
   */
  redisKey?: string;
  logger: Logger;
  /** The token's user and when the token expires; throws when the token is not (or no longer) valid. */
  authenticate(token: string | null): Promise<{ user: AuthUser; expiresAt: Date }>;
}

function handshakeToken(auth: Record<string, unknown>, header: string | undefined): string | null {
  if (typeof auth['token'] === 'string' && auth['token']) return auth['token'];
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header.trim()) : null;
  return match?.[1] ?? null;
}

/**
 * socket.io, namespace /dashboard, served on an HTTP server by {@link LiveHub.attach}. The handshake must carry a valid token (in
 * `auth.token` or an Authorization header), checked on every connection; there is no connection-state
 * recovery, so no reconnect skips that check (the console refetches what it missed instead).
 */
export async function createLiveHub(options: LiveHubOptions): Promise<LiveHub> {
  const io = new Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>({
    transports: options.transports,
    serveClient: false,
    cors: undefined,
  });
  const redisClients: { quit(): Promise<unknown>; readonly isReady: boolean }[] = [];
  const unwatch: (() => void)[] = [];
  // Set once the namespace exists: what to do when Redis comes back after it was lost.
  let redisBack = (): void => undefined;
  if (options.redisUrl) {
    // Tried again at most every second while Redis is away, so that events flow again soon after it returns.
    const pub = createClient({
      url: options.redisUrl,
      socket: { reconnectStrategy: (retries: number) => Math.min(100 * 2 ** retries, 1_000) },
    });
    const sub = pub.duplicate();
    let lost = false;
    const watchClient = (client: typeof pub, name: string) => {
      client.on('error', (err) => {
        if (!lost)
          options.logger.error(
            { err },
            `redis ${name} error: live events between processes stop until it is back`,
          );
        lost = true;
      });
      client.on('ready', () => {
        if (!lost || !pub.isReady || !sub.isReady) return;
        lost = false;
        metrics.redisReconnects.inc();
        options.logger.info('redis is back: live events flow again between processes');
        redisBack();
      });
    };
    watchClient(pub, 'publisher');
    watchClient(sub, 'subscriber');
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(
      createAdapter(
        guardedPublisher(pub, options.logger),
        sub,
        options.redisKey ? { key: options.redisKey } : {},
      ),
    );
    redisClients.push(pub, sub);
    unwatch.push(metrics.redisUp.watch(() => [{ value: pub.isReady && sub.isReady ? 1 : 0 }]));
  }
  const nsp: DashboardNamespace = io.of(LIVE_NAMESPACE);
  unwatch.push(metrics.liveConnections.watch(() => [{ value: nsp.sockets.size }]));
  // Events of other processes published while Redis was away never reached this process's consoles: each is asked
  // to reconnect (spread over a second or two), and a console refetches what it shows when it reconnects.
  redisBack = () => {
    const sockets = [...nsp.sockets.values()];
    sockets.forEach((socket, i) =>
      setTimeout(
        () => socket.disconnect(false),
        Math.floor((i / Math.max(1, sockets.length)) * RESYNC_SPREAD_MS),
      ).unref(),
    );
  };
  const listeners: (() => void)[] = [];
  /** Bumped at every join and leave of this process's sockets: a count made before one is not reused after it. */
  let presence = 0;
  const presenceChanged = () => {
    presence += 1;
    listeners.forEach((listener) => listener());
  };
  const joinListeners: Parameters<LiveHub['onJoin']>[0][] = [];
  /** The other processes' users as last asked, shared by whoever asks within {@link CONNECTED_USERS_FRESH_MS}. */
  let usersAsked: { at: number; remote: Promise<Set<string>> } | undefined;
  /** The last count: served again while neither the other processes' answer nor this process's sockets changed. */
  let usersCounted: { asked: object; presence: number; count: Promise<number> } | undefined;

  nsp.use((socket, next) => {
    const token = handshakeToken(
      socket.handshake.auth as Record<string, unknown>,
      socket.handshake.headers.authorization,
    );
    options
      .authenticate(token)
      .then(({ user, expiresAt }) => {
        socket.data.user = user;
        socket.data.identified = false;
        socket.data.expiresAt = expiresAt.getTime();
        next();
      })
      // A store that is away is no reason to sign the console out: it is told to try again.
      .catch((err: unknown) =>
        next(
          new Error(
            storeFaultOf(err)
              ? 'unavailable: the server cannot check the token just now; try again'
              : 'unauthorized: a valid access token is required',
          ),
        ),
      );
  });

  nsp.on('connection', (socket) => {
    const { user } = socket.data;
    void socket.join([
      userRoom(user.username),
      ...(user.accessTokenId ? [accessTokenRoom(user.accessTokenId)] : []),
      ...permissionsOf(user.role).map(permissionRoom),
    ]);
    options.logger.debug({ username: user.username, socket: socket.id }, 'live socket connected');
    presenceChanged();
    const send = <E extends EventName>(event: E, payload: PayloadOf<E>) =>
      (socket.emit as (e: string, p: unknown) => boolean)(event, payload);
    joinListeners.forEach((listener) => listener(send));
    socket.on(IDENTITY_EVENT, (identity, ack) => {
      const accepted = identity?.username === user.username;
      if (accepted) socket.data.identified = true;
      else options.logger.warn({ username: user.username, claimed: identity?.username }, 'identity refused');
      if (typeof ack === 'function')
        ack(
          accepted ? { ok: true } : { ok: false, error: 'The identity does not match the signed-in user.' },
        );
      if (accepted) presenceChanged();
    });
    // A socket is as good as the token it was opened with: it ends when the token expires, as a call with that
    // token would be refused from then on (the console reconnects with its current token, or signs out).
    let expiry: NodeJS.Timeout | undefined;
    const closeAtExpiry = () => {
      const left = socket.data.expiresAt - Date.now();
      if (left <= 0) {
        socket.disconnect(true);
        return;
      }
      expiry = setTimeout(closeAtExpiry, Math.min(left, LONGEST_TIMER_MS));
      expiry.unref();
    };
    closeAtExpiry();
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      presenceChanged();
    });
  });

  return {
    emit(event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUser(username, event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.to(userRoom(username)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToPermitted(permission, event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.to(permissionRoom(permission)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitLocal(event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.local.emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToUserLocal(username, event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.local.to(userRoom(username)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    emitToPermittedLocal(permission, event, payload) {
      metrics.liveEventsSent.inc({ event });
      (nsp.local.to(permissionRoom(permission)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    redisReady() {
      return redisClients.length === 0 ? null : redisClients.every((client) => client.isReady);
    },
    localUsernames() {
      return [...new Set([...nsp.sockets.values()].map((socket) => socket.data.user.username))];
    },
    disconnectUser(username) {
      nsp.in(userRoom(username)).disconnectSockets(true);
    },
    disconnectAccessToken(tokenId) {
      nsp.in(accessTokenRoom(tokenId)).disconnectSockets(true);
    },
    connectedUsers() {
      // Across processes this is a request over Redis that every other process answers with all its sockets: a
      // burst of consoles connecting (each is sent the counters as it joins) asks the others once, not once a
      // console. This process's own sockets are counted as they are now, so a console that just joined counts.
      const now = Date.now();
      if (!usersAsked || now - usersAsked.at >= CONNECTED_USERS_FRESH_MS) {
        const remote = nsp
          .fetchSockets()
          .then(
            (sockets) =>
              new Set(sockets.filter((s) => !nsp.sockets.has(s.id)).map((s) => s.data.user.username)),
          );
        const asked = { at: now, remote };
        usersAsked = asked;
        remote.catch(() => {
          if (usersAsked === asked) usersAsked = undefined;
        });
      }
      if (usersCounted?.asked === usersAsked && usersCounted.presence === presence) return usersCounted.count;
      const count = usersAsked.remote.then((remote) => {
        const users = new Set(remote);
        for (const socket of nsp.sockets.values()) users.add(socket.data.user.username);
        return users.size;
      });
      usersCounted = { asked: usersAsked, presence, count };
      return count;
    },
    onPresenceChange(listener) {
      listeners.push(listener);
    },
    onJoin(listener) {
      joinListeners.push(listener);
    },
    attach(httpServer) {
      io.attach(httpServer);
    },
    async close() {
      unwatch.forEach((off) => off());
      nsp.disconnectSockets(true);
      await new Promise<void>((resolve) => {
        // io.close() also closes the HTTP server; the caller owns that, so only close the engine (if attached).
        (io.engine as typeof io.engine | undefined)?.close();
        resolve();
      });
      await Promise.all(redisClients.map((c) => c.quit().catch(() => undefined)));
    },
  };
}
