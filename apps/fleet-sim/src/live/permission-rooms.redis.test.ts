import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PERMISSIONS, isRole } from '@equipment-dashboard/domain';
import type { Rollout } from '@equipment-dashboard/contract';
import pino from 'pino';
import type { Socket } from 'socket.io-client';
import type { AuthUser } from '../auth/auth-user';
import { connectLive, eventsUntilMarker } from '../test/live-socket';
import { createLiveHub, type LiveHub } from './live-hub';

/** A token of these tests is `role:username`: the hubs' routing is under test here, not the tokens. */
async function authenticate(token: string | null): Promise<{ user: AuthUser; expiresAt: Date }> {
  const [role, username] = (token ?? '').split(':');
  if (!isRole(role) || !username) throw new Error('unauthorized');
  return {
    user: { username, email: `${username}@example.test`, role },
    expiresAt: new Date(Date.now() + 3_600_000),
  };
}

/**
 * Two server processes' live hubs on one Redis: an event routed by permission on one reaches, on the other, the
 * consoles whose role holds the permission, and only those.
 */
describe('live events by permission across processes', () => {
  const redisKey = `socket.io:rooms-${randomBytes(4).toString('hex')}`;
  const servers: HttpServer[] = [];
  const hubs: LiveHub[] = [];
  const sockets: Socket[] = [];
  let urlOfB = '';

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const server = createServer();
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      servers.push(server);
      const hub = await createLiveHub({
        transports: ['polling'],
        redisUrl: process.env['REDIS_URL'],
        redisKey,
        logger: pino({ level: 'silent' }),
        authenticate,
      });
      hub.attach(server);
      hubs.push(hub);
    }
    urlOfB = `http://127.0.0.1:${(servers[1]?.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await new Promise((r) => setTimeout(r, 200));
    await Promise.all(hubs.map((hub) => hub.close()));
    await Promise.all(servers.map((server) => new Promise((r) => server.close(r))));
  });

  it('when one process sends to a permission, then a permitted console on the other hears it and a guest does not', async () => {
    const reader = await connectLive(urlOfB, 'support_lvl2:lvl2');
    const guest = await connectLive(urlOfB, 'guest:visitor');
    sockets.push(reader, guest);
    const a = hubs[0];
    if (!a) throw new Error('the first hub did not start');
    const recorded = eventsUntilMarker(guest, (event, payload) => a.emit(event, payload));
    const heard = new Promise<unknown>((resolve) => reader.once('ROLLOUT_UPDATED', resolve));
    a.emitToPermitted(PERMISSIONS.viewRollouts, 'ROLLOUT_UPDATED', { id: 7 } as unknown as Rollout);
    await expect(heard).resolves.toEqual({ id: 7 });
    expect(await recorded.untilMarker()).not.toContain('ROLLOUT_UPDATED');
  });
});
