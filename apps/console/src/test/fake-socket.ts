import type { LiveEventName, LiveEventPayloads } from '@equipment-dashboard/contract';
import type { LiveSocket, OpenLiveSocket } from '../app/live/socket';

type Listener = (...args: never[]) => void;

/**
 * A stand-in for the socket.io client: the test plays the server (connects it, pushes events,
 * refuses the token) and reads what the console emitted.
 */
export class FakeSocket {
  connected = false;
  readonly emitted: { event: string; payload: unknown }[] = [];
  /** The token the console handed over at each handshake. */
  readonly handshakes: (string | null)[] = [];
  connectCalls = 0;
  disconnectCalls = 0;
  private listeners = new Map<string, Listener[]>();

  constructor(private readonly token: () => string | null) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }

  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }

  emit(event: string, payload: unknown, ack?: (answer: { ok: true }) => void): this {
    this.emitted.push({ event, payload });
    ack?.({ ok: true });
    return this;
  }

  connect(): this {
    this.connectCalls += 1;
    return this;
  }

  disconnect(): this {
    this.disconnectCalls += 1;
    this.connected = false;
    return this;
  }

  private fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }

  /** The server accepts the handshake. */
  serverConnects(): void {
    this.handshakes.push(this.token());
    this.connected = true;
    this.fire('connect');
  }

  /** The server refuses the handshake. */
  serverRefuses(message: string): void {
    this.handshakes.push(this.token());
    this.fire('connect_error', new Error(message));
  }

  serverDisconnects(reason: string): void {
    this.connected = false;
    this.fire('disconnect', reason);
  }

  serverEmits<K extends LiveEventName>(event: K, payload: LiveEventPayloads[K]): void {
    this.fire(event, payload);
  }
}

/** A socket factory for LiveSocketContext that keeps every socket it opened. */
export function fakeSockets(): { open: OpenLiveSocket; sockets: FakeSocket[]; last(): FakeSocket } {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    open: (token) => {
      const socket = new FakeSocket(token);
      sockets.push(socket);
      return socket as unknown as LiveSocket;
    },
    last: () => {
      const socket = sockets.at(-1);
      if (!socket) throw new Error('No live socket was opened.');
      return socket;
    },
  };
}
