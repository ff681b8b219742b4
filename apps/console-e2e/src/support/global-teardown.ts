import { readFileSync, rmSync } from 'node:fs';
import { STATE_FILE } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  const state = JSON.parse(readFileSync(STATE_FILE, 'utf8')) as { pid: number; dataDir: string };
  try {
    process.kill(state.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  await new Promise((r) => setTimeout(r, 500));
  rmSync(state.dataDir, { recursive: true, force: true });
}
