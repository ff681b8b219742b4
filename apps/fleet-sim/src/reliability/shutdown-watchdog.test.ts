import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleFixture, type BundledFixture } from '../test/bundle-fixture';
import { TEMPLATE_ENV } from '../test/template';

const DEADLINE_SECONDS = 1;
/** The promise: the process ends within the deadline and a second, whatever its main thread does. */
const LIMIT_MS = DEADLINE_SECONDS * 1000 + 1000;

interface Stuck {
  /** From the watchdog being armed to the end of the process. */
  ms: number | null;
  signal: NodeJS.Signals | null;
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the fixture in `mode` and times it from its 'armed' line (stderr) to its end; killed and null after 30 s. */
function runStuck(fixture: BundledFixture, mode: string, env: Record<string, string> = {}): Promise<Stuck> {
  const child = spawn(process.execPath, [fixture.file, mode], {
    env: { ...process.env, ...fixture.env, DEADLINE_SECONDS: String(DEADLINE_SECONDS), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  let armedAt: number | null = null;
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
    if (armedAt === null && stderr.includes('armed')) armedAt = performance.now();
  });
  return new Promise((done) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      const ms = armedAt === null ? null : Math.round(performance.now() - armedAt);
      done({
        ms: signal === 'SIGKILL' && ms !== null && ms > 29_000 ? null : ms,
        signal,
        code,
        stdout,
        stderr,
      });
    });
  });
}

/**
 * The shutdown deadline enforced from outside the main thread: a child arms the watchdog, then its main thread never
 * comes back to the event loop (no timer of its own can fire): the watchdog's thread logs why and kills the process.
 */
describe('shutdown watchdog', () => {
  let fixture: BundledFixture;
  beforeAll(async () => {
    fixture = await bundleFixture(resolve(__dirname, 'fixtures/stuck-main-thread.ts'));
  });
  afterAll(() => fixture?.remove());

  it.each(['loop', 'exit-hook'])(
    'when the main thread is stuck (%s), then the process is killed within the deadline and a second, with a log line',
    async (mode) => {
      const result = await runStuck(fixture, mode);
      expect({
        ms: result.ms !== null && result.ms >= DEADLINE_SECONDS * 1000 && result.ms <= LIMIT_MS,
        signal: result.signal,
      }).toEqual({ ms: true, signal: 'SIGKILL' });
      const line = JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      expect(line).toMatchObject({
        level: 60,
        deadlineSeconds: DEADLINE_SECONDS,
        waitingOn: 'a step that never ends',
      });
    },
  );

  it('when PGlite spins in its write-ahead log after its folder was removed, then the process is killed within the deadline and a second', async () => {
    // A copy of the tests' migrated store: a fresh one would spend seconds in initdb first.
    const template = process.env[TEMPLATE_ENV];
    const dir = mkdtempSync(join(tmpdir(), 'stuck-pglite-'));
    try {
      const pgdata = join(dir, 'pgdata');
      if (template && existsSync(template)) cpSync(template, pgdata, { recursive: true });
      const result = await runStuck(fixture, 'pglite', { PGDATA: pgdata });
      expect(result.stderr).not.toContain('the store came back');
      expect({ armed: result.stderr.includes('armed'), signal: result.signal }).toEqual({
        armed: true,
        signal: 'SIGKILL',
      });
      expect(result.ms).toBeLessThanOrEqual(LIMIT_MS);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);
});
