// `node tools/bench/identity.mjs` (after `npx nx run-many -t build -p fleet-sim`): the cost of identity on one
// built server (PGlite) and `npm run idp`'s provider on loopback: a call carrying a personal access token against
// the same call with a signed-in session's token (alternating, so both see the same machine), a whole sign-in
// through the provider (start, the provider's login, callback, the code traded for the token), and how long a
// back-channel logout takes to close the user's live socket. BENCH_CALLS (2000) calls of each kind.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io } from 'socket.io-client';
import * as bench from './bench-processes.mjs';

const root = join(import.meta.dirname, '..', '..');
const CALLS = Number(process.env.BENCH_CALLS ?? 2000);
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const PASSWORD = 'bench-demo-password-123';

const freePort = () =>
  new Promise((ok) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => ok(port));
    });
  });

function started(child, pattern) {
  return new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = pattern.exec(out);
      if (match) ok(match);
    });
    child.once('exit', (code) => fail(new Error(`exited ${code}: ${out}`)));
  });
}

/** One browser's cookies per host, and requests that keep them; no redirect followed. */
function browser() {
  const jar = new Map();
  const request = async (url, form) => {
    const host = new URL(url).host;
    const cookies = jar.get(host) ?? new Map();
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        ...(cookies.size ? { Cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) cookies.set(pair.slice(0, at), value);
      else cookies.delete(pair.slice(0, at));
    }
    jar.set(host, cookies);
    return res;
  };
  const follow = async (url, stopAt) => {
    let current = url;
    for (;;) {
      if (stopAt && current.startsWith(stopAt)) return { url: current, res: null };
      const res = await request(current);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      current = new URL(location, current).toString();
    }
  };
  return { request, follow };
}

async function providerSignIn(url, account) {
  const b = browser();
  const start = await b.request(`${url}/auth/oidc/oidc/login`);
  const callback = `${url}/auth/oidc/oidc/callback`;
  let at = await b.follow(start.headers.get('location'), callback);
  if (at.res) {
    const action = new URL(/action="([^"]+)"/.exec(await at.res.text())[1], at.url).toString();
    const posted = await b.request(action, { prompt: 'login', login: account, password: 'x' });
    at = await b.follow(new URL(posted.headers.get('location'), action).toString(), callback);
  }
  const done = await b.request(at.url);
  const handoff = new URLSearchParams(done.headers.get('location').split('#')[1]).get('handoff');
  const traded = await fetch(`${url}/auth/oidc/token/v1`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ handoff }),
  });
  return { token: (await traded.json()).access_token, browser: b };
}

const port = await freePort();
const url = `http://localhost:${port}`;
const idp = spawn(
  process.execPath,
  [join(root, 'tools/scripts/idp.mjs'), '--port', '0', '--json', '--console-url', url],
  { stdio: ['ignore', 'pipe', 'ignore'] },
);
const settings = JSON.parse((await started(idp, /^\{.*\}$/m))[0]);
delete settings.accounts;
const dataDir = mkdtempSync(join(tmpdir(), 'identity-bench-'));
const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
const server = spawn(process.execPath, [join(root, 'dist/apps/fleet-sim/main.cjs')], {
  env: {
    ...env,
    ...settings,
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_PASSWORD: PASSWORD,
    FLEET_SIZE: '300',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  await started(server, /serving at/);
  const session = await bench.token(url, PASSWORD, 'engineer');
  const created = await fetch(`${url}/create/access_token/v1`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'bench' }),
  });
  const pat = (await created.json()).token;
  const timed = async (token) => {
    const t0 = performance.now();
    const res = await fetch(`${url}/read/expired/v1?username=engineer`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`call answered ${res.status}`);
    return performance.now() - t0;
  };
  for (let i = 0; i < 200; i += 1) await timed(i % 2 ? pat : session); // warm-up
  const sessions = [];
  const tokens = [];
  for (let i = 0; i < CALLS; i += 1) {
    sessions.push(await timed(session));
    tokens.push(await timed(pat));
  }
  console.log(`identity on one server (PGlite), ${CALLS} calls each, alternating, GET /read/expired/v1:`);
  console.log(
    bench.line(
      '  with a signed-in session token',
      sessions.sort((a, b) => a - b),
    ),
  );
  console.log(
    bench.line(
      '  with a personal access token',
      tokens.sort((a, b) => a - b),
    ),
  );

  const signIns = [];
  for (let i = 0; i < SIGN_INS; i += 1) {
    const t0 = performance.now();
    await providerSignIn(url, 'eli');
    signIns.push(performance.now() - t0);
  }
  console.log(
    bench.line(
      `  a sign-in through the provider (${SIGN_INS}, start to token)`,
      signIns.sort((a, b) => a - b),
    ),
  );

  const closes = [];
  for (let i = 0; i < 10; i += 1) {
    const { token, browser: b } = await providerSignIn(url, 'ezra');
    const socket = io(`${url}/dashboard`, {
      transports: ['polling'],
      auth: { token },
      reconnection: false,
      forceNew: true,
    });
    await new Promise((r) => socket.once('connect', r));
    const closed = new Promise((r) => socket.once('disconnect', () => r(performance.now())));
    const end = await b.follow(`${settings.OIDC_ISSUER}/session/end`);
    const page = await end.res.text();
    const [, action, xsrf] = /action="([^"]+)"[\s\S]*?name="xsrf" value="([^"]+)"/.exec(page);
    const t0 = performance.now();
    await b.request(new URL(action, end.url).toString(), { xsrf, logout: 'yes' });
    closes.push((await closed) - t0);
    socket.close();
    await bench.sleep(50);
  }
  console.log(
    bench.line(
      '  sign-out at the provider to the socket closed (10)',
      closes.sort((a, b) => a - b),
    ),
  );
} finally {
  server.kill('SIGTERM');
  idp.kill('SIGTERM');
  await bench.sleep(500);
  rmSync(dataDir, { recursive: true, force: true });
}
