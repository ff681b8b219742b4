import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { MAIN, requireBuild } from './spawn-server';

const ROOT = resolve(__dirname, '../../../..');

/** The store this jest project runs on, as the reliability harnesses name it. */
export const HARNESS_STORE = process.env['TEST_STORE'] === 'postgres' ? 'postgres' : 'pglite';

/** What every harness's JSON summary carries. */
export interface HarnessSummary {
  /** Why the harness could not run to its end; null when it did. */
  harnessError: string | null;
  /** The one-line result it also prints. */
  line: string;
}

/** Parses the harness's last stdout line (its JSON summary); null when it printed none. */
function lastLineJson<S>(stdout: string): S | null {
  const last = stdout.trim().split('\n').at(-1) ?? '';
  try {
    return JSON.parse(last) as S;
  } catch {
    return null;
  }
}

/**
 * Runs a harness of tools/reliability as `npm test` would by hand, in its short form against the built
 * server on this run's store, and answers its summary (its last stdout line) and exit code. A harness
 * that prints no summary fails the test with the end of its stderr.
 */
export async function runShortHarness<S extends HarnessSummary>(
  script: string,
  name: string,
): Promise<{ code: number | null; summary: S }> {
  requireBuild();
  const child = spawn(
    process.execPath,
    [
      resolve(ROOT, 'tools/reliability', script),
      '--short',
      '--json',
      '--store',
      HARNESS_STORE,
      '--main',
      MAIN,
    ],
    {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  const summary = lastLineJson<S>(stdout);
  if (!summary) throw new Error(`the ${name} printed no summary (exit ${code}):\n${stderr.slice(-4000)}`);
  return { code, summary };
}
