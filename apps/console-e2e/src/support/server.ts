import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const workspaceRoot = resolve(__dirname, '../../../..');
export const E2E_PASSWORD = 'e2e-demo-password-123';

/** A free port on loopback: the dashboard's PUBLIC_URL must be known before the provider registers its redirect URI. */
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

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

/** Starts the built fleet-sim on a free port with a fresh data folder and waits for /healthz. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  // A caller that must know the address first (a provider registers its redirect URI) gives PORT.
  const port = env['PORT'] ? Number(env['PORT']) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'fleet-sim-e2e-'));
  const url = `http://localhost:${port}`;
  // The server keeps its data in its fresh folder (embedded PGlite), whatever the runner's DATABASE_URL
  // and REDIS_URL point at: CI sets those for the integration suites, whose data must not leak in here.
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [join(workspaceRoot, 'dist/apps/fleet-sim/main.cjs')], {
    cwd: workspaceRoot,
    env: {
      ...inherited,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      DEMO_PASSWORD: E2E_PASSWORD,
      FLEET_SIZE: '300',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`fleet-sim exited with code ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, dataDir, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error('fleet-sim did not answer /healthz within 90 s');
}
