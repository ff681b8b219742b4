// `npm run idp`: a real OpenID Connect provider (oidc-provider, panva; certified) on loopback for development and
// tests, with demo accounts in groups for every role of the dashboard. It prints the variables to start the
// dashboard with (`npm start`), so that "Sign in with Demo IdP" signs in through it.
//
// Options: --port N (4011; 0 = a free port), --console-url URL (the dashboard's PUBLIC_URL, http://localhost:3000),
// --provider-id ID (oidc: the redirect URI's provider), --client-id, --client-secret, --name (the button's text),
// --json (print the settings as one JSON line, for tests), --test-controls (tests only: see testControls below).
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { decodeJwt, exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

/** The demo accounts: log in with the account's name (any password is accepted: it is a development provider). */
export const DEMO_ACCOUNTS = {
  ada: { name: 'Ada Admin', groups: ['fleet-admins'] },
  eli: { name: 'Eli Engineer', groups: ['fleet-eng'] },
  sam: { name: 'Sam Support L2', groups: ['fleet-support-l2'] },
  sue: { name: 'Sue Support', groups: ['fleet-support'] },
  ezra: { name: 'Ezra EZ ADAS', groups: ['fleet-ezadas'] },
  tom: { name: 'Tom Tech', groups: ['fleet-techs'] },
  gus: { name: 'Gus Guest', groups: ['fleet-guests'] },
  nora: { name: 'Nora No-Group', groups: [] },
};

/** The role map that goes with the demo accounts' groups (OIDC_ROLE_MAP). */
export const DEMO_ROLE_MAP = [
  'admin=fleet-admins',
  'engineer=fleet-eng',
  'support_lvl2=fleet-support-l2',
  'support=fleet-support',
  'ezadas=fleet-ezadas',
  'tech=fleet-techs',
  'guest=fleet-guests',
].join(';');

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Starts the provider. `clients`: [{ clientId, clientSecret, consoleUrl, providerId }] (the dashboard's redirect,
 * post-logout and back-channel logout URIs are derived from consoleUrl and providerId). Answers its issuer, the
 * accounts (change them to move a user between groups or remove one) and close().
 */
export async function startIdp({ port = 4011, host = '127.0.0.1', clients, testControls = false }) {
  const accounts = new Map(Object.entries(structuredClone(DEMO_ACCOUNTS)));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
  const signingKey = await importJWK(jwk, 'RS256');
  /** The next ID token the token endpoint answers gets these claims changed (tests: a wrong audience, issuer). */
  let tamper = null;

  // The provider's issuer needs the port: listen first on a bare server, then hand it the provider's callback.
  const server = createServer();
  await new Promise((resolve) => server.listen(port, host, resolve));
  const issuer = `http://${host}:${server.address().port}`;

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [`${c.consoleUrl}/auth/oidc/${c.providerId}/callback`],
      post_logout_redirect_uris: [`${c.consoleUrl}/login`],
      backchannel_logout_uri: `${c.consoleUrl}/auth/oidc/${c.providerId}/backchannel_logout`,
      backchannel_logout_session_required: true,
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          const current = accounts.get(id) ?? account;
          return {
            sub: id,
            name: current.name,
            preferred_username: id,
            email: `${id}@idp.example`,
            email_verified: true,
            groups: current.groups,
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      groups: ['groups'],
    },
    scopes: ['openid', 'offline_access', 'profile', 'email', 'groups'],
    // The ID token carries the scopes' claims (groups among them), as Entra ID and Keycloak do.
    conformIdTokenClaims: false,
    features: {
      devInteractions: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>Sign out</title></head><body>
<h1>Sign out of the Demo IdP?</h1>${form}
<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button></body></html>`;
        },
      },
      backchannelLogout: { enabled: true },
    },
    pkce: { required: () => true },
    // A refresh token for every sign-in (the dashboard checks the user's groups again with it).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    // First-party application: the scopes it asks for are granted without a consent screen.
    async loadExistingGrant(ctx) {
      const grantId =
        ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) {
        const existing = await ctx.oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client.clientId,
        accountId: ctx.oidc.session.accountId,
      });
      grant.addOIDCScope('openid profile email groups offline_access');
      await grant.save();
      return grant;
    },
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    ttl: {
      Session: 8 * 3600,
      Grant: 8 * 3600,
      RefreshToken: 8 * 3600,
      AccessToken: 600,
      IdToken: 600,
      Interaction: 600,
    },
  });

  provider.use(async (ctx, next) => {
    if (testControls && ctx.path.startsWith('/__test/')) {
      const body = ctx.method === 'POST' ? JSON.parse((await readBody(ctx.req)) || '{}') : {};
      if (ctx.path === '/__test/groups') {
        const account = accounts.get(body.account);
        if (!account) ctx.throw(404);
        account.groups = body.groups;
      } else if (ctx.path === '/__test/remove') {
        accounts.delete(body.account);
      } else if (ctx.path === '/__test/tamper') {
        tamper = body;
      } else ctx.throw(404);
      ctx.body = { ok: true };
      return;
    }
    // The login form of the development interactions: a demo account signs in (any password); another name is
    // sent back to the form with a word why, instead of failing later without an account.
    if (ctx.method === 'POST' && /^\/interaction\/[^/]+$/.test(ctx.path)) {
      const raw = await readBody(ctx.req);
      const form = new URLSearchParams(raw);
      if (form.get('prompt') === 'login') {
        const login = form.get('login') ?? '';
        if (!accounts.has(login)) {
          ctx.status = 400;
          ctx.type = 'html';
          ctx.body = `<!doctype html><title>Sign-in</title><p>No demo account "${login.replace(/[<>&"']/g, '')}". Accounts: ${[...accounts.keys()].join(', ')}. Go back and try again.</p>`;
          return;
        }
        await provider.interactionFinished(
          ctx.req,
          ctx.res,
          { login: { accountId: login } },
          { mergeWithLastSubmission: false },
        );
        ctx.respond = false;
        return;
      }
      // Another prompt (consent): the provider reads the body it would have parsed.
      ctx.req.body = raw;
    }
    await next();
    if (tamper && ctx.path === '/token' && ctx.body && typeof ctx.body === 'object' && ctx.body.id_token) {
      const claims = { ...decodeJwt(ctx.body.id_token), ...tamper };
      tamper = null;
      ctx.body = {
        ...ctx.body,
        id_token: await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .sign(signingKey),
      };
    }
  });

  server.on('request', provider.callback());
  return {
    issuer,
    accounts,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4011' },
      'console-url': { type: 'string', default: 'http://localhost:3000' },
      'provider-id': { type: 'string', default: 'oidc' },
      'client-id': { type: 'string', default: 'equipment-dashboard' },
      'client-secret': { type: 'string' },
      name: { type: 'string', default: 'Demo IdP' },
      json: { type: 'boolean', default: false },
      'test-controls': { type: 'boolean', default: false },
    },
  });
  const consoleUrl = values['console-url'].replace(/\/+$/, '');
  const clientSecret =
    values['client-secret'] ??
    createHash('sha256').update(`demo-idp-secret:${consoleUrl}`).digest('base64url');
  const idp = await startIdp({
    port: Number(values.port),
    testControls: values['test-controls'],
    clients: [{ clientId: values['client-id'], clientSecret, consoleUrl, providerId: values['provider-id'] }],
  });
  const settings = {
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: values['client-id'],
    OIDC_CLIENT_SECRET: clientSecret,
    OIDC_NAME: values.name,
    OIDC_ROLE_MAP: DEMO_ROLE_MAP,
  };
  if (values.json) {
    console.log(JSON.stringify({ ...settings, accounts: Object.keys(DEMO_ACCOUNTS) }));
  } else {
    const quoted = Object.entries(settings).map(([k, v]) => `${k}='${v}'`);
    console.log(
      `Demo identity provider at ${idp.issuer} (oidc-provider), for the dashboard at ${consoleUrl}.\n`,
    );
    console.log('Start the dashboard with these settings (another terminal):\n');
    console.log(`  ${quoted.join(' \\\n  ')} \\\n  npm start\n`);
    console.log(
      'Then open the dashboard, click "Sign in with Demo IdP" and log in as one of (any password):',
    );
    for (const [id, a] of Object.entries(DEMO_ACCOUNTS)) {
      console.log(
        `  ${id.padEnd(5)} ${a.name.padEnd(16)} groups: ${a.groups.join(', ') || '(none: refused in strict mode)'}`,
      );
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => idp.close().then(() => process.exit(0)));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
