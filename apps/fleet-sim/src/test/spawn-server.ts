import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import request from 'supertest';
import { TEST_PASSWORD } from './test-server';

/** The built server (npm test builds it before jest). */
export const MAIN = resolve(__dirname, '../../../../dist/apps/fleet-sim/main.cjs');

/** A server started as its own process from the build, as an operator starts one. */
export interface ServerProcess {
  process: ChildProcess;
  url: string;
  dataDir: string;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

export function requireBuild(): void {
  if (!existsSync(MAIN))
    throw new Error(
      `${MAIN} is missing: build fleet-sim first (npx nx run fleet-sim:build; npm test builds it before jest).`,
    );
}

export function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sim-process-'));
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DEMO_PASSWORD: TEST_PASSWORD,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolvePromise, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no URL printed within 90 s:\n${out}`)), 90_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /serving at (http:\/\/localhost:\d+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolvePromise({ process: child, url: match[1], dataDir, stop });
      }
    });
    child.once('exit', (code) => reject(new Error(`fleet-sim exited with ${code}:\n${out}`)));
  });
}

export async function tokenAt(url: string, username: string): Promise<string> {
  const res = await request(url)
    .post('/auth/token/v1')
    .type('form')
    .send({ grant_type: 'password', username, password: TEST_PASSWORD, client_id: 'equipment-dashboard' });
  if (res.status !== 200) throw new Error(`sign-in as ${username} failed: ${res.status}`);
  return res.body.access_token as string;
}

/** Calls to whichever process is named, each signed in with the token `tokenOf` gives for it. */
export function callsTo(tokenOf: (p: ServerProcess) => string | undefined) {
  return {
    get: (p: ServerProcess, path: string, query: Record<string, string> = {}) =>
      request(p.url)
        .get(path)
        .query(query)
        .set('Authorization', `Bearer ${tokenOf(p)}`),
    post: (p: ServerProcess, path: string, body: object) =>
      request(p.url)
        .post(path)
        .set('Authorization', `Bearer ${tokenOf(p)}`)
        .send(body),
  };
}

/**
 * The environment of server processes that share one store and one event stream: a fresh schema of
 * DATABASE_URL's PostgreSQL (drop it after), REDIS_URL's Redis, one token secret and the test password.
 */
export function sharedStoreEnv(fleetSize: string): { schema: string; env: Record<string, string> } {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  return {
    schema,
    env: {
      DATABASE_URL: process.env['DATABASE_URL'] ?? '',
      DATABASE_SCHEMA: schema,
      REDIS_URL: process.env['REDIS_URL'] ?? '',
      TOKEN_SECRET: randomBytes(32).toString('hex'),
      DEMO_PASSWORD: TEST_PASSWORD,
      FLEET_SIZE: fleetSize,
    },
  };
}

/** Reads until the value passes, within `ms` (each process follows the store within a poll); says how long it took. */
export async function within<T>(
  ms: number,
  read: () => Promise<T>,
  passes: (value: T) => boolean,
): Promise<{ value: T; after: number }> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (passes(value)) return { value, after: Date.now() - started };
    if (Date.now() - started > ms)
      throw new Error(`not within ${ms} ms: ${JSON.stringify(value)?.slice(0, 4000)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The body of a ticket an admin files for a unit as the API shows it (its detail). */
export function adminTicketFor(
  unit: { serialNumber: string; version: { semantic: string }; connected: boolean; family: string },
  description: string,
): Record<string, unknown> {
  return {
    issuerUsername: 'admin',
    issuerEmail: 'admin@equipment-dashboard.example',
    serialNumber: unit.serialNumber,
    version: unit.version.semantic,
    connected: unit.connected,
    family: unit.family,
    model: 'Model',
    description,
    escalated: false,
  };
}

/** A process's GET /healthz: its role, and for a simulator the units and shards it holds. */
export async function healthOf(p: ServerProcess): Promise<{ role: string; units: number; shards: number[] }> {
  return (await request(p.url).get('/healthz')).body as { role: string; units: number; shards: number[] };
}

/**
 * Two API processes and two simulators on one store (`env`, from sharedStoreEnv): started, admin signed in at each
 * API process (`tokens`), and the simulators' shares even (32 shards each, `units` in all) before it answers.
 */
export async function startTwoApisTwoSims(
  env: Record<string, string>,
  units: number,
): Promise<{
  a: ServerProcess;
  b: ServerProcess;
  sims: ServerProcess[];
  tokens: Map<ServerProcess, string>;
}> {
  requireBuild();
  const a = await startServerProcess({ ...env, FLEET_ROLE: 'api' });
  const [b, ...sims] = await Promise.all([
    startServerProcess({ ...env, FLEET_ROLE: 'api' }),
    startServerProcess({ ...env, FLEET_ROLE: 'sim' }),
    startServerProcess({ ...env, FLEET_ROLE: 'sim' }),
  ]);
  const tokens = new Map<ServerProcess, string>([
    [a, await tokenAt(a.url, 'admin')],
    [b as ServerProcess, await tokenAt((b as ServerProcess).url, 'admin')],
  ]);
  // The simulators even out their shares within a few lease rounds.
  await within(
    30_000,
    () => Promise.all(sims.map(healthOf)),
    (hs) => hs.every((h) => h.shards.length === 32) && hs.reduce((n, h) => n + h.units, 0) === units,
  );
  return { a, b: b as ServerProcess, sims, tokens };
}
