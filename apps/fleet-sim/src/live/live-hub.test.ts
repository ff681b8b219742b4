import { io as connect, type Socket } from 'socket.io-client';
import { findUser } from '../store/repos/users-repo';
import { startTestServer, type TestServer } from '../test/test-server';

function client(url: string, token?: string): Socket {
  return connect(`${url}/dashboard`, {
    transports: ['polling'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
}

function outcome(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

describe('live channel /dashboard (console-core §4)', () => {
  let t: TestServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    t = await startTestServer();
  });
  afterAll(async () => {
    // Let each polling client finish its goodbye request before the server goes away.
    sockets.forEach((s) => s.close());
    await new Promise((r) => setTimeout(r, 200));
    await t.close();
  });

  it('when a client connects without a token, then the connection is refused', async () => {
    const socket = client(t.url);
    sockets.push(socket);
    expect(await outcome(socket)).toMatch(/unauthorized/);
  });

  it('when a client connects with a token over polling, then it connects, identifies and receives events', async () => {
    const token = await t.tokenFor('support');
    const socket = client(t.url, token);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    const ack = await socket.timeout(5000).emitWithAck('dashboard/identity', {
      username: 'support',
      email: 'support@equipment-dashboard.example',
      role: 'support',
    });
    expect(ack).toEqual({ ok: true });
    const received = new Promise((resolve) => socket.once('CONNECTION_COUNTERS', resolve));
    t.server.deps.live.emit('CONNECTION_COUNTERS', {
      connectedAligners: 1,
      totalAligners: 2,
      connectedUsers: 1,
    });
    await expect(received).resolves.toEqual({ connectedAligners: 1, totalAligners: 2, connectedUsers: 1 });
    expect(await t.server.live.connectedUsers()).toBeGreaterThanOrEqual(1);
  });

  it('when many consoles ask for the connected users at once, then one count serves them all, a console that joins counts at once, and a later ask counts again', async () => {
    // A burst of consoles joining asks once (across processes each count is a request every process answers).
    const first = t.server.live.connectedUsers();
    expect(t.server.live.connectedUsers()).toBe(first);
    const before = await first;
    const token = await t.tokenFor('engineer');
    const socket = client(t.url, token);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    // This process's own sockets are counted as they are: the console that just joined counts at once.
    expect(await t.server.live.connectedUsers()).toBe(before + 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.server.live.connectedUsers()).not.toBe(first);
    expect(await t.server.live.connectedUsers()).toBe(before + 1);
  });

  it('when a client claims another identity, then the identity is refused', async () => {
    const token = await t.tokenFor('guest');
    const socket = client(t.url, token);
    sockets.push(socket);
    await outcome(socket);
    const ack = await socket
      .timeout(5000)
      .emitWithAck('dashboard/identity', { username: 'admin', email: 'a@x', role: 'admin' });
    expect(ack).toMatchObject({ ok: false });
  });

  it("when the user's role changes, then their sockets are disconnected", async () => {
    const admin = await t.tokenFor('admin');
    const token = await t.tokenFor('tech');
    const socket = client(t.url, token);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const res = await t.http
      .post('/update/user/v1/')
      .set('Authorization', `Bearer ${admin}`)
      .send({ username: 'tech', role: 'guest' });
    expect(res.status).toBe(200);
    await expect(disconnected).resolves.toBe('io server disconnect');
  });

  it('when the token a socket was opened with expires, then the server disconnects the socket', async () => {
    const { signer, db } = t.server.deps;
    const row = await findUser(db, 'support');
    if (!row) throw new Error('no user support');
    // Issued so long ago that it expires about two seconds from now.
    const issuedAt = new Date(Date.now() + 2_000 - signer.lifetimeSeconds * 1000);
    const token = await signer.sign(
      { username: 'support', role: 'support', version: row.tokenVersion, accountId: row.accountId },
      issuedAt,
    );
    const socket = client(t.url, token);
    sockets.push(socket);
    expect(await outcome(socket)).toBe('connected');
    const ended = new Promise((resolve) => socket.once('disconnect', resolve));
    const stillOpen = new Promise((resolve) =>
      setTimeout(() => resolve('still connected 6 s later'), 6_000).unref(),
    );
    await expect(Promise.race([ended, stillOpen])).resolves.toBe('io server disconnect');
  });
});
