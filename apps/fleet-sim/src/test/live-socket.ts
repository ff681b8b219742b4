import { io, type Socket } from 'socket.io-client';

/** A console's live channel as the tests open it: socket.io polling on /dashboard, the token in auth, no reconnection. */
export function openLive(url: string, token: string): Socket {
  return io(`${url}/dashboard`, { transports: ['polling'], auth: { token }, reconnection: false, forceNew: true });
}

/** The same, once connected. */
export async function connectLive(url: string, token: string): Promise<Socket> {
  const socket = openLive(url, token);
  await new Promise<void>((r) => socket.once('connect', () => r()));
  return socket;
}
