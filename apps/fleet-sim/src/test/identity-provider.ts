import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

/** `npm run idp`'s script: the tests start the same provider the developers use. */
const IDP_SCRIPT = resolve(__dirname, '../../../../tools/scripts/idp.mjs');

/** A free port on loopback (a server must know its PUBLIC_URL before the provider registers its redirect URI). */
export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

/** A real OpenID provider (oidc-provider) on loopback, started as `npm run idp` starts it, with test controls. */
export interface TestIdp {
  issuer: string;
  /** The variables a dashboard signs in through it with (OIDC_ISSUER, OIDC_CLIENT_ID ...). */
  env: Record<string, string>;
  /** Moves a demo account to other groups (an empty list: out of every group). */
  setGroups(account: string, groups: string[]): Promise<void>;
  /** Removes a demo account (a leaver). */
  remove(account: string): Promise<void>;
  /** The next ID token the provider answers gets these claims instead (a wrong audience, issuer). */
  tamperNextIdToken(claims: Record<string, unknown>): Promise<void>;
  stop(): Promise<void>;
}

export function startIdp(options: {
  consoleUrl: string;
  providerId?: string;
  clientId?: string;
}): Promise<TestIdp> {
  const args = [
    IDP_SCRIPT,
    '--port',
    '0',
    '--json',
    '--test-controls',
    '--console-url',
    options.consoleUrl,
    '--provider-id',
    options.providerId ?? 'oidc',
    '--client-id',
    options.clientId ?? 'equipment-dashboard',
  ];
  const { DATABASE_URL: _d, REDIS_URL: _r, ...env } = process.env;
  const child: ChildProcess = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((ok, fail) => {
    let out = '';
    const timer = setTimeout(
      () => fail(new Error(`the provider did not start within 30 s:\n${out}\n${err}`)),
      30_000,
    );
    child.once('exit', (code) => fail(new Error(`the provider exited (${code}):\n${out}\n${err}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (!line) return;
      clearTimeout(timer);
      const settings = JSON.parse(line) as Record<string, string>;
      const issuer = settings['OIDC_ISSUER'] ?? '';
      const control = async (path: string, body: unknown) => {
        const res = await fetch(`${issuer}/__test/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        if (!res.ok) throw new Error(`provider control ${path} answered ${res.status}`);
      };
      ok({
        issuer,
        env: {
          OIDC_ISSUER: issuer,
          OIDC_CLIENT_ID: settings['OIDC_CLIENT_ID'] ?? '',
          OIDC_CLIENT_SECRET: settings['OIDC_CLIENT_SECRET'] ?? '',
          OIDC_NAME: settings['OIDC_NAME'] ?? '',
          OIDC_ROLE_MAP: settings['OIDC_ROLE_MAP'] ?? '',
        },
        setGroups: (account, groups) => control('groups', { account, groups }),
        remove: (account) => control('remove', { account }),
        tamperNextIdToken: (claims) => control('tamper', claims),
        async stop() {
          child.removeAllListeners('exit');
          if (child.exitCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill('SIGTERM');
          await exited;
        },
      });
    });
  });
}

/** One browser's cookies, by host, and requests that carry them and keep what answers set; no redirect followed. */
export class CookieBrowser {
  private readonly jar = new Map<string, Map<string, string>>();

  private keep(url: string, res: Response): void {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    for (const header of res.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(host, cookies);
  }

  cookie(url: string, name: string): string | undefined {
    return this.jar.get(new URL(url).host)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).host;
    const cookies = this.jar.get(host) ?? new Map<string, string>();
    cookies.set(name, value);
    this.jar.set(host, cookies);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const cookies = [...(this.jar.get(new URL(url).host) ?? new Map<string, string>())]
      .map(([k, v]) => `${k}=${v}`)
      .join('; ');
    const res = await fetch(url, {
      method: init.method ?? (init.form ? 'POST' : 'GET'),
      redirect: 'manual',
      headers: {
        ...(cookies ? { Cookie: cookies } : {}),
        ...(init.form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    this.keep(url, res);
    return res;
  }

  /** Follows redirects from `url` until an answer that is not one, or until the next URL starts with `stopAt`. */
  async follow(url: string, stopAt?: string): Promise<{ url: string; res: Response | null }> {
    let current = url;
    for (let hops = 0; hops < 20; hops += 1) {
      if (stopAt && hops > 0 && current.startsWith(stopAt)) return { url: current, res: null };
      const res = await this.request(current);
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || !location) return { url: current, res };
      current = new URL(location, current).toString();
    }
    throw new Error(`too many redirects from ${url}`);
  }
}

/**
 * Signs in at the provider as a demo account, from the server's sign-in start to the provider's redirect back:
 * answers the callback URL (not opened yet, so a test may change it), or the provider's last answer if it sent
 * the browser nowhere (a refused login).
 */
export async function loginAtProvider(
  browser: CookieBrowser,
  serverUrl: string,
  providerId: string,
  account: string,
  returnTo?: string,
): Promise<{ callback: string; authorizeUrl: string }> {
  const start = `${serverUrl}/auth/oidc/${providerId}/login${returnTo === undefined ? '' : `?returnTo=${encodeURIComponent(returnTo)}`}`;
  const first = await browser.request(start);
  const authorizeUrl = first.headers.get('location') ?? '';
  if (first.status !== 302 || !authorizeUrl) throw new Error(`sign-in start answered ${first.status}`);
  const callbackPrefix = `${serverUrl}/auth/oidc/${providerId}/callback`;
  let at = await browser.follow(authorizeUrl, callbackPrefix);
  if (at.res === null) return { callback: at.url, authorizeUrl };
  // The provider's login form (its development interactions): any password for a demo account.
  const page = await at.res.text();
  const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
  if (!action) throw new Error(`no login form at ${at.url}:\n${page.slice(0, 500)}`);
  const actionUrl = new URL(action, at.url).toString();
  const posted = await browser.request(actionUrl, {
    form: { prompt: 'login', login: account, password: 'any-password' },
  });
  const next = posted.headers.get('location');
  if (!next)
    throw new Error(`the login form answered ${posted.status}: ${(await posted.text()).slice(0, 300)}`);
  at = await browser.follow(new URL(next, actionUrl).toString(), callbackPrefix);
  if (at.res !== null)
    throw new Error(`the provider did not send the browser back: ${at.res.status} at ${at.url}`);
  return { callback: at.url, authorizeUrl };
}

/** The one-time code of the console page the callback sent the browser to, or null when it sent it elsewhere. */
export function handoffOf(res: Response): string | null {
  const location = res.headers.get('location') ?? '';
  const fragment = location.split('#')[1] ?? '';
  return new URLSearchParams(fragment).get('handoff');
}
