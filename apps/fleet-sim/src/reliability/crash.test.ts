import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const MAIN = resolve(ROOT, 'dist/apps/fleet-sim/main.cjs');
const HARNESS = resolve(ROOT, 'tools/reliability/crash-harness.mjs');
const STORE = process.env['TEST_STORE'] === 'postgres' ? 'postgres' : 'pglite';

interface KindTally {
  acknowledged: number;
  found: number;
  lost: number;
}

interface CrashSummary {
  kills: number;
  acknowledged: number;
  lost: number;
  kinds: Record<string, KindTally>;
  losses: { kind: string; request: string; answer: string; observed: string }[];
  harnessError: string | null;
  line: string;
}

/** Runs the harness as `npm test` would by hand; the summary is its last stdout line. */
function runHarness(
  args: string[],
): Promise<{ code: number | null; summary: CrashSummary | null; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [HARNESS, ...args], {
      cwd: ROOT,
      env: process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.once('exit', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      let summary: CrashSummary | null = null;
      try {
        summary = JSON.parse(last) as CrashSummary;
      } catch {
        summary = null;
      }
      done({ code, summary, stderr });
    });
  });
}

/**
 * "An answer is a promise": the crash harness's short form (tools/reliability/crash-harness.mjs; the long
 * form and its figures are in docs/reliability.md) against the built server, on this run's store.
 */
describe(`crash harness, short form (${STORE})`, () => {
  it('when the server is killed (kill -9) the moment each kind of write is answered 2xx, then every acknowledged write is there after the restart', async () => {
    if (!existsSync(MAIN))
      throw new Error(
        `${MAIN} is missing: build fleet-sim first (npx nx run fleet-sim:build; npm test builds it before jest).`,
      );
    const { code, summary, stderr } = await runHarness([
      '--short',
      '--json',
      '--store',
      STORE,
      '--main',
      MAIN,
    ]);
    if (!summary)
      throw new Error(`the crash harness printed no summary (exit ${code}):\n${stderr.slice(-4000)}`);
    expect(summary.harnessError).toBeNull();
    // Every kind was written and acknowledged at least once, except a kind with nothing to write to.
    expect(summary.acknowledged).toBeGreaterThanOrEqual(12);
    expect(summary.kills).toBe(summary.acknowledged);
    // The losses, request by request, are the diff when this fails.
    expect({ lost: summary.lost, losses: summary.losses }).toEqual({ lost: 0, losses: [] });
    expect(code).toBe(0);
  }, 300_000);
});
