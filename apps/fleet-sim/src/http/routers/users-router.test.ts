import { deleteUser, listUsers, updateUser } from '../../services/users-service';
import { bearer, newUserBody } from '../../test/fleet-helpers';
import { useTestServer } from '../../test/test-server';

describe('users (back-office §2.5, §7.4)', () => {
  const t = useTestServer({ users: ['admin'] });

  it('when admin lists users with a filter, then a page of matching users comes without passwords', async () => {
    const res = await t.as('admin').get('/read/users/v1/').query({ page: 1, filterUsername: 'support' });
    expect(res.status).toBe(200);
    expect(res.body.docs.map((u: { username: string }) => u.username)).toEqual(
      expect.arrayContaining(['support', 'support_lvl2']),
    );
    expect(res.body.totalDocs).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('when a non-admin role calls any user call, then 403', async () => {
    const support = await t.tokenFor('support');
    expect((await t.http.get('/read/users/v1/').set(bearer(support))).status).toBe(403);
    const create = await t.http
      .post('/create/user/v1/')
      .set(bearer(support))
      .send(newUserBody('x1', 'guest'));
    expect(create.status).toBe(403);
    expect(
      (await t.http.post('/delete/user/v1').set(bearer(support)).send({ username: 'guest' })).status,
    ).toBe(403);
  });

  it('when admin creates, edits and deletes a user, then each step is stored', async () => {
    const created = await t.as('admin').post('/create/user/v1/').send(newUserBody('newbie', 'support'));
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ username: 'newbie', role: 'support', active: true });
    const duplicate = await t
      .as('admin')
      .post('/create/user/v1/')
      .send({ ...newUserBody('newbie', 'support'), email: 'n@example.com' });
    expect(duplicate.status).toBe(409);

    const newbieToken = await t.tokenFor('newbie', 'long-enough-password');
    const edited = await t
      .as('admin')
      .post('/update/user/v1/')
      .send({ username: 'newbie', role: 'engineer', password: '' });
    expect(edited.status).toBe(200);
    expect(edited.body.role).toBe('engineer');
    // A role change ends the user's earlier sessions.
    expect(
      (await t.http.get('/read/expired/v1').query({ username: 'newbie' }).set(bearer(newbieToken))).status,
    ).toBe(401);

    const deleted = await t.as('admin').post('/delete/user/v1').send({ username: 'newbie' });
    expect(deleted.status).toBe(200);
    expect((await t.as('admin').post('/delete/user/v1').send({ username: 'newbie' })).status).toBe(404);
  });

  it("when a deleted user's name is given to a new account, then the deleted user's token is refused (401), not taken for the new account", async () => {
    const create = (role: string) => t.as('admin').post('/create/user/v1/').send(newUserBody('reborn', role));
    expect((await create('guest')).status).toBe(200);
    const oldToken = await t.tokenFor('reborn', 'long-enough-password');
    expect((await t.as('admin').post('/delete/user/v1').send({ username: 'reborn' })).status).toBe(200);
    expect((await create('admin')).status).toBe(200);
    const withOldToken = await t.http.get('/read/users/v1/').query({ page: 1 }).set(bearer(oldToken));
    expect(withOldToken.status).toBe(401);
    const newToken = await t.tokenFor('reborn', 'long-enough-password');
    expect((await t.http.get('/read/users/v1/').query({ page: 1 }).set(bearer(newToken))).status).toBe(200);
  });

  it('when admin tries to demote, deactivate or delete themself, then it is refused', async () => {
    expect(
      (await t.as('admin').post('/update/user/v1/').send({ username: 'admin', role: 'support' })).status,
    ).toBe(403);
    expect(
      (await t.as('admin').post('/update/user/v1/').send({ username: 'admin', active: false })).status,
    ).toBe(403);
    expect((await t.as('admin').post('/delete/user/v1').send({ username: 'admin' })).status).toBe(403);
  });

  it('when the last active admin would be deactivated or deleted, then 409 and the admin stays', async () => {
    const deps = t.server.deps;
    // Leave `admin` as the only active admin; the caller is an admin session that is not in the store
    // (the one way past the self-protection rule).
    const { docs } = await listUsers(deps, { page: 1 });
    const all = [...docs, ...(await listUsers(deps, { page: 2 })).docs];
    for (const user of all.filter((u) => u.role === 'admin' && u.active && u.username !== 'admin')) {
      await updateUser(
        deps,
        { username: 'admin', email: 'a@x', role: 'admin' },
        { username: user.username, active: false },
      );
    }
    const ghost = { username: 'ghost', email: 'g@x', role: 'admin' as const };
    await expect(updateUser(deps, ghost, { username: 'admin', active: false })).rejects.toMatchObject({
      status: 409,
    });
    await expect(deleteUser(deps, ghost, 'admin')).rejects.toMatchObject({ status: 409 });
    expect((await t.as('admin').get('/read/users/v1/')).status).toBe(200);
  });

  it('when bodies are malformed, then 400 with details', async () => {
    const res = await t
      .as('admin')
      .post('/create/user/v1/')
      .send({ username: '', email: 'not-an-email', role: 'king' });
    expect(res.status).toBe(400);
    expect(res.body.details.length).toBeGreaterThan(0);
  });
});
