import { ROLES, type Role } from '@equipment-dashboard/domain';
import request from 'supertest';
import { findUserByIdentity, findUser } from '../../store/repos/users-repo';
import { bearer, until } from '../../test/fleet-helpers';
import {
  CookieBrowser,
  freePort,
  handoffOf,
  loginAtProvider,
  startIdp,
  type TestIdp,
} from '../../test/identity-provider';
import { connectLive } from '../../test/live-socket';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../test/test-server';
import { SIGN_IN_COOKIE } from './oidc-router';

/** The demo provider's account of each role (tools/scripts/idp.mjs). */
const ACCOUNT_OF: Record<Role, string> = {
  admin: 'ada',
  engineer: 'eli',
  support_lvl2: 'sam',
  support: 'sue',
  ezadas: 'ezra',
  tech: 'tom',
  guest: 'gus',
};

let idp: TestIdp;
let second: TestIdp;
let t: TestServer;
let url: string;

beforeAll(async () => {
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  [idp, second] = await Promise.all([
    startIdp({ consoleUrl: url }),
    startIdp({ consoleUrl: url, providerId: 'second', clientId: 'dashboard-second' }),
  ]);
  t = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: url,
    ...idp.env,
    OIDC_RECHECK_MINUTES: '0.05',
    LOCAL_LOGIN: 'admins',
    OIDC_PROVIDERS: JSON.stringify([
      {
        id: 'second',
        issuer: second.issuer,
        clientId: 'dashboard-second',
        clientSecret: second.env['OIDC_CLIENT_SECRET'],
        name: 'Second IdP',
        roleMap: second.env['OIDC_ROLE_MAP'],
      },
    ]),
  });
});

afterAll(async () => {
  await t?.close();
  await Promise.all([idp?.stop(), second?.stop()]);
});

/** Signs in at a provider as a demo account and trades the code: the product's token object. */
async function signIn(account: string, providerId = 'oidc', browser = new CookieBrowser()) {
  const { callback } = await loginAtProvider(browser, url, providerId, account);
  const res = await browser.request(callback);
  expect(res.status).toBe(303);
  const handoff = handoffOf(res);
  expect(handoff).toBeTruthy();
  const traded = await request(url).post('/auth/oidc/token/v1').send({ handoff });
  expect(traded.status).toBe(200);
  return traded.body as { access_token: string; user: { username: string; role: Role; email: string } };
}

/** Whether a token is still taken (a call any role may make). */
async function works(token: string, username: string): Promise<number> {
  return (await request(url).get('/read/expired/v1').query({ username }).set(bearer(token))).status;
}

describe('the sign-in page', () => {
  it('when the providers are asked for, then each has its id and button name', async () => {
    const res = await request(url).get('/auth/providers/v1');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 'oidc', name: 'Demo IdP' },
      { id: 'second', name: 'Second IdP' },
    ]);
  });

  it('when the sign-in options are asked for, then the local form is for admins and nothing redirects', async () => {
    const res = await request(url).get('/auth/sign_in_options/v1');
    expect(res.body).toEqual({ localLogin: 'admins', autoRedirect: null });
  });

  it('when LOCAL_LOGIN=admins, then only an admin account signs in with a password', async () => {
    const form = { grant_type: 'password', client_id: 'equipment-dashboard', password: TEST_PASSWORD };
    const admin = await request(url)
      .post('/auth/token/v1')
      .type('form')
      .send({ ...form, username: 'admin' });
    expect(admin.status).toBe(200);
    const engineer = await request(url)
      .post('/auth/token/v1')
      .type('form')
      .send({ ...form, username: 'engineer' });
    expect(engineer.status).toBe(401);
    expect(engineer.body.error).toBe('invalid_grant');
    expect(engineer.body.error_description).toMatch(/admin accounts/);
  });
});

describe('signing in through the provider', () => {
  it.each(ROLES.map((role) => [role, ACCOUNT_OF[role]] as const))(
    'when a user in the group of %s signs in, then the console holds a token of that role',
    async (role, account) => {
      const token = await signIn(account);
      expect(token.user).toEqual({ username: account, email: `${account}@idp.example`, role });
      expect(await works(token.access_token, account)).toBe(200);
      const row = await findUserByIdentity(t.server.deps.db, idp.issuer, account);
      expect(row).toMatchObject({ username: account, role, provider: 'oidc', subject: account });
    },
  );

  it('when the sign-in starts, then it asks for a code with PKCE S256, a state and a nonce', async () => {
    const start = await new CookieBrowser().request(`${url}/auth/oidc/oidc/login`);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${url}/auth/oidc/oidc/callback`);
    expect(start.headers.get('set-cookie')).toMatch(new RegExp(`^${SIGN_IN_COOKIE}=.+HttpOnly`, 'i'));
  });

  it('when the user refuses at the provider, then a page says the sign-in was refused and how to try again', async () => {
    const browser = new CookieBrowser();
    const start = await browser.request(`${url}/auth/oidc/oidc/login`);
    const at = await browser.follow(start.headers.get('location') ?? '');
    const page = (await at.res?.text()) ?? '';
    const abort = /href="([^"]*\/abort)"/.exec(page)?.[1];
    if (!abort) throw new Error(`no way to cancel at ${at.url}`);
    const back = await browser.follow(new URL(abort, at.url).toString(), `${url}/auth/oidc/oidc/callback`);
    expect(new URL(back.url).searchParams.get('error')).toBe('access_denied');
    const res = await browser.request(back.url);
    expect(res.status).toBe(403);
    const text = await res.text();
    expect(text).toContain('The sign-in was refused');
    expect(text).toContain('href="/auth/oidc/oidc/login"');
    expect(handoffOf(res)).toBeNull();
  });

  it('when a user in no mapped group signs in (strict), then a page says so and nobody is signed in', async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'nora');
    const res = await browser.request(callback);
    expect(res.status).toBe(403);
    const page = await res.text();
    expect(page).toContain('Your account has no access to the Equipment Dashboard');
    expect(page).toContain('Try again');
    expect(page).not.toMatch(/at .*\.ts:\d+|Error:/);
    expect(await findUserByIdentity(t.server.deps.db, idp.issuer, 'nora')).toBeUndefined();
  });

  it('when the state is tampered with, then the sign-in is refused with a clear page and nobody is signed in', async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'ezra');
    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${tampered.searchParams.get('state')}x`);
    const res = await browser.request(tampered.toString());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('This sign-in has expired');
    expect(handoffOf(res)).toBeNull();
  });

  it("when the callback comes with another sign-in's state and verifier (a wrong PKCE verifier), then it is refused", async () => {
    const browser = new CookieBrowser();
    const first = await loginAtProvider(browser, url, 'oidc', 'eli');
    const firstCookie = browser.cookie(url, SIGN_IN_COOKIE) ?? '';
    // A second sign-in in another browser: its cookie holds its own state and verifier.
    const other = new CookieBrowser();
    const otherStart = await other.request(`${url}/auth/oidc/oidc/login`);
    const otherState = new URL(otherStart.headers.get('location') ?? '').searchParams.get('state') ?? '';
    const swapped = new URL(first.callback);
    swapped.searchParams.set('state', otherState);
    browser.setCookie(url, SIGN_IN_COOKIE, other.cookie(url, SIGN_IN_COOKIE) ?? '');
    const res = await browser.request(swapped.toString());
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('answer could not be verified');
    expect(handoffOf(res)).toBeNull();
    expect(firstCookie).not.toBe(other.cookie(url, SIGN_IN_COOKIE));
  });

  it('when a code is exchanged without its PKCE verifier, then the provider refuses it', async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'eli');
    const code = new URL(callback).searchParams.get('code') ?? '';
    const metadata = (await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json()) as {
      token_endpoint: string;
    };
    const res = await fetch(metadata.token_endpoint, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Authorization: `Basic ${Buffer.from(`equipment-dashboard:${idp.env['OIDC_CLIENT_SECRET']}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: `${url}/auth/oidc/oidc/callback`,
      }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('when a callback is replayed, then the second is refused and hands out nothing', async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'sue');
    const cookie = browser.cookie(url, SIGN_IN_COOKIE) ?? '';
    const first = await browser.request(callback);
    expect(handoffOf(first)).toBeTruthy();
    browser.setCookie(url, SIGN_IN_COOKIE, cookie); // a replay that kept the cookie too
    const replay = await browser.request(callback);
    expect(replay.status).toBe(400);
    expect(handoffOf(replay)).toBeNull();
  });

  it("when the response's iss names another issuer, then it is refused (mix-up defence)", async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'sam');
    const changed = new URL(callback);
    expect(changed.searchParams.get('iss')).toBe(idp.issuer);
    changed.searchParams.set('iss', second.issuer);
    const res = await browser.request(changed.toString());
    expect(res.status).toBe(400);
    expect(handoffOf(res)).toBeNull();
  });

  it.each([
    ['a wrong issuer', { iss: 'https://evil.example' }],
    ['a wrong audience', { aud: 'someone-else' }],
    ['another client', { aud: 'dashboard-second', azp: 'dashboard-second' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
    ['another nonce', { nonce: 'not-this-sign-in' }],
  ])(
    'when the ID token has %s (signed by the provider), then it is refused and nobody is signed in',
    async (_name, claims) => {
      const browser = new CookieBrowser();
      const { callback } = await loginAtProvider(browser, url, 'oidc', 'gus');
      await idp.tamperNextIdToken(claims);
      const res = await browser.request(callback);
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('answer could not be verified');
      expect(handoffOf(res)).toBeNull();
    },
  );

  it('when the returnTo is another site, then it is ignored; a console path is kept', async () => {
    for (const [returnTo, kept] of [
      ['https://evil.example/phish', null],
      ['//evil.example', null],
      ['/Aligners?filter=AB', '/Aligners?filter=AB'],
    ] as const) {
      const browser = new CookieBrowser();
      const { callback } = await loginAtProvider(browser, url, 'oidc', 'tom', returnTo);
      const res = await browser.request(callback);
      const location = res.headers.get('location') ?? '';
      expect(location.startsWith(`${url}/login/complete#`)).toBe(true);
      expect(new URLSearchParams(location.split('#')[1]).get('returnTo')).toBe(kept);
    }
  });

  it('when a hand-off code is used twice or made up, then the second answer is 400 and holds no token', async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'tom');
    const handoff = handoffOf(await browser.request(callback));
    expect((await request(url).post('/auth/oidc/token/v1').send({ handoff })).status).toBe(200);
    const again = await request(url).post('/auth/oidc/token/v1').send({ handoff });
    expect(again.status).toBe(400);
    expect(again.body.access_token).toBeUndefined();
    expect((await request(url).post('/auth/oidc/token/v1').send({ handoff: 'made-up' })).status).toBe(400);
  });

  it('when the same account signs in at two providers, then they are two users, one each', async () => {
    const first = await signIn('ada', 'oidc');
    const other = await signIn('ada', 'second');
    expect(first.user.username).toBe('ada');
    expect(other.user.username).toBe('ada@second');
    expect(other.user.role).toBe('admin');
    const row = await findUser(t.server.deps.db, 'ada@second');
    expect(row).toMatchObject({ issuer: second.issuer, subject: 'ada', provider: 'second' });
  });

  it('when a name is taken by a local account, then the provider user gets another name and the local one stays', async () => {
    await second.setGroups('eli', ['fleet-eng']);
    const admin = await findUser(t.server.deps.db, 'admin');
    const token = await signIn('eli', 'second');
    expect(token.user.username).toBe('eli@second');
    expect(await findUser(t.server.deps.db, 'admin')).toEqual(admin);
  });
});

describe('sessions that end', () => {
  it("when the user signs out at the provider, then its back-channel logout closes the user's socket and ends their tokens", async () => {
    const browser = new CookieBrowser();
    const { callback } = await loginAtProvider(browser, url, 'oidc', 'ezra');
    const res = await browser.request(callback);
    const traded = await request(url)
      .post('/auth/oidc/token/v1')
      .send({ handoff: handoffOf(res) });
    const token = (traded.body as { access_token: string }).access_token;
    const socket = await connectLive(url, token);
    const closed = new Promise<number>((resolve) => socket.once('disconnect', () => resolve(Date.now())));
    // At the provider (another application's sign-out, say): its end-session page and its confirmation form.
    const end = await browser.follow(`${idp.issuer}/session/end`);
    const page = (await end.res?.text()) ?? '';
    const form = /<form[^>]*action="([^"]+)"[\s\S]*?name="xsrf" value="([^"]+)"/.exec(page);
    if (!form?.[1] || !form[2]) throw new Error(`no logout form:\n${page.slice(0, 500)}`);
    const confirmedAt = Date.now();
    await browser.request(new URL(form[1], end.url).toString(), { form: { xsrf: form[2], logout: 'yes' } });
    expect((await closed) - confirmedAt).toBeLessThan(1_000);
    expect(await works(token, 'ezra')).toBe(401);
    socket.close();
  });

  it('when a forged logout token arrives, then it is refused and nobody is signed out', async () => {
    const token = await signIn('sue');
    const res = await request(url)
      .post('/auth/oidc/oidc/backchannel_logout')
      .type('form')
      .send({ logout_token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJzdWUifQ.' });
    expect(res.status).toBe(400);
    expect(await works(token.access_token, 'sue')).toBe(200);
  });

  it("when a provider's user signs out of the console, then their tokens end and the answer is the provider's end-session URL", async () => {
    const token = await signIn('sam');
    const res = await request(url).post('/auth/logout/v1').set(bearer(token.access_token));
    expect(res.status).toBe(200);
    const redirect = new URL(res.body.redirectTo as string);
    expect(redirect.origin).toBe(idp.issuer);
    expect(redirect.searchParams.get('id_token_hint')).toBeTruthy();
    expect(redirect.searchParams.get('post_logout_redirect_uri')).toBe(`${url}/login`);
    expect(await works(token.access_token, 'sam')).toBe(401);
  });

  it("when a local user signs out, then nothing redirects and their console's token is only forgotten", async () => {
    const token = await t.tokenFor('admin');
    const res = await request(url).post('/auth/logout/v1').set(bearer(token));
    expect(res.body).toEqual({ ok: true, redirectTo: null });
  });

  it('when a user is moved out of their group at the provider, then they lose access at the recheck', async () => {
    await idp.setGroups('tom', ['fleet-techs']);
    const token = await signIn('tom');
    expect(await works(token.access_token, 'tom')).toBe(200);
    await idp.setGroups('tom', []);
    // OIDC_RECHECK_MINUTES is 3 s here.
    await until(
      () => works(token.access_token, 'tom'),
      (status) => status === 401,
      15_000,
    );
    await idp.setGroups('tom', ['fleet-techs']);
  });

  it('when a user is moved to another group at the provider, then the recheck ends their tokens and the next sign-in has the new role', async () => {
    await idp.setGroups('gus', ['fleet-guests']);
    const token = await signIn('gus');
    expect(token.user.role).toBe('guest');
    await idp.setGroups('gus', ['fleet-support']);
    await until(
      () => works(token.access_token, 'gus'),
      (status) => status === 401,
      15_000,
    );
    expect((await findUser(t.server.deps.db, 'gus'))?.role).toBe('support');
    expect((await signIn('gus')).user.role).toBe('support');
    await idp.setGroups('gus', ['fleet-guests']);
  });

  it('when a user is removed at the provider, then the recheck signs them out', async () => {
    const token = await signIn('sue');
    await idp.remove('sue');
    await until(
      () => works(token.access_token, 'sue'),
      (status) => status === 401,
      15_000,
    );
  });
});

describe("a provider's user on the Users screen", () => {
  it('when the users are listed, then a provider user shows its provider and its role cannot be edited', async () => {
    await signIn('eli');
    const admin = await t.tokenFor('admin');
    const list = await request(url)
      .get('/read/users/v1/')
      .query({ filterUsername: 'eli' })
      .set(bearer(admin));
    const eli = (list.body.docs as { username: string; provider: string | null }[]).find(
      (u) => u.username === 'eli',
    );
    expect(eli?.provider).toBe('Demo IdP');
    const local = await request(url)
      .get('/read/users/v1/')
      .query({ filterUsername: 'engineer' })
      .set(bearer(admin));
    expect((local.body.docs as { provider: string | null }[])[0]?.provider).toBeNull();
    const edit = await request(url)
      .post('/update/user/v1/')
      .set(bearer(admin))
      .send({ username: 'eli', role: 'admin' });
    expect(edit.status).toBe(409);
    expect(edit.body.code).toBe('managed_by_provider');
    const deactivate = await request(url)
      .post('/update/user/v1/')
      .set(bearer(admin))
      .send({ username: 'eli', active: false });
    expect(deactivate.status).toBe(200);
    await request(url).post('/update/user/v1/').set(bearer(admin)).send({ username: 'eli', active: true });
  });

  it("when a provider's user asks for a password reset or a password sign-in, then nothing works without the provider", async () => {
    await signIn('eli');
    const res = await request(url).post('/auth/token/v1').type('form').send({
      grant_type: 'password',
      client_id: 'equipment-dashboard',
      username: 'eli',
      password: TEST_PASSWORD,
    });
    expect(res.status).toBe(401);
  });
});
