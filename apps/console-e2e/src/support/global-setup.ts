import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer, workspaceRoot } from './server';

export const STATE_FILE = join(workspaceRoot, 'tmp/console-e2e/server.json');

export default async function globalSetup(): Promise<void> {
  rmSync(STATE_FILE, { force: true });
  const server = await startServer();
  mkdirSync(join(workspaceRoot, 'tmp/console-e2e'), { recursive: true });
  writeFileSync(
    STATE_FILE,
    JSON.stringify({ url: server.url, dataDir: server.dataDir, pid: server.process.pid }),
  );
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_DATA_DIR'] = server.dataDir;
  server.process.unref();
}
