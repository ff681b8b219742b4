import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as usersRepo from '../../store/repos/users-repo';
import { legacyScryptHash } from '../../test/legacy-password-hash';
import { TEST_PASSWORD, useTestServer, type TestServer } from '../../test/test-server';

const form = (fields: Record<string, string>) => ({ client_id: 'equipment-dashboard', grant_type: 'password', ...fields });

function outboxMails(t: TestServer): string[] {
  const dir = join(t.server.deps.config.DATA_DIR, 'outbox');
  try {
    return readdirSync(dir)
      .sort()
      .map((f) => readFileSync(join(dir, f), 'utf8'));
  } catch {
    return [];
  }
}

/** The reset link of the last mail, with quoted-printable soft breaks undone. */
function lastResetToken(t: TestServer): string {
  const mail = outboxMails(t).at(-1)?.replace(/=\r?\n/g, '').replace(/=3D/g, '=') ?? '';
  const match = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

describe('sign-in and passwords (console-core §4, §7)', () => {
  const t = useTestServer();

  it.each(['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech', 'guest'])(
    'when %s signs in with the demo password, then a token with the user is answered',
    async (username) => {
      const res = await t.http.post('/auth/token/v1').type('form').send(form({ username, password: TEST_PASSWORD }));
      expect(res.status).toBe(200);
      expect(res.body.token_type).toBe('bearer');
      expect(res.body.user).toEqual({ username, email: expect.stringContaining('@'), role: username });
      expect(res.body.access_token.split('.')).toHaveLength(3);
    },
  );

  it('when the password is wrong or the user unknown, then both answer the same 401', async () => {
    const wrong = await t.http.post('/auth/token/v1').type('form').send(form({ username: 'tech', password: 'nope-nope-nope' }));
    const unknown = await t.http.post('/auth/token/v1').type('form').send(form({ username: 'nobody', password: 'nope-nope-nope' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('when a user with a hash of an earlier version signs in, then it works and the hash becomes Argon2id', async () => {
    await usersRepo.updateUser(t.server.deps.db, 'guest', { passwordHash: legacyScryptHash(TEST_PASSWORD) }, { revokeTokens: false });

    const res = await t.http.post('/auth/token/v1').type('form').send(form({ username: 'guest', password: TEST_PASSWORD }));
    expect(res.status).toBe(200);
    const row = await usersRepo.findUser(t.server.deps.db, 'guest');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const again = await t.http.post('/auth/token/v1').type('form').send(form({ username: 'guest', password: TEST_PASSWORD }));
    expect(again.status).toBe(200);
  });

  it('when another grant type is sent, then 400 unsupported_grant_type', async () => {
    const res = await t.http.post('/auth/token/v1').type('form').send(form({ grant_type: 'client_credentials', username: 'admin', password: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });

  it('when the form misses fields, then 400 invalid_request', async () => {
    const res = await t.http.post('/auth/token/v1').type('form').send({ grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('when the username is not text (an object whose toString is not a function), then 400, never 500', async () => {
    const res = await t.http.post('/auth/token/v1').send({ grant_type: 'password', username: { toString: 1 }, password: 'x', client_id: 'equipment-dashboard' });
    expect(res.status).toBe(400);
  });

  it('when a call has no token or a forged one, then 401', async () => {
    expect((await t.http.get('/read/users/v1/')).status).toBe(401);
    const forged = await t.http.get('/read/users/v1/').set('Authorization', 'Bearer a.b.c');
    expect(forged.status).toBe(401);
    expect(forged.body.error).toMatch(/token/);
  });

  it('when a user changes the password, then old tokens stop working and the new password signs in', async () => {
    const old = await t.tokenFor('tech');
    const res = await t.http
      .post('/update/user_password/v1')
      .set('Authorization', `Bearer ${old}`)
      .send({ username: 'tech', prevPassword: TEST_PASSWORD, newPassword: 'a-brand-new-password' });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect((await t.http.get('/read/expired/v1').query({ username: 'tech' }).set('Authorization', `Bearer ${old}`)).status).toBe(401);
    const fresh = await t.tokenFor('tech', 'a-brand-new-password');
    expect((await t.http.get('/read/expired/v1').query({ username: 'tech' }).set('Authorization', `Bearer ${fresh}`)).status).toBe(200);
  });

  it('when the previous password is wrong or the new one too short, then 400 and nothing changes', async () => {
    const token = await t.tokenFor('guest');
    const wrongPrev = await t.http
      .post('/update/user_password/v1')
      .set('Authorization', `Bearer ${token}`)
      .send({ username: 'guest', prevPassword: 'not-the-password', newPassword: 'another-long-password' });
    expect(wrongPrev.status).toBe(400);
    const short = await t.http
      .post('/update/user_password/v1')
      .set('Authorization', `Bearer ${token}`)
      .send({ username: 'guest', prevPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(short.status).toBe(400);
    await expect(t.tokenFor('guest')).resolves.toEqual(expect.any(String));
  });

  it('when the expiry is asked with no max age, then the password is not expired', async () => {
    const token = await t.tokenFor('support');
    const res = await t.http.get('/read/expired/v1').query({ username: 'support' }).set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ username: 'support', expired: false });
  });

  it('when a reset is requested, then the answer is the same for unknown users and the mail link resets once', async () => {
    const before = outboxMails(t).length;
    const unknown = await t.http.post('/request/reset_user_password/v1').send({ username: 'nobody-here' });
    const known = await t.http.post('/request/reset_user_password/v1').send({ username: 'ezadas' });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    const mails = outboxMails(t);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('ezadas@');
    expect(mails.at(-1)).toContain(`${t.server.deps.config.PUBLIC_URL}/reset_password?token=`);

    const token = lastResetToken(t);
    const reset = await t.http.post('/reset/user_password/v1').send({ token, newPassword: 'reset-by-mail-link' });
    expect(reset.status).toBe(200);
    await expect(t.tokenFor('ezadas', 'reset-by-mail-link')).resolves.toEqual(expect.any(String));
    const again = await t.http.post('/reset/user_password/v1').send({ token, newPassword: 'second-use-of-link' });
    expect(again.status).toBe(400);
  });

  it('when sign-in keeps failing for one user, then it is throttled with 429', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await t.http.post('/auth/token/v1').type('form').send(form({ username: 'throttled', password: `bad-${i}` }));
      last = res.status;
    }
    expect(last).toBe(429);
  });
});
