import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { bundleFixture, type BundledFixture } from '../test/bundle-fixture';

/** How long a child may take from its last log lines to its end. */
const EXIT_LIMIT_MS = 2_000;
/** Rounds of each way the log reader can fail. */
const ROUNDS = 8;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Round {
  reader: string;
  round: number;
  ms: number | null;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Waits for a line containing `text` on a stream. */
function lineOn(stream: Readable, text: string): Promise<void> {
  return new Promise((ok, fail) => {
    let seen = '';
    const timer = setTimeout(() => fail(new Error(`no "${text}" within 20 s: ${seen.slice(-500)}`)), 20_000);
    stream.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        ok();
      }
    });
  });
}

/** Sends the child its go, then times its end (a child still there after 10 s is killed and counted as never ending). */
async function goAndTime(child: ChildProcess, exited: Promise<[number | null, NodeJS.Signals | null]>) {
  const goAt = performance.now();
  child.stdin?.write('go\n');
  let timer: NodeJS.Timeout | undefined;
  const exit = await Promise.race([
    exited.then((e) => ({ e, at: performance.now() })),
    new Promise<null>((r) => (timer = setTimeout(() => r(null), 10_000))),
  ]);
  clearTimeout(timer);
  if (exit) return { ms: Math.round(exit.at - goAt), code: exit.e[0], signal: exit.e[1] };
  child.kill('SIGKILL');
  await exited;
  return { ms: null, code: null, signal: null };
}

function spawnFixture(fixture: BundledFixture, stdio: ('pipe' | number)[], lines: number) {
  const child = spawn(process.execPath, [fixture.file], {
    env: { ...process.env, ...fixture.env, LINES: String(lines) },
    stdio: stdio as never,
  });
  const exited = new Promise<[number | null, NodeJS.Signals | null]>((r) =>
    child.once('exit', (code, signal) => r([code, signal])),
  );
  return { child, exited };
}

/** stdout and stderr are socket pairs (what a parent's pipes are in Node); the reader closes them before the end. */
async function socketReaderGone(fixture: BundledFixture) {
  const { child, exited } = spawnFixture(fixture, ['pipe', 'pipe', 'pipe'], 200);
  await lineOn(child.stdout as Readable, 'ready');
  const closed = [child.stdout, child.stderr].map((s) => new Promise((r) => s?.once('close', r)));
  child.stdout?.destroy();
  child.stderr?.destroy();
  await Promise.all(closed);
  return goAndTime(child, exited);
}

/** stdout and stderr are one named pipe (a FIFO, as a shell pipeline gives); its reader closes it before the end. */
async function fifoReaderGone(fixture: BundledFixture) {
  const dir = mkdtempSync(join(tmpdir(), 'log-sink-fifo-'));
  try {
    const fifo = join(dir, 'log');
    execFileSync('mkfifo', [fifo]);
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    const writer = openSync(fifo, constants.O_WRONLY);
    const { child, exited } = spawnFixture(fixture, ['pipe', writer, writer], 200);
    closeSync(writer);
    const buffer = Buffer.alloc(65_536);
    let seen = '';
    for (const until = Date.now() + 20_000; !seen.includes('ready');) {
      if (Date.now() > until) throw new Error(`no "ready" on the FIFO within 20 s: ${seen}`);
      try {
        seen += buffer.toString('utf8', 0, readSync(reader, buffer));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        await sleep(20);
      }
    }
    closeSync(reader);
    return await goAndTime(child, exited);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The reader is there but stopped reading: 6 MB of lines fill the pipe and the 4 MB the sink holds for a slow reader
 * (the rest is dropped). More lines only time how fast a loaded machine makes them (20 MB took over 2 s in CI).
 */
async function readerStalled(fixture: BundledFixture) {
  const { child, exited } = spawnFixture(fixture, ['pipe', 'pipe', 'pipe'], 6_000);
  await lineOn(child.stdout as Readable, 'ready');
  child.stdout?.pause();
  child.stderr?.pause();
  const timed = await goAndTime(child, exited);
  child.stdout?.destroy();
  child.stderr?.destroy();
  return timed;
}

/**
 * The server's log sink when its reader is gone or stuck: a child runs the server's logger, writes a burst of lines
 * and an error line, and exits at once, as a job failing against a closed store did during a stop. pino's own
 * destination retried the failed write for ever in its exit hook (the process never ended).
 */
describe('log sink, with the log reader gone or stuck', () => {
  let fixture: BundledFixture;
  beforeAll(async () => {
    fixture = await bundleFixture(resolve(__dirname, 'fixtures/log-then-exit.ts'));
  });
  afterAll(() => fixture?.remove());

  it('when stdout and stderr lose their reader (socket or FIFO) or it stops reading, then the process exits within 2 s after its error line, every time', async () => {
    const ways = {
      'socket, reader gone': socketReaderGone,
      'FIFO, reader gone': fifoReaderGone,
      'reader stalled': readerStalled,
    };
    const rounds: Round[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const [reader, run] of Object.entries(ways))
        rounds.push({ reader, round, ...(await run(fixture)) });
    }
    // Each slow or hung round, with how it ended, is the diff when this fails.
    expect(rounds.filter((r) => r.ms === null || r.ms > EXIT_LIMIT_MS || r.code !== 1)).toEqual([]);
    expect(rounds).toHaveLength(3 * ROUNDS);
  }, 180_000);
});
