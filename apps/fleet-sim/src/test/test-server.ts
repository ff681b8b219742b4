import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request, { type Test } from 'supertest';
import type { Socket } from 'socket.io-client';
import { dropSchema } from './test-store';
import { loadConfig } from '../config/config';
import { DEFAULT_FLEET_SETTINGS, FLEET_SETTINGS_KEY } from '../fleet/fleet-settings';
import { startServer, type RunningServer } from '../server';
import { replaceSetting } from '../store/repos/settings-repo';
import { bearer } from './fleet-helpers';
import { connectLive } from './live-socket';
import { TEMPLATE_ENV } from './template';

/** The demo password of every test server's users. */
export const TEST_PASSWORD = 'test-password-123';

export interface TestServer {
  server: RunningServer;
  url: string;
  /** supertest bound to the server. */
  http: ReturnType<typeof request>;
  /** Signs in as a user (default password: the demo one) and answers the access token. */
  tokenFor(username: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

/** The store this jest project runs on: PGlite, or PostgreSQL at DATABASE_URL (the second project). */
export const onPostgres = process.env['TEST_STORE'] === 'postgres';

/**
 * A real server on a free port over a fresh store: PGlite in a temp folder (copied from the seeded
 * template that jest's global setup made), or a throw-away schema on DATABASE_URL's PostgreSQL.
 */
export interface TestServerOptions {
  /** Keep the field's random connects and drops (off by default, so a unit a test picks stays as it is). */
  churn?: boolean;
  /** A new PGlite store seeded by the server's first start (FLEET_SIZE units) instead of the 200-unit template. */
  fresh?: boolean;
}

export async function startTestServer(
  env: Record<string, string> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sim-test-'));
  const template = process.env[TEMPLATE_ENV];
  const databaseUrl = onPostgres ? process.env['DATABASE_URL'] : undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;
  if (!databaseUrl && !options.fresh && template && existsSync(template))
    cpSync(template, join(dataDir, 'pgdata'), { recursive: true });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_PASSWORD: TEST_PASSWORD,
    FLEET_SIZE: '200',
    FLEET_SEED: 'test-world',
    CONSOLE_DIR: join(dataDir, 'no-console'),
    // Fifty times real time: a unit's 1-3 s command reply takes 25-70 ms.
    SIM_SPEED: '50',
    // A new world's 90 days of history (1-2 s of the store's time) only where a suite reads them: with every
    // suite's servers writing them, the full run's PostgreSQL was slow enough to fail connections.
    FLEET_HISTORY_BACKFILL: 'false',
    // Under the full run's load a new connection to PostgreSQL has taken past the product's 2 s.
    DATABASE_CONNECT_TIMEOUT_MS: '15000',
    ...env,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  });
  const server = await startServer(config, { checkResponses: true, databaseSchema: schema });
  if (!options.churn) {
    // The field's random connects and drops stop, as a scenario would stop them (every process reads it).
    await replaceSetting(server.deps.db, FLEET_SETTINGS_KEY, { ...DEFAULT_FLEET_SETTINGS, churn: 0 });
    await server.deps.follower.wake({ world: true });
  }
  const http = request(server.url);
  return {
    server,
    url: server.url,
    http,
    async tokenFor(username, password = TEST_PASSWORD) {
      const res = await request(server.url)
        .post('/auth/token/v1')
        .type('form')
        .send({ grant_type: 'password', username, password, client_id: 'equipment-dashboard' });
      if (res.status !== 200)
        throw new Error(`sign-in as ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
      return (res.body as { access_token: string }).access_token;
    },
    async close() {
      await server.close();
      if (databaseUrl && schema) await dropSchema(databaseUrl, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The test server of a describe block (see useTestServer). */
export interface SuiteServer extends TestServer {
  /** The access token of a user signed in at start. */
  token(username: string): string;
  /** Requests sent as a user signed in at start. */
  as(username: string): { get(path: string): Test; post(path: string): Test; delete(path: string): Test };
  /** Connects a console's live channel as a user signed in at start; it is closed before the server. */
  live(username: string): Promise<Socket>;
  /** The console's live channel connected at start as `liveAs`. */
  readonly socket: Socket;
}

export interface SuiteServerOptions extends TestServerOptions {
  /** Configuration variables over the test defaults. */
  env?: Record<string, string>;
  /** Users to sign in at start (with the demo password). */
  users?: readonly string[];
  /** One of `users` whose console's live channel is connected at start, as `socket`. */
  liveAs?: string;
  /** How long the start may take (ms; jest's hook timeout otherwise): a fresh world of 100,000 units is seeded. */
  startTimeoutMs?: number;
}

/**
 * A test server for the enclosing describe block: started before its tests (beforeAll), with `users`
 * signed in, and closed after them (afterAll), live channels first. Its members may be used in tests and
 * hooks, not while the block is declared.
 */
export function useTestServer(options: SuiteServerOptions = {}): SuiteServer {
  let current: TestServer | undefined;
  const tokens = new Map<string, string>();
  const sockets: Socket[] = [];
  let liveSocket: Socket | undefined;
  const started = (): TestServer => {
    if (!current) throw new Error('the test server starts in beforeAll: use it in a test or a hook');
    return current;
  };
  beforeAll(async () => {
    const server = await startTestServer(options.env, options);
    current = server;
    const users = options.users ?? [];
    const signedIn = await Promise.all(users.map((username) => server.tokenFor(username)));
    users.forEach((username, i) => tokens.set(username, signedIn[i] ?? ''));
    if (options.liveAs) liveSocket = await live(options.liveAs);
  }, options.startTimeoutMs);
  afterAll(async () => {
    if (sockets.length > 0) {
      sockets.forEach((socket) => socket.close());
      // The closes reach the server before it stops.
      await new Promise((r) => setTimeout(r, 200));
    }
    await current?.close();
  });
  const token = (username: string): string => {
    const found = tokens.get(username);
    if (found === undefined) throw new Error(`${username} is not among the users signed in at start`);
    return found;
  };
  const live = async (username: string): Promise<Socket> => {
    const socket = await connectLive(started().url, token(username));
    sockets.push(socket);
    return socket;
  };
  return {
    get server() {
      return started().server;
    },
    get url() {
      return started().url;
    },
    get http() {
      return started().http;
    },
    tokenFor: (username, password) => started().tokenFor(username, password),
    close: () => started().close(),
    token,
    as: (username) => ({
      get: (path) =>
        started()
          .http.get(path)
          .set(bearer(token(username))),
      post: (path) =>
        started()
          .http.post(path)
          .set(bearer(token(username))),
      delete: (path) =>
        started()
          .http.delete(path)
          .set(bearer(token(username))),
    }),
    live,
    get socket() {
      if (!liveSocket) throw new Error('no live channel at start: give useTestServer `liveAs`');
      return liveSocket;
    },
  };
}
