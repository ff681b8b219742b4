// The pieces the reliability scripts share: start the built fleet-sim as a real process on a data
// folder (PGlite) or a throw-away PostgreSQL schema, sign in, call the API, and kill or stop it.
// Plain Node ESM: it runs against any build (`--main PATH`) and never builds.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_MAIN = join(repoRoot, 'dist/apps/fleet-sim/main.cjs');
export const DEMO_PASSWORD = 'reliability-harness-password';
/** The password grant's fixed client id (libs/contract auth.ts TOKEN_CLIENT_ID). */
const CLIENT_ID = 'equipment-dashboard';

/** Every variable of the server's configuration that the parent's environment must not leak in. */
const SERVER_VARIABLES = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'REDIS_URL',
  'SMTP_URL',
  'PUBLIC_URL',
  'FLEET_SIZE',
  'FLEET_SEED',
  'DEMO_PASSWORD',
  'LIVE_TRANSPORTS',
  'LOG_LEVEL',
  'UPDATES_ROOT',
  'SERIAL_PREFIXES_FILE',
  'PASSWORD_MAX_AGE_DAYS',
  'TOKEN_SECRET',
  'TOKEN_TTL_MINUTES',
  'FAVORITES_LIMIT',
  'SIGNIN_FAILURE_LIMIT',
  'CONSOLE_DIR',
  'SIM_SPEED',
  'SIM_ENGINE',
  'SHUTDOWN_DEADLINE_SECONDS',
  'COMMAND_TTL_MINUTES',
];

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `--name value`, `--flag` and `--name=value` options; unknown ones stop the script. */
export function parseOptions(argv, spec) {
  const out = {};
  for (const [name, def] of Object.entries(spec)) out[name] = def.default;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      out.help = true;
      continue;
    }
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    const def = m ? spec[m[1]] : undefined;
    if (!m || !def) throw new Error(`unknown option ${arg}`);
    if (def.type === 'boolean') out[m[1]] = m[2] === undefined ? true : m[2] !== 'false';
    else {
      const value = m[2] ?? argv[++i];
      if (value === undefined) throw new Error(`${arg} needs a value`);
      out[m[1]] = def.type === 'number' ? Number(value) : value;
      if (def.type === 'number' && !Number.isFinite(out[m[1]])) throw new Error(`${arg} needs a number`);
      if (def.choices && !def.choices.includes(out[m[1]]))
        throw new Error(`${arg} is one of ${def.choices.join(', ')}`);
    }
  }
  return out;
}

/** The options every harness takes, with the same meaning (each adds its own). */
export const HARNESS_OPTIONS = {
  store: { type: 'string', default: 'pglite', choices: ['pglite', 'postgres'] },
  short: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  main: { type: 'string', default: DEFAULT_MAIN },
  'fleet-size': { type: 'number', default: 200 },
  keep: { type: 'boolean', default: false },
};

/**
 * A harness's command line: its options with `main` checked (a bad option prints the usage and exits 2),
 * or null once --help printed the usage; `log` goes to stderr when stdout carries the JSON summary.
 */
export function readCommandLine(spec, usage) {
  let options;
  try {
    options = parseOptions(process.argv.slice(2), spec);
  } catch (error) {
    console.error(`${error.message}\n\n${usage}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(usage);
    return null;
  }
  const log = options.json ? (line) => console.error(line) : (line) => console.log(line);
  options.main = checkMain(options.main);
  return { options, log };
}

/** Runs a harness's main; an error that escapes it is printed and the exit code is 2 (could not run). */
export function runHarness(main) {
  main().catch((error) => {
    console.error(error.message);
    process.exitCode = 2;
  });
}

/** Checks the build is there and can resolve its npm packages (a copied build needs node_modules beside it). */
export function checkMain(main) {
  const file = resolve(main);
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the server first (NX_DAEMON=false NX_NO_CLOUD=true npx nx run fleet-sim:build), or pass --main PATH.`,
    );
  }
  let dir = dirname(file);
  for (;;) {
    if (existsSync(join(dir, 'node_modules'))) return file;
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  throw new Error(
    `${file} cannot find its npm packages: put a node_modules (e.g. a symbolic link to ${join(repoRoot, 'node_modules')}) beside it.`,
  );
}

/** The store under test: PGlite in the data folder, or a fresh schema of DATABASE_URL. */
export function storeOf(kind) {
  if (kind === 'pglite') return { kind, env: {} };
  const url = process.env.DATABASE_URL;
  if (!url)
    throw new Error('--store postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test).');
  const schema = `crash_${randomBytes(5).toString('hex')}`;
  return { kind, url, schema, env: { DATABASE_URL: url, DATABASE_SCHEMA: schema } };
}

/** Drops a PostgreSQL store's schema (the harness made it; nothing else uses it). */
export async function dropStore(store) {
  if (store.kind !== 'postgres') return;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: store.url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS "${store.schema}" CASCADE`);
  } finally {
    await client.end();
  }
}

/** A temporary folder with `data/` (DATA_DIR) and an empty `console/` (CONSOLE_DIR). */
export function makeWorkDir(prefix) {
  const root = mkdtempSync(join(tmpdir(), prefix));
  mkdirSync(join(root, 'data'));
  mkdirSync(join(root, 'console'));
  return {
    root,
    dataDir: join(root, 'data'),
    consoleDir: join(root, 'console'),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

const live = new Set();
let exitHookInstalled = false;
function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A harness that dies (an exception, Ctrl-C) must not leave servers holding the data folder.
  const killAll = () => {
    for (const p of live) {
      try {
        process.kill(p.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/**
 * One fleet-sim process. `start()` resolves with the URL once it prints its serving line; `exited`
 * resolves with `{ code, signal, at }` (performance.now() of the exit).
 */
export class FleetProcess {
  constructor({
    main,
    dataDir,
    consoleDir,
    store,
    fleetSize = 200,
    seed = 'reliability',
    simSpeed = 50,
    extraEnv = {},
  }) {
    this.main = main;
    this.env = { ...process.env };
    for (const name of SERVER_VARIABLES) delete this.env[name];
    Object.assign(this.env, {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      CONSOLE_DIR: consoleDir,
      DEMO_PASSWORD,
      FLEET_SIZE: String(fleetSize),
      FLEET_SEED: seed,
      LOG_LEVEL: 'warn',
      SIM_SPEED: String(simSpeed),
      ...store.env,
      ...extraEnv,
    });
    this.child = null;
    this.lines = [];
  }

  /** The last lines the process wrote (stdout and stderr), for a report. */
  tail(n = 20) {
    return this.lines.slice(-n);
  }

  start({ timeoutMs = 180_000 } = {}) {
    installExitHook();
    const startedAt = performance.now();
    // detached: its own process group, so a test can signal the group as a shell's job control would.
    const child = spawn(process.execPath, [this.main], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    this.child = child;
    this.lines = [];
    live.add(child);
    this.exited = new Promise((r) =>
      child.once('exit', (code, signal) => {
        live.delete(child);
        r({ code, signal, at: performance.now() });
      }),
    );
    return new Promise((ok, fail) => {
      let buffer = '';
      let done = false;
      const timer = setTimeout(() => {
        if (done) return;
        done = true;
        this.kill9();
        fail(new Error(`fleet-sim did not start within ${timeoutMs / 1000} s:\n${this.tail().join('\n')}`));
      }, timeoutMs);
      const onData = (chunk) => {
        buffer += chunk.toString();
        let nl;
        while ((nl = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          this.lines.push(line);
          if (this.lines.length > 200) this.lines.shift();
          const m = /serving at (http:\/\/\S+)/.exec(line);
          if (m && !done) {
            done = true;
            clearTimeout(timer);
            // The server prints localhost; it listens on 127.0.0.1 only, so do not let a lookup pick ::1.
            this.url = m[1].replace('//localhost:', '//127.0.0.1:');
            ok({ url: this.url, startMs: performance.now() - startedAt });
          }
        }
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void this.exited.then(({ code, signal }) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        fail(new Error(`fleet-sim exited (${code ?? signal}) before serving:\n${this.tail().join('\n')}`));
      });
    });
  }

  get pid() {
    return this.child?.pid;
  }

  /** Closes the reading ends of the process's stdout and stderr: its log reader is gone (its writes get EPIPE). */
  closeLogs() {
    this.child?.stdout?.destroy();
    this.child?.stderr?.destroy();
  }

  /** SIGKILL, synchronously: nothing of ours runs between the answer and the kill. */
  kill9() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) {
      try {
        process.kill(this.child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }

  signal(name, { group = false } = {}) {
    process.kill(group ? -this.child.pid : this.child.pid, name);
  }
}

/**
 * Where a harness runs its servers: a temporary work folder and a store under test (PGlite in the folder,
 * or a fresh PostgreSQL schema), both removed by `close()` unless --keep. The harnesses extend it.
 */
export class HarnessWorkspace {
  constructor(options, log, prefix) {
    this.options = options;
    this.log = log;
    this.work = makeWorkDir(prefix);
    this.store = storeOf(options.store);
  }

  /** A server process of the build under test on this workspace's store, or `store` (not started). */
  fleetProcess({
    dataDir = this.work.dataDir,
    seed,
    extraEnv,
    store = this.store,
    fleetSize = this.options['fleet-size'],
  } = {}) {
    return new FleetProcess({
      main: this.options.main,
      dataDir,
      consoleDir: this.work.consoleDir,
      store,
      fleetSize,
      seed,
      extraEnv,
    });
  }

  async close() {
    await dropStore(this.store).catch((error) =>
      this.log(`could not drop schema ${this.store.schema}: ${error.message}`),
    );
    if (this.options.keep) this.log(`kept ${this.work.root}`);
    else this.work.remove();
  }
}

/** Signs in with the password grant; retries briefly (the first calls after a start may queue behind warm-up). */
export async function signIn(url, username = 'admin', password = DEMO_PASSWORD) {
  let last;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const res = await fetch(`${url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username, password, client_id: CLIENT_ID }),
    });
    const body = await res.json().catch(() => null);
    if (res.ok && body?.access_token) return body.access_token;
    last = `${res.status} ${JSON.stringify(body)}`;
    await sleep(300);
  }
  throw new Error(`sign-in as ${username} failed: ${last}`);
}

/** A small client of the API for one server and token. */
export function client(url, token) {
  const headers = (extra = {}) => ({ authorization: `Bearer ${token}`, ...extra });
  const qs = (query) =>
    query
      ? `?${new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, String(v)]),
        )}`
      : '';
  const parse = async (res) => {
    const text = await res.text();
    try {
      return text ? JSON.parse(text) : null;
    } catch {
      return text;
    }
  };
  return {
    url,
    token,
    async get(path, query) {
      const res = await fetch(`${url}${path}${qs(query)}`, { headers: headers() });
      return { status: res.status, body: await parse(res) };
    },
    async post(path, body, query) {
      const res = await fetch(`${url}${path}${qs(query)}`, {
        method: 'POST',
        headers: headers({ 'content-type': 'application/json' }),
        body: JSON.stringify(body),
      });
      return { status: res.status, body: await parse(res) };
    },
    /**
     * Sends a write and calls `onAnswer(status)` the moment its status line and headers arrive, before
     * the body is read (the kill goes there). The body is then read if it still can be.
     */
    async write({ method = 'POST', path, query, json, form }, onAnswer) {
      const init = { method, headers: headers() };
      if (json !== undefined) {
        init.headers['content-type'] = 'application/json';
        init.body = JSON.stringify(json);
      } else if (form !== undefined) init.body = form;
      const res = await fetch(`${url}${path}${qs(query)}`, init);
      onAnswer(res.status);
      let body;
      let bodyError;
      try {
        body = await parse(res);
      } catch (error) {
        bodyError = error.message;
      }
      return { status: res.status, body, bodyError };
    },
  };
}

export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
