import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '../../../..');
const MAIN = resolve(ROOT, 'dist/apps/fleet-sim/main.cjs');
const HARNESS = resolve(ROOT, 'tools/reliability/sigterm.mjs');
const STORE = process.env['TEST_STORE'] === 'postgres' ? 'postgres' : 'pglite';
const CASES = ['console', 'busy', 'rmdir', 'second-signal', 'early'];

interface StopRun {
  case: string;
  run: number;
  seconds: number;
  exitCode: number | null;
  hung: boolean;
  ok: boolean;
  problems: string[];
}

interface SigtermSummary {
  deadlineSeconds: number;
  stops: number;
  failed: number;
  runs: StopRun[];
  harnessError: string | null;
  line: string;
}

/** Runs the harness as by hand; the summary is its last stdout line. */
function runHarness(
  args: string[],
): Promise<{ code: number | null; summary: SigtermSummary | null; stderr: string }> {
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
      let summary: SigtermSummary | null = null;
      try {
        summary = JSON.parse(last) as SigtermSummary;
      } catch {
        summary = null;
      }
      done({ code, summary, stderr });
    });
  });
}

/**
 * SIGTERM with a console connected, with the store busy, and while the data folder is being removed (and
 * a second SIGTERM during a stop): tools/reliability/sigterm.mjs's short form against the built server.
 */
describe(`SIGTERM harness, short form (${STORE})`, () => {
  it('when SIGTERM comes with a console connected, with requests in flight, or as the data folder is removed, then the process exits within the deadline every time', async () => {
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
      throw new Error(`the SIGTERM harness printed no summary (exit ${code}):\n${stderr.slice(-4000)}`);
    expect(summary.harnessError).toBeNull();
    expect(summary.runs.map((r) => r.case).sort()).toEqual([...CASES].sort());
    for (const run of summary.runs) expect(run.hung).toBe(false);
    // Each failing stop with what went wrong (time, exit code, the server's last lines) is the diff.
    expect(summary.runs.filter((r) => !r.ok)).toEqual([]);
    expect(code).toBe(0);
  }, 240_000);
});
