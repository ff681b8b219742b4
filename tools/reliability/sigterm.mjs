#!/usr/bin/env node
// SIGTERM harness: the server must stop, within its deadline, every time.
//
//   console        a console is connected over socket.io polling (/dashboard), as a browser is: the stop must
//                  take a few seconds at most, not wait out its long poll or kept-alive connection
//   busy           a burst of list reads and writes is in flight when SIGTERM arrives; every write answered
//                  2xx must be there after a restart
//   rmdir          SIGTERM to the server's process group, immediately followed by `rm -rf DATA_DIR` (how a
//                  test harness stops `npm start`)
//   second-signal  a second SIGTERM during the stop (1.5 s after the first) ends the process at once, non-zero
//   early          SIGTERM the instant the serving line is read: a clean stop, not a death by the signal
//   bulk-rmdir     a bulk action over every aligner of a larger fleet (--bulk-fleet-size) is running when SIGTERM goes
//                  to the process group, the data folder is removed at once and the log reader goes away (before
//                  the signal or 50 ms after it, in turn): the process ends within the deadline, whatever its exit
//                  code (a store whose folder is gone can leave the main thread spinning: the watchdog ends it)
//
//   node tools/reliability/sigterm.mjs --short                  each case once, bulk-rmdir 3 times (npm test)
//   node tools/reliability/sigterm.mjs --store pglite --repeat 5
//   node tools/reliability/sigterm.mjs --cases bulk-rmdir --repeat 100 --deadline 3
//
// Exits 1 when a case failed, 2 when the harness could not run. See docs/reliability.md.
import { spawn } from 'node:child_process';
import { cpSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import semver from 'semver';
import { io } from 'socket.io-client';
import {
  HARNESS_OPTIONS,
  HarnessWorkspace,
  client,
  dropStore,
  readCommandLine,
  runHarness,
  signIn,
  sleep,
  storeOf,
} from './fleet-process.mjs';

const CASES = ['console', 'busy', 'rmdir', 'second-signal', 'early', 'bulk-rmdir'];
/** Stops of the bulk-rmdir case in the short form: it is the one whose failure was a matter of timing. */
const SHORT_BULK_ROUNDS = 3;
const OPTIONS = {
  ...HARNESS_OPTIONS,
  repeat: { type: 'number', default: 5 },
  'bulk-fleet-size': { type: 'number', default: 3000 },
  cases: { type: 'string', default: '' },
  deadline: { type: 'number', default: 15 },
  'console-limit': { type: 'number', default: 5 },
};

const USAGE = `Usage: node tools/reliability/sigterm.mjs [--short | --repeat N] [options]

  --store pglite|postgres   store under test (postgres: DATABASE_URL, a fresh schema dropped at the end)
  --short                   each case once, bulk-rmdir ${SHORT_BULK_ROUNDS} times (npm test)
  --repeat N                runs of each case (default 5)
  --cases a,b               among ${CASES.join(', ')} (default: all)
  --deadline S              SHUTDOWN_DEADLINE_SECONDS given to the server (default 15)
  --console-limit S         how long a stop with a console connected may take (default 5)
  --bulk-fleet-size N       units of the bulk-rmdir case's own store (default 3000)
  --json                    print one JSON summary line on stdout (progress goes to stderr)
  --main PATH               the built server (default dist/apps/fleet-sim/main.cjs; never built here)`;

/**
 * A console as the browser runs it (apps/console live-channel.ts): socket.io over long polling, namespace
 * /dashboard, the token in auth, socket.io's own reconnection on, and a reconnect a second after the server
 * closes the socket itself.
 */
function connectConsole(url, token) {
  // Keep-alive connections, as a browser holds them (socket.io-client's Node default opens one per request).
  const agent = new Agent({ keepAlive: true });
  const socket = io(`${url}/dashboard`, {
    transports: ['polling'],
    auth: { token },
    forceNew: true,
    timeout: 10_000,
    agent,
  });
  let stopped = false;
  let timer;
  const disconnected = new Promise((r) =>
    socket.once('disconnect', (reason) => r({ reason, at: performance.now() })),
  );
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect' && !stopped)
      timer = setTimeout(() => !stopped && socket.connect(), 1_000);
  });
  const connected = new Promise((ok, fail) => {
    socket.once('connect', () => ok());
    socket.once('connect_error', (error) => fail(new Error(`console could not connect: ${error.message}`)));
  });
  const close = () => {
    stopped = true;
    clearTimeout(timer);
    socket.removeAllListeners();
    socket.close();
    agent.destroy();
  };
  return { socket, connected, disconnected, close };
}

/** A request whose outcome is kept, so that a connection reset during the stop is a result, not a crash. */
const settle = (promise) =>
  promise.then(
    (value) => ({ value }),
    (error) => ({ error }),
  );

class Harness extends HarnessWorkspace {
  constructor(options, log) {
    super(options, log, 'sigterm-harness-');
    this.extraEnv = { SHUTDOWN_DEADLINE_SECONDS: String(options.deadline) };
  }

  process(dataDir = this.work.dataDir) {
    return this.fleetProcess({ dataDir, seed: 'sigterm-harness', extraEnv: this.extraEnv });
  }

  /** First start: seeds the store; a clean stop leaves a folder the rmdir case copies. */
  async seed() {
    const startMs = await this.seedWith(this.process(), 'the seeding start');
    this.log(`first start (seeding ${this.options['fleet-size']} units): ${(startMs / 1000).toFixed(1)} s`);
  }

  /** Starts `proc` on an empty store (it seeds) and stops it cleanly; answers how long the start took. */
  async seedWith(proc, what) {
    const { url, startMs } = await proc.start();
    // Signed in first: a SIGTERM in the instant after the serving line can beat the server's signal handlers.
    await signIn(url);
    proc.signal('SIGTERM');
    const exit = await this.waitExit(proc, performance.now());
    if (exit.code !== 0)
      throw new Error(
        `${what} did not stop cleanly (${exit.code ?? exit.signal}):\n${proc.tail().join('\n')}`,
      );
    return startMs;
  }

  /**
   * Waits for the exit after a signal sent at `sentAt`; past the deadline and a margin the process is
   * killed and the stop counts as never ending.
   */
  async waitExit(proc, sentAt) {
    const limitMs = (this.options.deadline + 10) * 1000;
    let timer;
    const watchdog = new Promise(
      (r) => (timer = setTimeout(() => r(null), Math.max(0, limitMs - (performance.now() - sentAt)))),
    );
    const exit = await Promise.race([proc.exited, watchdog]);
    clearTimeout(timer);
    if (exit) return { ...exit, seconds: (exit.at - sentAt) / 1000, hung: false };
    proc.kill9();
    const killed = await proc.exited;
    return { ...killed, seconds: (killed.at - sentAt) / 1000, hung: true };
  }

  /** Pass criteria shared by every case; `extra` adds the case's own. */
  verdict(exit, extra = []) {
    const problems = [];
    if (exit.hung) problems.push(`did not exit within ${this.options.deadline + 10} s (killed)`);
    else if (exit.seconds > this.options.deadline + 1)
      problems.push(
        `exited after ${exit.seconds.toFixed(2)} s, past the ${this.options.deadline} s deadline`,
      );
    problems.push(...extra.filter(Boolean));
    return problems;
  }

  async caseConsole() {
    const proc = this.process();
    const { url } = await proc.start();
    const token = await signIn(url);
    const consoles = [connectConsole(url, token)];
    await consoles[0].connected;
    // Let the client settle into its long poll, which is what a stop used to wait out.
    await sleep(500);
    const sentAt = performance.now();
    proc.signal('SIGTERM');
    const exit = await this.waitExit(proc, sentAt);
    const gone = await Promise.race([consoles[0].disconnected, sleep(100).then(() => null)]);
    consoles.forEach((c) => c.close());
    const limit = this.options['console-limit'];
    return {
      exit,
      detail: {
        consoleDisconnectedAfterSeconds: gone ? Number(((gone.at - sentAt) / 1000).toFixed(2)) : null,
        consoleDisconnectReason: gone?.reason ?? null,
      },
      problems: this.verdict(exit, [
        !exit.hung &&
          exit.seconds > limit &&
          `took ${exit.seconds.toFixed(2)} s with a console connected (limit ${limit} s)`,
        exit.code !== 0 && !exit.hung && `exit code ${exit.code ?? exit.signal}, not 0`,
      ]),
      proc,
    };
  }

  async caseBusy() {
    const proc = this.process();
    const { url } = await proc.start();
    const api = client(url, await signIn(url));
    const units = (await api.get('/read/aligners/v1/', { page: 1, filterFamily: 'aligner' })).body.docs.map(
      (d) => d.serialNumber,
    );
    // Units to stage during the stop: aligners from 4.0.0 up to below the latest, nothing staged.
    const latest = (await api.get('/read/latest_software_version/v1')).body;
    const stageable = [];
    for (let page = 1; page <= 5 && stageable.length < 5; page += 1) {
      const list = await api.get('/read/updatescheduler_aligners/v1/', { page });
      for (const d of list.body?.docs ?? []) {
        const version = semver.coerce(d.version.semantic)?.version ?? '0.0.0';
        if (
          !d.staging.isStaged &&
          semver.gte(version, '4.0.0') &&
          semver.lt(version, semver.coerce(latest.semantic).version)
        )
          stageable.push(d.serialNumber);
      }
    }
    const marker = `sigterm ${Date.now().toString(36)}`;
    const inFlight = [];
    const writes = [];
    let answers = 0;
    let writeAnswered;
    const firstWriteAnswered = new Promise((r) => (writeAnswered = r));
    const track = (promise, isWrite = false) => {
      const settled = settle(promise);
      void settled.then((r) => {
        answers += 1;
        if (isWrite && r.value?.status < 300) writeAnswered();
      });
      inFlight.push(settled);
      return settled;
    };
    // Open connections first, as busy consoles hold them, so the burst below is read by the server at once
    // instead of waiting in the accept queue.
    await Promise.all(Array.from({ length: 32 }, () => api.get('/healthz')));
    // Writes that go to the store (tickets) and writes the server keeps in memory first (staging), then
    // reads across the fleet (sorted lists, scheduler lists and statistics) behind them.
    for (let i = 0; i < 10; i += 1) {
      const serialNumber = units[i % units.length];
      const description = `${marker} #${i}`;
      const ticket = {
        issuerUsername: 'admin',
        issuerEmail: 'admin@equipment-dashboard.example',
        serialNumber,
        version: '',
        connected: false,
        family: 'aligner',
        model: 'Model',
        description,
      };
      writes.push({ serialNumber, description, request: track(api.post('/create/ticket/v1', ticket), true) });
      const staged = stageable.pop();
      if (staged) {
        const body = {
          serialNumber: staged,
          version: { semantic: latest.semantic, meta: latest.meta },
          path: latest.path,
        };
        writes.push({
          serialNumber: staged,
          staged: latest.semantic,
          request: track(api.post('/create/immediate_stage_of_software_update/v1', body), true),
        });
      }
    }
    const readPaths = [
      '/read/updatescheduler_aligners/v1/',
      '/read/updatescheduler_statistics/v1',
      '/read/tickets/v1/',
      '/read/ticket_statistics/v1',
    ];
    for (let i = 0; i < 40; i += 1) {
      track(
        api.get('/read/aligners/v1/', {
          page: 1 + (i % 20),
          sortBy: ['softwareVersion', 'countryCode', 'updatedAt'][i % 3],
          sortDesc: i % 2 === 0,
        }),
      );
      track(api.get(readPaths[i % 4], { page: 1 }));
    }
    // SIGTERM while the rest are in flight: the moment the first write is answered.
    await Promise.race([firstWriteAnswered, sleep(3_000)]);
    const sentAt = performance.now();
    const answeredBeforeSigterm = answers;
    proc.signal('SIGTERM');
    const exit = await this.waitExit(proc, sentAt);
    const settled = await Promise.all(inFlight);
    const answered = { ok: 0, refused: 0, failed: 0, errors: {} };
    for (const r of settled) {
      if (r.error) {
        answered.failed += 1;
        const code = r.error.cause?.code ?? r.error.message;
        answered.errors[code] = (answered.errors[code] ?? 0) + 1;
      } else if (r.value.status < 300) answered.ok += 1;
      else answered.refused += 1;
    }
    // Every write answered 2xx before the process ended must be in the store.
    const acknowledged = [];
    for (const w of writes) {
      const { value } = await w.request;
      if (value && value.status >= 200 && value.status < 300) acknowledged.push(w);
    }
    const lost = [];
    const again = this.process();
    try {
      const { url: url2 } = await again.start();
      const api2 = client(url2, await signIn(url2));
      for (const w of acknowledged) {
        if (w.staged) {
          const unit = await api2.get('/read/aligner/v1/', {
            serialNumber: w.serialNumber,
            username: 'admin',
          });
          const there =
            unit.body?.pendingSoftwareDownload === w.staged || unit.body?.version?.semantic === w.staged;
          if (!there) lost.push(`staging of ${w.serialNumber}`);
        } else {
          const history = await api2.get('/read/ticketHistory/v1', { serialNumber: w.serialNumber });
          if (!(history.body ?? []).some((t) => t.description === w.description))
            lost.push(`ticket "${w.description}"`);
        }
      }
    } finally {
      again.signal('SIGTERM');
      await this.waitExit(again, performance.now());
    }
    return {
      exit,
      detail: {
        requests: inFlight.length,
        answeredBeforeSigterm,
        answered2xx: answered.ok,
        answeredOther: answered.refused,
        connectionErrors: answered.failed,
        errorCodes: answered.errors,
        writesAcknowledged: acknowledged.length,
        writesLost: lost.length,
      },
      problems: this.verdict(exit, [
        exit.code !== 0 && !exit.hung && `exit code ${exit.code ?? exit.signal}, not 0`,
        lost.length > 0 &&
          `${lost.length} of ${acknowledged.length} acknowledged writes missing after the restart (${lost.slice(0, 3).join(', ')})`,
      ]),
      proc,
    };
  }

  async caseRmdir(run) {
    // Its own copy of the seeded folder: the case removes it.
    const dataDir = join(this.work.root, `rmdir-${run}`);
    cpSync(this.work.dataDir, dataDir, { recursive: true });
    rmSync(join(dataDir, 'fleet-sim.lock'), { force: true });
    const proc = this.process(dataDir);
    const { url } = await proc.start();
    await signIn(url);
    const sentAt = performance.now();
    proc.signal('SIGTERM', { group: true });
    const rm = spawn('rm', ['-rf', dataDir], { stdio: 'ignore' });
    const rmDone = new Promise((r) => rm.once('exit', () => r(performance.now())));
    const exit = await this.waitExit(proc, sentAt);
    const removedAt = await rmDone;
    rmSync(dataDir, { recursive: true, force: true });
    return {
      exit,
      detail: { folderRemovedAfterSeconds: Number(((removedAt - sentAt) / 1000).toFixed(2)) },
      problems: this.verdict(exit),
      proc,
    };
  }

  async caseSecondSignal() {
    const proc = this.process();
    const { url } = await proc.start();
    const token = await signIn(url);
    const c = connectConsole(url, token);
    await c.connected;
    // A request in flight that does not end by itself (its body trickles in), so the first stop is
    // surely still going when the second signal comes.
    const { hostname, port } = new URL(url);
    const slow = request({
      hostname,
      port,
      method: 'POST',
      path: '/create/ticket/v1',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': '4096',
      },
    });
    slow.on('error', () => undefined);
    slow.write('{"issuerUsername":');
    await sleep(500);
    const firstAt = performance.now();
    proc.signal('SIGTERM');
    // Past a second: the server takes a signal repeated within a second as the same stop (`npm start`
    // forwards the signal its process group has already delivered).
    await sleep(1_500);
    const secondAt = performance.now();
    let sent = true;
    try {
      proc.signal('SIGTERM');
    } catch {
      sent = false; // it had already exited
    }
    const exit = await this.waitExit(proc, firstAt);
    slow.destroy();
    c.close();
    const afterSecond = (exit.at - secondAt) / 1000;
    return {
      exit,
      detail: { secondSignalSent: sent, exitAfterSecondSignalSeconds: Number(afterSecond.toFixed(2)) },
      problems: this.verdict(exit, [
        sent &&
          !exit.hung &&
          afterSecond > 1.5 &&
          `exited ${afterSecond.toFixed(2)} s after the second SIGTERM (expected at once)`,
        sent && !exit.hung && exit.code === 0 && `exited 0 after the second SIGTERM (expected non-zero)`,
      ]),
      proc,
    };
  }

  /** The bulk-rmdir case's server: a fleet of --bulk-fleet-size units on a store of its own. */
  bulkProcess(dataDir) {
    this.bulkStore ??= this.options.store === 'pglite' ? this.store : storeOf(this.options.store);
    return this.fleetProcess({
      dataDir,
      store: this.bulkStore,
      fleetSize: this.options['bulk-fleet-size'],
      seed: 'sigterm-bulk',
      extraEnv: this.extraEnv,
    });
  }

  /** The bulk-rmdir case's store, seeded once by a clean start and stop; each stop runs on a copy of its folder. */
  async bulkSeed() {
    if (this.bulkSeeded) return this.bulkSeeded;
    const dataDir = join(this.work.root, 'bulk-seed');
    const startMs = await this.seedWith(this.bulkProcess(dataDir), "the bulk store's seeding start");
    this.log(
      `bulk-rmdir store (seeding ${this.options['bulk-fleet-size']} units): ${(startMs / 1000).toFixed(1)} s`,
    );
    this.bulkSeeded = dataDir;
    return dataDir;
  }

  async caseBulkRmdir(run) {
    const seeded = await this.bulkSeed();
    const dataDir = join(this.work.root, `bulk-${run}`);
    cpSync(seeded, dataDir, { recursive: true });
    rmSync(join(dataDir, 'fleet-sim.lock'), { force: true });
    const proc = this.bulkProcess(dataDir);
    const { url } = await proc.start();
    const api = client(url, await signIn(url));
    // Both kinds of bulk write: desired state with its history (staging), and commands queued per unit.
    const action = run % 2 === 0 ? 'getVoltages' : 'stageLatest';
    const created = await api.post('/create/bulk_action/v1', {
      action,
      selection: { query: { filterFamily: 'aligner' } },
    });
    if (created.status !== 200)
      throw new Error(`the bulk action was refused: ${created.status} ${JSON.stringify(created.body)}`);
    // The signal falls at a different moment of the job each time: in its first chunk, or after some were committed.
    await sleep([150, 1_200, 3_000, 500][run % 4]);
    const progress = await Promise.race([
      api.get('/read/bulk_action/v1', { id: created.body.id }),
      sleep(2_000).then(() => null),
    ]);
    // The reader gone before the signal (every line of the stop meets EPIPE) or 50 ms after it (as a harness exiting).
    const readerFirst = run % 2 === 1;
    if (readerFirst) proc.closeLogs();
    const sentAt = performance.now();
    proc.signal('SIGTERM', { group: true });
    const rm = spawn('rm', ['-rf', dataDir], { stdio: 'ignore' });
    const rmDone = new Promise((r) => rm.once('exit', () => r(performance.now())));
    if (!readerFirst) {
      await sleep(50);
      proc.closeLogs();
    }
    const exit = await this.waitExit(proc, sentAt);
    const removedAt = await rmDone;
    rmSync(dataDir, { recursive: true, force: true });
    const state = progress?.body?.state ?? null;
    return {
      exit,
      detail: {
        action,
        total: created.body.total,
        doneAtSignal: progress?.body?.done ?? null,
        logReaderGone: readerFirst ? 'before the signal' : '50 ms after the signal',
        folderRemovedAfterSeconds: Number(((removedAt - sentAt) / 1000).toFixed(2)),
      },
      problems: this.verdict(exit, [
        state === 'done' && 'the bulk action had ended before the signal: nothing was running',
      ]),
      proc,
    };
  }

  async close() {
    if (this.bulkStore && this.bulkStore !== this.store)
      await dropStore(this.bulkStore).catch((error) =>
        this.log(`could not drop schema ${this.bulkStore.schema}: ${error.message}`),
      );
    await super.close();
  }

  async caseEarly() {
    const proc = this.process();
    await proc.start();
    // No sign-in, no wait: the signal goes the moment the serving line is read, as a script stopping a
    // server it has just seen come up would send it.
    const sentAt = performance.now();
    proc.signal('SIGTERM');
    const exit = await this.waitExit(proc, sentAt);
    return {
      exit,
      detail: {},
      problems: this.verdict(exit, [
        !exit.hung &&
          exit.signal &&
          `ended by the ${exit.signal} itself (default action: no clean stop, the lock left behind)`,
        !exit.hung && exit.code !== null && exit.code !== 0 && `exit code ${exit.code}, not 0`,
      ]),
      proc,
    };
  }
}

async function main() {
  const commandLine = readCommandLine(OPTIONS, USAGE);
  if (!commandLine) return;
  const { options, log } = commandLine;
  const cases = options.cases ? options.cases.split(',').map((c) => c.trim()) : CASES;
  const unknown = cases.filter((c) => !CASES.includes(c));
  if (unknown.length) throw new Error(`unknown cases: ${unknown.join(', ')} (cases: ${CASES.join(', ')})`);
  const repeat = options.short ? 1 : options.repeat;
  const runsOf = (name) => (options.short && name === 'bulk-rmdir' ? SHORT_BULK_ROUNDS : repeat);
  const started = performance.now();
  const h = new Harness(options, log);
  const runs = [];
  let harnessError = null;
  log(
    `sigterm harness: ${options.short ? 'short form' : `${repeat} runs per case`} on ${options.store}, deadline ${options.deadline} s, ${options.main}`,
  );
  try {
    if (cases.some((c) => c !== 'bulk-rmdir')) await h.seed();
    for (let run = 1; run <= Math.max(...cases.map(runsOf)); run += 1) {
      for (const name of cases.filter((c) => run <= runsOf(c))) {
        const runCase = {
          console: () => h.caseConsole(),
          busy: () => h.caseBusy(),
          rmdir: () => h.caseRmdir(run),
          'second-signal': () => h.caseSecondSignal(),
          early: () => h.caseEarly(),
          'bulk-rmdir': () => h.caseBulkRmdir(run),
        };
        const result = await runCase[name]();
        const { exit, detail, problems, proc } = result;
        const entry = {
          case: name,
          run,
          seconds: Number(exit.seconds.toFixed(2)),
          exitCode: exit.code,
          signal: exit.signal,
          hung: exit.hung,
          ok: problems.length === 0,
          problems,
          ...detail,
          // What the server said last: the line naming what hung, when something did.
          ...(problems.length || exit.code !== 0 ? { serverTail: proc.tail(6) } : {}),
        };
        runs.push(entry);
        log(
          `  ${name} #${run}: exited ${exit.hung ? 'never (killed)' : `in ${entry.seconds.toFixed(2)} s`}, code ${exit.code ?? exit.signal}${problems.length ? ` FAIL: ${problems.join('; ')}` : ''}${Object.keys(detail).length ? ` ${JSON.stringify(detail)}` : ''}`,
        );
      }
    }
  } catch (error) {
    harnessError = error.message;
    log(`harness error: ${error.stack ?? error.message}`);
  } finally {
    await h.close().catch((error) => log(`cleanup: ${error.message}`));
  }

  const byCase = {};
  for (const name of cases) {
    const mine = runs.filter((r) => r.case === name);
    const secs = mine.map((r) => r.seconds);
    byCase[name] = {
      runs: mine.length,
      failed: mine.filter((r) => !r.ok).length,
      maxSeconds: secs.length ? Math.max(...secs) : null,
      minSeconds: secs.length ? Math.min(...secs) : null,
      exitCodes: [...new Set(mine.map((r) => r.exitCode ?? r.signal))],
    };
  }
  const failed = runs.filter((r) => !r.ok).length;
  const line = `sigterm harness: ${runs.length} stops, ${failed} failed (${options.store}); ${cases.map((c) => `${c} max ${byCase[c].maxSeconds ?? '-'} s`).join(', ')}`;
  log('');
  log(line);
  if (options.json) {
    console.log(
      JSON.stringify({
        store: options.store,
        form: options.short ? 'short' : 'long',
        deadlineSeconds: options.deadline,
        consoleLimitSeconds: options['console-limit'],
        stops: runs.length,
        failed,
        byCase,
        runs,
        harnessError,
        durationSeconds: Number(((performance.now() - started) / 1000).toFixed(1)),
        server: options.main,
        serverBuiltAt: statSync(options.main).mtime.toISOString(),
        line,
      }),
    );
  }
  process.exitCode = harnessError ? 2 : failed > 0 ? 1 : 0;
}

runHarness(main);
