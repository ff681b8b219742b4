import request from 'supertest';
import type { Socket } from 'socket.io-client';
import { connectLive } from '../test/live-socket';
import { dropSchema } from '../test/test-store';
import * as spawned from '../test/spawn-server';
import type { ServerProcess } from '../test/spawn-server';

const databaseUrl = process.env['DATABASE_URL'] ?? '';

/**
 * console-core §4 and the Redis adapter: two server processes share one PostgreSQL schema and one
 * Redis; what one process raises reaches a console connected to the other.
 */
describe('two server processes on one Redis', () => {
  const { schema, env: shared } = spawned.sharedStoreEnv('100');
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    spawned.requireBuild();
    // One process runs the fleet; the second serves the API and the live channel only.
    a = await spawned.startServerProcess(shared);
    b = await spawned.startServerProcess({ ...shared, SIM_ENGINE: 'false' });
  });

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    await Promise.all([a?.stop(), b?.stop()]);
    await dropSchema(databaseUrl, schema);
  });

  it('when a role change is made on one process, then the user is disconnected from the other', async () => {
    const techToken = await spawned.tokenAt(a.url, 'tech');
    const socket = await connectLive(b.url, techToken);
    sockets.push(socket);
    const disconnected = new Promise((r) => socket.once('disconnect', r));
    const admin = await spawned.tokenAt(a.url, 'admin');
    const res = await request(a.url)
      .post('/update/user/v1/')
      .set('Authorization', `Bearer ${admin}`)
      .send({ username: 'tech', role: 'guest' });
    expect(res.status).toBe(200);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });
});
