import { createHash } from 'node:crypto';
import { accessTokenSchema, createdAccessTokenSchema } from '@equipment-dashboard/contract';
import { eq, sql } from 'drizzle-orm';
import { runClock } from '../../cli/scenario-command';
import { loadConfig } from '../../config/config';
import { rowsOf } from '../../store/repos/feed-repo';
import { accessTokens } from '../../store/schema';
import { bearer, newUserBody, until } from '../../test/fleet-helpers';
import { connectLive } from '../../test/live-socket';
import { useTestServer } from '../../test/test-server';

const DAY = 24 * 60 * 60 * 1000;

describe('personal access tokens', () => {
  const t = useTestServer({ users: ['admin', 'engineer', 'support', 'tech'] });

  async function create(username: string, body: Record<string, unknown>) {
    return t.as(username).post('/create/access_token/v1').send(body);
  }

  async function tokenOf(
    username: string,
    body: Record<string, unknown> = {},
  ): Promise<{ id: string; token: string }> {
    const res = await create(username, { name: `script of ${username}`, ...body });
    expect(res.status).toBe(200);
    return createdAccessTokenSchema.parse(res.body);
  }

  it('when a token is created, then it is answered once, stored only as its SHA-256 and listed without it', async () => {
    const { id, token } = await tokenOf('engineer', { name: 'ci pipeline', expiresInDays: 90 });
    expect(token).toMatch(/^edpat_[\w-]{43}$/);
    const [row] = await t.server.deps.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await t.as('engineer').get('/read/access_tokens/v1/');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(token);
    const listed = (list.body.docs as unknown[])
      .map((d) => accessTokenSchema.parse(d))
      .find((d) => d.id === id);
    expect(listed).toMatchObject({
      name: 'ci pipeline',
      username: 'engineer',
      role: 'engineer',
      lastUsedAt: null,
    });
    expect(new Date(listed?.expiresAt ?? 0).getTime() - Date.now()).toBeGreaterThan(89 * DAY);
  });

  it('when the token is a Bearer token, then every call its role allows works and the others are refused', async () => {
    const { token } = await tokenOf('support');
    expect(
      (await t.http.get('/read/expired/v1').query({ username: 'support' }).set(bearer(token))).status,
    ).toBe(200);
    expect((await t.http.get('/read/users/v1/').set(bearer(token))).status).toBe(403);
  });

  it("when a token's role would exceed its creator's, then it is refused; a role within it is taken", async () => {
    const refused = await create('support', { name: 'too much', role: 'engineer' });
    expect(refused.status).toBe(403);
    expect((await create('support', { name: 'sideways', role: 'ezadas' })).status).toBe(403);
    const { token } = await tokenOf('engineer', { role: 'guest' });
    expect((await t.http.post('/create/ticket/v1').set(bearer(token)).send({})).status).toBe(403);
  });

  it('when the expiry is beyond a year, past, or given twice, then the request is refused with every problem', async () => {
    const far = new Date(Date.now() + 366 * DAY).toISOString();
    expect((await create('tech', { name: 'x', expiresAt: far })).status).toBe(400);
    expect(
      (await create('tech', { name: 'x', expiresAt: new Date(Date.now() - DAY).toISOString() })).status,
    ).toBe(400);
    expect((await create('tech', { name: 'x', expiresInDays: 400 })).status).toBe(400);
    const both = await create('tech', { name: 'x', expiresInDays: 3, expiresAt: far });
    expect(both.status).toBe(400);
    expect(both.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'expiresInDays' })]),
    );
    expect((await create('tech', { name: '' })).status).toBe(400);
  });

  it('when a token has expired, then its next call is refused at once', async () => {
    const { id, token } = await tokenOf('tech');
    const call = () => t.http.get('/read/expired/v1').query({ username: 'tech' }).set(bearer(token));
    expect((await call()).status).toBe(200);
    await t.server.deps.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.id, id));
    expect((await call()).status).toBe(401);
  });

  it('when a token is revoked, then its next call gets 401 and its live socket is closed', async () => {
    const { id, token } = await tokenOf('engineer');
    const socket = await connectLive(t.url, token);
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
    const revoked = await t.as('engineer').post('/delete/access_token/v1').send({ id });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id, revoked: true });
    expect(
      (await t.http.get('/read/expired/v1').query({ username: 'engineer' }).set(bearer(token))).status,
    ).toBe(401);
    await closed;
    expect(socket.connected).toBe(false);
    // The console's own session of the same user stays.
    expect((await t.as('engineer').get('/read/access_tokens/v1/')).status).toBe(200);
  });

  it("when a user lists or revokes, then it is their own tokens; an admin sees and revokes everyone's", async () => {
    const mine = await tokenOf('tech');
    const theirs = await tokenOf('support');
    const techList = await t.as('tech').get('/read/access_tokens/v1/');
    const usernames = (techList.body.docs as { username: string }[]).map((d) => d.username);
    expect(new Set(usernames)).toEqual(new Set(['tech']));
    expect((await t.as('tech').post('/delete/access_token/v1').send({ id: theirs.id })).status).toBe(404);
    const adminList = await t.as('admin').get('/read/access_tokens/v1/');
    const ids = (adminList.body.docs as { id: string }[]).map((d) => d.id);
    expect(ids).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await t.as('admin').post('/delete/access_token/v1').send({ id: theirs.id })).status).toBe(200);
    expect(
      (await t.http.get('/read/expired/v1').query({ username: 'support' }).set(bearer(theirs.token))).status,
    ).toBe(401);
  });

  it('when a token tries to create a token, then it is refused', async () => {
    const { token } = await tokenOf('admin');
    const res = await t.http.post('/create/access_token/v1').set(bearer(token)).send({ name: 'child' });
    expect(res.status).toBe(403);
  });

  it('when a token is used, then its last use is recorded, at most once a minute', async () => {
    const { id, token } = await tokenOf('tech');
    const call = () => t.http.get('/read/expired/v1').query({ username: 'tech' }).set(bearer(token));
    await call();
    const first = await until(
      async () =>
        (await t.server.deps.db.select().from(accessTokens).where(eq(accessTokens.id, id)))[0]?.lastUsedAt,
      (at) => at instanceof Date,
    );
    await call();
    await call();
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await t.server.deps.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(row?.lastUsedAt).toEqual(first);
  });

  it('when tokens are created and revoked, then the audit log has each', async () => {
    const { id } = await tokenOf('support', { name: 'audited' });
    await t.as('support').post('/delete/access_token/v1').send({ id });
    const result = await t.server.deps.db.execute(
      sql`SELECT action, username, detail FROM audit_log WHERE detail->>'tokenId' = ${id} ORDER BY id`,
    );
    expect(rowsOf<{ action: string; username: string }>(result).map((r) => [r.action, r.username])).toEqual([
      ['accessToken.create', 'support'],
      ['accessToken.revoke', 'support'],
    ]);
  });

  it("when the user is deactivated or moved to a smaller role, then the user's tokens stop working", async () => {
    const created = await t
      .as('admin')
      .post('/create/user/v1/')
      .send(newUserBody('scripter', 'engineer', 'scripter-password-1'));
    expect(created.status).toBe(200);
    const session = await t.tokenFor('scripter', 'scripter-password-1');
    const res = await t.http.post('/create/access_token/v1').set(bearer(session)).send({ name: 'nightly' });
    const token = (res.body as { token: string }).token;
    const call = () => t.http.get('/read/expired/v1').query({ username: 'scripter' }).set(bearer(token));
    expect((await call()).status).toBe(200);
    await t.as('admin').post('/update/user/v1/').send({ username: 'scripter', role: 'support' });
    expect((await call()).status).toBe(401);
    await t
      .as('admin')
      .post('/update/user/v1/')
      .send({ username: 'scripter', role: 'engineer', active: false });
    expect((await call()).status).toBe(401);
  });

  it('when the command line has FLEET_TOKEN, then it drives the simulator with it, and a revoked one stops the next call', async () => {
    const { id, token } = await tokenOf('admin', { name: 'tester cli' });
    const config = loadConfig({ FLEET_TOKEN: token, DATA_DIR: t.server.deps.config.DATA_DIR });
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await runClock(config, {}, { url: t.url });
      expect(log.mock.calls.at(-1)?.[0]).toMatch(/^Simulated time .* running at/);
      await t.as('admin').post('/delete/access_token/v1').send({ id });
      await expect(runClock(config, {}, { url: t.url })).rejects.toThrow(/FLEET_TOKEN was refused/);
    } finally {
      log.mockRestore();
    }
  });
});
