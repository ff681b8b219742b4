import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../config/config';
import { startServer, type RunningServer } from '../server';
import { PrivatePostgres } from '../test/private-postgres';

const PASSWORD = 'store-outage-password';

/** A sign-in: it reads the users table, so it needs the store. */
function signIn(url: string): Promise<Response> {
  return fetch(`${url}/auth/token/v1`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'admin',
      password: PASSWORD,
      client_id: 'equipment-dashboard',
    }),
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

/** Polls until `check` answers true; answers the milliseconds it took. */
async function until(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${withinMs} ms`);
}

/**
 * A server on a PostgreSQL of the test's own, which the test stops and starts again (the machine's shared server is
 * never touched): the process goes on, calls answer 503 meanwhile, and it serves again by itself.
 */
describe('a PostgreSQL outage under a running server', () => {
  let pg: PrivatePostgres;
  let server: RunningServer;
  const dataDir = mkdtempSync(join(tmpdir(), 'store-outage-'));

  beforeAll(async () => {
    pg = await PrivatePostgres.create();
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: pg.url,
      LOG_LEVEL: 'silent',
      DEMO_PASSWORD: PASSWORD,
      FLEET_SIZE: '100',
      FLEET_SEED: 'store-outage',
      FLEET_HISTORY_BACKFILL: 'false',
      CONSOLE_DIR: join(dataDir, 'no-console'),
    });
    server = await startServer(config);
  }, 120_000);

  // The close waits for the jobs' passes under way, which on a machine loaded by the other suites took past jest's 60 s.
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    pg?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }, 180_000);

  it('when the database stops, then /readyz and calls answer 503 with Retry-After within 5 s; when it is back, then both answer 200 within 5 s', async () => {
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    expect((await signIn(server.url)).status).toBe(200);

    pg.stop();
    const ready = await timed(() => fetch(`${server.url}/readyz`));
    expect(ready.value.status).toBe(503);
    expect(ready.ms).toBeLessThan(5_000);
    const call = await timed(() => signIn(server.url));
    expect(call.value.status).toBe(503);
    expect(call.ms).toBeLessThan(5_000);
    expect(call.value.headers.get('retry-after')).toMatch(/^\d+$/);
    const body = (await call.value.json()) as { error?: unknown; details?: unknown };
    expect(typeof body.error).toBe('string');
    expect(body.details).toEqual({ retryAfterSeconds: expect.any(Number) });
    // The background loops (follower, write-behind, jobs) meet the outage too: the process is still serving.
    await new Promise((r) => setTimeout(r, 1_500));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    pg.start();
    const readyAgain = await until(async () => (await fetch(`${server.url}/readyz`)).status === 200, 5_000);
    const servingAgain = await until(async () => (await signIn(server.url)).status === 200, 5_000);
    expect(readyAgain).toBeLessThan(5_000);
    expect(servingAgain).toBeLessThan(5_000);
  }, 120_000);
});
