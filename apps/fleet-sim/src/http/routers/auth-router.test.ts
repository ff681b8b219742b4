import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as usersRepo from '../../store/repos/users-repo';
import { until } from '../../test/fleet-helpers';
import { legacyScryptHash } from '../../test/legacy-password-hash';
import { TEST_PASSWORD, useTestServer, type TestServer } from '../../test/test-server';

const form = (fields: Record<string, string>) => ({
  client_id: 'equipment-dashboard',
  grant_type: 'password',
  ...fields,
});

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
  const mail =
    outboxMails(t)
      .at(-1)
      ?.replace(/=\r?\n/g, '')
      .replace(/=3D/g, '=') ?? '';
  const match = /reset_password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match?.[1]) throw new Error('no reset link in the outbox');
  return match[1];
}

/** Asks for a reset link for `username` and answers the link's token once its mail is in the outbox. */
async function requestResetLink(t: TestServer, username: string): Promise<string> {
  const before = outboxMails(t).length;
  expect((await t.http.post('/request/reset_user_password/v1').send({ username })).status).toBe(200);
  await until(
    async () => outboxMails(t).length,
    (n) => n > before,
  );
  return lastResetToken(t);
}

describe('sign-in and passwords (console-core §4, §7)', () => {
  const t = useTestServer();

  it.each(['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech', 'guest'])(
    'when %s signs in with the demo password, then a token with the user is answered',
    async (username) => {
      const res = await t.http
        .post('/auth/token/v1')
        .type('form')
        .send(form({ username, password: TEST_PASSWORD }));
      expect(res.status).toBe(200);
      expect(res.body.token_type).toBe('bearer');
      expect(res.body.user).toEqual({ username, email: expect.stringContaining('@'), role: username });
      expect(res.body.access_token.split('.')).toHaveLength(3);
    },
  );

  it('when the password is wrong or the user unknown, then both answer the same 401', async () => {
    const wrong = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'tech', password: 'nope-nope-nope' }));
    const unknown = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'nobody', password: 'nope-nope-nope' }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('invalid_grant');
  });

  it('when a user with a hash of an earlier version signs in, then it works and the hash becomes Argon2id', async () => {
    await usersRepo.updateUser(
      t.server.deps.db,
      'guest',
      { passwordHash: legacyScryptHash(TEST_PASSWORD) },
      { revokeTokens: false },
    );

    const res = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'guest', password: TEST_PASSWORD }));
    expect(res.status).toBe(200);
    const row = await usersRepo.findUser(t.server.deps.db, 'guest');
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    const again = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'guest', password: TEST_PASSWORD }));
    expect(again.status).toBe(200);
  });

  it('when another grant type is sent, then 400 unsupported_grant_type', async () => {
    const res = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ grant_type: 'client_credentials', username: 'admin', password: 'x' }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('unsupported_grant_type');
  });

  it('when the form misses fields, then 400 invalid_request', async () => {
    const res = await t.http.post('/auth/token/v1').type('form').send({ grant_type: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('invalid_request');
  });

  it('when the username is not text (an object whose toString is not a function), then 400, never 500', async () => {
    const res = await t.http.post('/auth/token/v1').send({
      grant_type: 'password',
      username: { toString: 1 },
      password: 'x',
      client_id: 'equipment-dashboard',
    });
    expect(res.status).toBe(400);
  });

  it('when a call answers JSON (a signed-in read, or the token itself), then Cache-Control is no-store', async () => {
    const signIn = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'support', password: TEST_PASSWORD }));
    expect(signIn.headers['cache-control']).toBe('no-store');
    const read = await t.http
      .get('/read/aligners/v1/')
      .query({ page: 1 })
      .set('Authorization', `Bearer ${signIn.body.access_token}`);
    expect(read.status).toBe(200);
    expect(read.headers['cache-control']).toBe('no-store');
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
    expect(
      (await t.http.get('/read/expired/v1').query({ username: 'tech' }).set('Authorization', `Bearer ${old}`))
        .status,
    ).toBe(401);
    const fresh = await t.tokenFor('tech', 'a-brand-new-password');
    expect(
      (
        await t.http
          .get('/read/expired/v1')
          .query({ username: 'tech' })
          .set('Authorization', `Bearer ${fresh}`)
      ).status,
    ).toBe(200);
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
    const res = await t.http
      .get('/read/expired/v1')
      .query({ username: 'support' })
      .set('Authorization', `Bearer ${token}`);
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
    // The mail is written after the answer.
    const mails = await until(
      async () => outboxMails(t),
      (all) => all.length > before,
    );
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)).toContain('ezadas@');
    expect(mails.at(-1)).toContain(`${t.server.deps.config.PUBLIC_URL}/reset_password?token=`);

    const token = lastResetToken(t);
    const reset = await t.http
      .post('/reset/user_password/v1')
      .send({ token, newPassword: 'reset-by-mail-link' });
    expect(reset.status).toBe(200);
    await expect(t.tokenFor('ezadas', 'reset-by-mail-link')).resolves.toEqual(expect.any(String));
    const again = await t.http
      .post('/reset/user_password/v1')
      .send({ token, newPassword: 'second-use-of-link' });
    expect(again.status).toBe(400);
  });

  it('when one reset link is used, then an older unused link of the user is refused (400 invalid_token)', async () => {
    const older = await requestResetLink(t, 'support_lvl2');
    const newer = await requestResetLink(t, 'support_lvl2');
    expect(
      (await t.http.post('/reset/user_password/v1').send({ token: newer, newPassword: 'set-by-newer-link' }))
        .status,
    ).toBe(200);
    const withOlder = await t.http
      .post('/reset/user_password/v1')
      .send({ token: older, newPassword: 'set-by-older-link' });
    expect(withOlder.status).toBe(400);
    expect(withOlder.body).toMatchObject({ error: expect.any(String), code: 'invalid_token' });
    await expect(t.tokenFor('support_lvl2', 'set-by-newer-link')).resolves.toEqual(expect.any(String));
  });

  it('when the user changes the password, then a reset link asked for earlier is refused', async () => {
    const link = await requestResetLink(t, 'engineer');
    const token = await t.tokenFor('engineer');
    const change = await t.http
      .post('/update/user_password/v1')
      .set('Authorization', `Bearer ${token}`)
      .send({ username: 'engineer', prevPassword: TEST_PASSWORD, newPassword: 'changed-after-asking' });
    expect(change.status).toBe(200);
    const withLink = await t.http
      .post('/reset/user_password/v1')
      .send({ token: link, newPassword: 'set-by-stale-link' });
    expect(withLink.status).toBe(400);
    expect(withLink.body.code).toBe('invalid_token');
    await expect(t.tokenFor('engineer', 'changed-after-asking')).resolves.toEqual(expect.any(String));
  });

  it('when a reset is requested, then the answer does not wait for the lookup, the link or the mail', async () => {
    const { mailer } = t.server.deps;
    const send = mailer.send.bind(mailer);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    mailer.send = async (mail) => {
      asked = true;
      await held;
      return send(mail);
    };
    try {
      const before = outboxMails(t).length;
      const answer = t.http.post('/request/reset_user_password/v1').send({ username: 'admin' });
      const timedOut = new Promise((resolve) =>
        setTimeout(() => resolve('no answer while the mail is held'), 3_000).unref(),
      );
      const res = await Promise.race([answer, timedOut]);
      expect(res).toMatchObject({ status: 200, body: { ok: true } });
      await until(
        async () => asked,
        (yes) => yes,
      );
      expect(outboxMails(t)).toHaveLength(before);
      release();
      await until(
        async () => outboxMails(t).length,
        (n) => n === before + 1,
      );
    } finally {
      release();
      mailer.send = send;
    }
  });

  it('when sign-in keeps failing for one user, then it is throttled with 429', async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await t.http
        .post('/auth/token/v1')
        .type('form')
        .send(form({ username: 'throttled', password: `bad-${i}` }));
      last = res.status;
    }
    expect(last).toBe(429);
  });

  // Last in this block: it leaves guest throttled.
  it('when failed sign-ins name one account with blanks around it, then they count as that account and even the right password gets 429', async () => {
    const variants = ['guest', ' guest', 'guest\t', 'guest   ', '  guest  '];
    for (let i = 0; i < 10; i++) {
      const res = await t.http
        .post('/auth/token/v1')
        .type('form')
        .send(form({ username: variants[i % variants.length] ?? 'guest', password: `wrong-${i}` }));
      expect(res.status).toBe(401);
    }
    for (const username of ['guest', 'guest   ', ' guest', 'guest\t']) {
      const res = await t.http
        .post('/auth/token/v1')
        .type('form')
        .send(form({ username, password: TEST_PASSWORD }));
      expect(res.status).toBe(429);
      expect(res.headers['retry-after']).toEqual(expect.any(String));
      expect(res.body).toMatchObject({ error: expect.any(String), code: 'too_many_requests' });
    }
  });
});

describe('without an identity provider (OIDC_ISSUER unset)', () => {
  const t = useTestServer();

  it('when the sign-in page asks, then there is no provider, the local form is for everyone and nothing redirects', async () => {
    expect((await t.http.get('/auth/providers/v1')).body).toEqual([]);
    expect((await t.http.get('/auth/sign_in_options/v1')).body).toEqual({
      localLogin: 'all',
      autoRedirect: null,
    });
    const start = await t.http.get('/auth/oidc/oidc/login');
    expect(start.status).toBe(404);
    expect(start.text).toContain('No such identity provider');
  });
});

describe('throttling by address, and of reset requests', () => {
  const t = useTestServer({
    env: { SIGNIN_ADDRESS_FAILURE_LIMIT: '15', RESET_REQUEST_LIMIT: '2', RESET_ADDRESS_LIMIT: '6' },
  });
  const resetFor = (username: string) => t.http.post('/request/reset_user_password/v1').send({ username });

  it('when one password is tried against many accounts from one address, then the address gets 429, even for another account with the right password', async () => {
    for (let i = 0; i < 15; i++) {
      const res = await t.http
        .post('/auth/token/v1')
        .type('form')
        .send(form({ username: `sprayed-${i}`, password: 'Summer2026!' }));
      expect(res.status).toBe(401);
    }
    const res = await t.http
      .post('/auth/token/v1')
      .type('form')
      .send(form({ username: 'admin', password: TEST_PASSWORD }));
    expect(res.status).toBe(429);
    expect(res.body.code).toBe('too_many_requests');
  });

  it('when resets are asked for one name past the limit, then 429 for a known and an unknown name alike, and no more mail', async () => {
    const before = outboxMails(t).length;
    const known = [await resetFor('tech'), await resetFor(' tech'), await resetFor('tech ')];
    const unknown = [
      await resetFor('nobody-at-all'),
      await resetFor('nobody-at-all'),
      await resetFor('nobody-at-all'),
    ];
    expect(known.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(unknown.map((r) => r.status)).toEqual([200, 200, 429]);
    expect(known[2]?.body).toEqual(unknown[2]?.body);
    expect(known[2]?.headers['retry-after']).toBe(unknown[2]?.headers['retry-after']);
    await until(
      async () => outboxMails(t).length,
      (n) => n >= before + 2,
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(outboxMails(t)).toHaveLength(before + 2);
  });

  it('when one address asks for resets of many names, then it gets 429 past the address limit', async () => {
    // Four of the six were used just before (the refused ones did not count).
    expect((await resetFor('first-name')).status).toBe(200);
    expect((await resetFor('second-name')).status).toBe(200);
    expect((await resetFor('third-name')).status).toBe(429);
  });
});
