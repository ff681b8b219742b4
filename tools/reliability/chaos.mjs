#!/usr/bin/env node
// Chaos harness: infrastructure faults under a running cluster. It starts its OWN PostgreSQL (initdb in a temporary
// folder, a free port, run as the postgres user) and its own Redis, so that it may stop and restart them freely (the
// machine's shared servers are never touched); API processes and simulators of the built server on them, nginx in
// front (long form), polling consoles and a write load (tickets, stagings, commands, alert acknowledges and rule
// changes); then injects one fault after another and prints, per fault: processes that died, answers 5xx other
// than 503, recovery time, acknowledged writes lost, rows written by a fenced-out simulator, consoles still stale
// 10 s after recovery.
//
//   node tools/reliability/chaos.mjs --short          PostgreSQL restart and a frozen simulator; 1 API, 1 simulator
//   node tools/reliability/chaos.mjs                  long form: 2 API processes, 2 simulators, nginx, 50 consoles,
//                                                     PostgreSQL restart, 30 s stop, Redis restart, kill -9 of an API
//                                                     process and of a simulator, kill -STOP of a simulator for 40 s
//
// Runs as root (initdb and pg_ctl run as the postgres user). Exits 1 when a fault broke a promise, 2 when the harness
// could not run. See docs/reliability.md.
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { io } from 'socket.io-client';
import { nginxConfig } from '../scripts/nginx-config.mjs';
import {
  DEFAULT_MAIN,
  DEMO_PASSWORD,
  FleetProcess,
  readCommandLine,
  runHarness,
  sleep,
} from './fleet-process.mjs';

const OPTIONS = {
  short: { type: 'boolean', default: false },
  json: { type: 'boolean', default: false },
  main: { type: 'string', default: DEFAULT_MAIN },
  'fleet-size': { type: 'number', default: 2000 },
  consoles: { type: 'number', default: 0 },
  faults: { type: 'string', default: '' },
  keep: { type: 'boolean', default: false },
  // Taken for the other harnesses' sake (npm test passes its store): this one always runs on its own PostgreSQL.
  store: { type: 'string', default: 'postgres' },
};

const USAGE = `Usage: node tools/reliability/chaos.mjs [--short] [options]

  --short            PostgreSQL restart and a frozen simulator, on 1 API process and 1 simulator (npm test)
  --faults a,b       only these faults (pg-restart, pg-stop, redis-restart, kill-api, kill-sim, freeze-sim)
  --consoles N       polling consoles (default 50; 10 with --short)
  --fleet-size N     units seeded (default 2000)
  --json             print one JSON summary line on stdout (progress goes to stderr)
  --main PATH        the built server (default dist/apps/fleet-sim/main.cjs; never built here)
  --keep             keep the temporary folder (its path is printed)`;

const PG_BIN = '/usr/lib/postgresql/15/bin';
const SCHEMA = 'chaos';
/** A console that has not seen the marker event this long after recovery is stale. */
const STALE_AFTER_MS = 10_000;
const FREEZE_MS = { long: 40_000, short: 15_000 };
const PG_STOP_MS = 30_000;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The harness's own PostgreSQL and Redis
// ---------------------------------------------------------------------------------------------------

class PrivateStores {
  constructor(dir) {
    this.dir = dir;
  }

  async start() {
    this.pgPort = await freePort();
    this.redisPort = await freePort();
    chmodSync(this.dir, 0o777);
    this.asPostgres(`${PG_BIN}/initdb`, [
      '-D',
      join(this.dir, 'pg'),
      '-A',
      'trust',
      '-U',
      'postgres',
      '--no-sync',
    ]);
    this.pgStart();
    this.redisStart();
    await this.redisReady();
  }

  get databaseUrl() {
    return `postgres://postgres@127.0.0.1:${this.pgPort}/postgres`;
  }

  get redisUrl() {
    return `redis://127.0.0.1:${this.redisPort}`;
  }

  asPostgres(command, args) {
    execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe', timeout: 120_000 });
  }

  pgCtl(...args) {
    this.asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      join(this.dir, 'pg'),
      '-l',
      join(this.dir, 'pg.log'),
      '-w',
      ...args,
    ]);
  }

  pgOptions() {
    return `-p ${this.pgPort} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  }

  pgStart() {
    this.pgCtl('-o', this.pgOptions(), 'start');
  }

  pgStop() {
    this.pgCtl('-m', 'fast', 'stop');
  }

  pgRestart() {
    this.pgCtl('-m', 'fast', '-o', this.pgOptions(), 'restart');
  }

  redisStart() {
    this.redis = spawn(
      'redis-server',
      [
        '--bind',
        '127.0.0.1',
        '--port',
        String(this.redisPort),
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      {
        stdio: 'ignore',
      },
    );
    this.redisExited = new Promise((resolve) => this.redis.once('exit', resolve));
  }

  async redisReady() {
    for (let i = 0; i < 100; i += 1) {
      const ok = await new Promise((resolve) => {
        const c = connect(this.redisPort, '127.0.0.1');
        c.once('connect', () => {
          c.end();
          resolve(true);
        });
        c.once('error', () => resolve(false));
      });
      if (ok) return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  }

  async redisRestart() {
    this.redis.kill('SIGTERM');
    await this.redisExited;
    this.redisStart();
    await this.redisReady();
  }

  close() {
    try {
      this.pgStop();
    } catch {
      // already stopped
    }
    if (this.redis && this.redis.exitCode === null) this.redis.kill('SIGKILL');
  }
}

// ---------------------------------------------------------------------------------------------------
// The cluster: API processes, simulators, nginx
// ---------------------------------------------------------------------------------------------------

class Cluster {
  constructor({ main, root, stores, apis, sims, fleetSize, log }) {
    Object.assign(this, { main, root, stores, apiCount: apis, simCount: sims, fleetSize, log });
    this.tokenSecret = randomBytes(32).toString('hex');
    this.procs = [];
    this.deaths = [];
    this.expected = new Set();
  }

  make(name, role) {
    const dataDir = join(this.root, name);
    mkdirSync(dataDir, { recursive: true });
    const proc = new FleetProcess({
      main: this.main,
      dataDir,
      consoleDir: join(this.root, 'console'),
      store: { env: { DATABASE_URL: this.stores.databaseUrl, DATABASE_SCHEMA: SCHEMA } },
      fleetSize: this.fleetSize,
      seed: 'chaos',
      simSpeed: 20,
      extraEnv: {
        FLEET_ROLE: role,
        REDIS_URL: this.stores.redisUrl,
        TOKEN_SECRET: this.tokenSecret,
        SHUTDOWN_DEADLINE_SECONDS: '10',
      },
    });
    proc.name = name;
    proc.role = role;
    return proc;
  }

  async startProc(proc) {
    await proc.start({ timeoutMs: 240_000 });
    void proc.exited.then(({ code, signal }) => {
      if (this.expected.has(proc)) return;
      this.deaths.push({ name: proc.name, code, signal, tail: proc.tail(10) });
      this.log(`!! ${proc.name} died (${signal ?? code})`);
    });
    return proc;
  }

  async start() {
    mkdirSync(join(this.root, 'console'), { recursive: true });
    // The first API process seeds the store; the others start once it serves.
    this.apis = [this.make('api-1', 'api')];
    await this.startProc(this.apis[0]);
    for (let i = 2; i <= this.apiCount; i += 1) this.apis.push(this.make(`api-${i}`, 'api'));
    this.sims = Array.from({ length: this.simCount }, (_, i) => this.make(`sim-${i + 1}`, 'sim'));
    await Promise.all([...this.apis.slice(1), ...this.sims].map((p) => this.startProc(p)));
    this.procs = [...this.apis, ...this.sims];
    if (this.apiCount > 1) await this.startNginx();
    else this.url = this.apis[0].url;
  }

  async startNginx() {
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
    if (!nginx) throw new Error('nginx is needed for the long form: apt-get install -y nginx');
    const port = await freePort();
    const dir = join(this.root, 'nginx');
    mkdirSync(dir, { recursive: true });
    const upstreams = this.apis.map((p) => new URL(p.url).host);
    writeFileSync(join(dir, 'nginx.conf'), nginxConfig({ port, upstreams, dir }));
    this.nginx = spawn(nginx, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    this.url = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i += 1) {
      if (
        await fetch(`${this.url}/healthz`)
          .then((r) => r.ok)
          .catch(() => false)
      )
        return;
      await sleep(100);
    }
    throw new Error('nginx did not answer');
  }

  /** Kills a process the harness means to kill (not counted as a death), and starts it again on the same port. */
  async kill9AndRestart(proc) {
    this.expected.add(proc);
    proc.kill9();
    await proc.exited;
    this.expected.delete(proc);
    // The same port, so nginx's upstream is the same.
    proc.env.PORT = String(new URL(proc.url).port);
    await this.startProc(proc);
  }

  async allReady() {
    const answers = await Promise.all(
      this.procs.map((p) =>
        fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(3_000) })
          .then((r) => r.status)
          .catch(() => 0),
      ),
    );
    return answers.every((s) => s === 200);
  }

  async workerOf(sim) {
    const res = await fetch(`${sim.url}/healthz`);
    return (await res.json()).worker;
  }

  close() {
    if (this.nginx && this.nginx.exitCode === null) this.nginx.kill('SIGKILL');
    for (const p of this.procs) {
      this.expected.add(p);
      p.kill9();
    }
  }
}

// ---------------------------------------------------------------------------------------------------
// Load: a writer of every kind, a reader, and polling consoles
// ---------------------------------------------------------------------------------------------------

class Load {
  constructor(cluster, db, log) {
    Object.assign(this, { cluster, db, log });
    this.window = 'setup';
    this.statuses = new Map();
    this.acked = [];
    this.running = false;
    this.usedSerials = new Set();
    this.ruleNames = new Map();
  }

  count(status) {
    const key = `${this.window}`;
    const tally = this.statuses.get(key) ?? { total: 0, ok: 0, s503: 0, s5xx: 0, failed: 0, examples: [] };
    tally.total += 1;
    if (status >= 200 && status < 300) tally.ok += 1;
    else if (status === 503) tally.s503 += 1;
    else if (status >= 500) {
      tally.s5xx += 1;
      if (status === 502) tally.s502 = (tally.s502 ?? 0) + 1;
      if (tally.examples.length < 5) tally.examples.push(status);
    } else if (status === 0) tally.failed += 1;
    this.statuses.set(key, tally);
  }

  async token() {
    if (this.cachedToken) return this.cachedToken;
    const res = await fetch(`${this.cluster.url}/auth/token/v1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        username: 'admin',
        password: DEMO_PASSWORD,
        client_id: 'equipment-dashboard',
      }),
      signal: AbortSignal.timeout(10_000),
    }).catch(() => null);
    this.count(res?.status ?? 0);
    if (!res?.ok) return null;
    this.cachedToken = (await res.json()).access_token;
    return this.cachedToken;
  }

  async call(method, path, body) {
    const token = await this.token();
    if (!token) return { status: 0 };
    const started = performance.now();
    const res = await fetch(`${this.cluster.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    }).catch(() => null);
    const status = res?.status ?? 0;
    this.count(status);
    if (status === 401) this.cachedToken = null;
    const json = res ? await res.json().catch(() => null) : null;
    return { status, body: json, ms: performance.now() - started };
  }

  async prepare() {
    const { rows } = await this.db
      .query(
        `SELECT semantic, meta, path FROM ${SCHEMA}.software_updates WHERE family = 'aligner' ORDER BY created_at DESC LIMIT 1`,
      )
      .catch(() => ({ rows: [] }));
    this.latest = rows[0] ?? null;
    // Alert calls are part of the load only when this build serves them.
    const probe = await this.call('GET', '/read/alert_rules/v1/?page=1');
    this.alerts = probe.status === 200;
    if (this.alerts) {
      const created = await this.call('POST', '/create/alert_rule/v1', {
        name: 'chaos rule',
        kind: 'unitOffline',
        severity: 'major',
        scope: { kind: 'filters', filters: { filterFamily: 'aligner' } },
        forMinutes: 5,
      });
      this.ruleId = created.body?.id ?? null;
    }
  }

  async pickUnits(n, where = '') {
    const { rows } = await this.db.query(
      `SELECT serial_number, family, version_semantic, connected FROM ${SCHEMA}.units WHERE true ${where} ORDER BY random() LIMIT ${n * 3}`,
    );
    return rows.filter((r) => !this.usedSerials.has(r.serial_number)).slice(0, n);
  }

  kinds() {
    const kinds = [
      {
        name: 'ticket',
        weight: 4,
        run: async () => {
          const [unit] = await this.pickUnits(1);
          if (!unit) return;
          const description = `chaos ${randomBytes(6).toString('hex')}`;
          const res = await this.call('POST', '/create/ticket/v1', {
            issuerUsername: 'admin',
            issuerEmail: 'admin@equipment-dashboard.example',
            serialNumber: unit.serial_number,
            version: unit.version_semantic,
            connected: unit.connected,
            family: unit.family,
            model: 'Model',
            description,
            escalated: false,
          });
          if (res.status >= 200 && res.status < 300) this.ack('ticket', { id: res.body?.id, description });
        },
      },
      {
        name: 'staging',
        weight: 2,
        run: async () => {
          if (!this.latest) return;
          const [unit] = await this.pickUnits(
            1,
            `AND family = 'aligner' AND version_order < (SELECT coalesce(max(version_order), 0) FROM ${SCHEMA}.units WHERE family = 'aligner' AND version_semantic = '${this.latest.semantic}')
             AND version_semantic >= '4' AND NOT EXISTS (SELECT 1 FROM ${SCHEMA}.unit_desired d WHERE d.serial_number = units.serial_number AND d.staged_semantic IS NOT NULL)`,
          ).catch(() => []);
          if (!unit) return;
          this.usedSerials.add(unit.serial_number);
          const res = await this.call('POST', '/create/immediate_stage_of_software_update/v1', {
            serialNumber: unit.serial_number,
            version: { semantic: this.latest.semantic, meta: this.latest.meta },
            path: this.latest.path,
          });
          if (res.status >= 200 && res.status < 300)
            this.ack('staging', { serial: unit.serial_number, version: this.latest.semantic });
        },
      },
      {
        name: 'command',
        weight: 2,
        run: async () => {
          const [unit] = await this.pickUnits(1, `AND family = 'aligner'`);
          if (!unit) return;
          const res = await this.call('POST', '/cmd/aligner_get_voltages/v1', {
            serialNumber: unit.serial_number,
          });
          if (res.status >= 200 && res.status < 300 && res.body?.commandId)
            this.ack('command', { id: res.body.commandId });
        },
      },
    ];
    if (this.alerts && this.ruleId) {
      kinds.push({
        name: 'rule change',
        weight: 1,
        run: async () => {
          const name = `chaos rule ${randomBytes(4).toString('hex')}`;
          // One rule change at a time: the last acknowledged name must be the rule's name at the end.
          if (this.ruleBusy) return;
          this.ruleBusy = true;
          try {
            const res = await this.call('POST', '/update/alert_rule/v1', { id: this.ruleId, name });
            if (res.status === 200) this.ack('rule change', { id: this.ruleId, name });
          } finally {
            this.ruleBusy = false;
          }
        },
      });
      kinds.push({
        name: 'acknowledge',
        weight: 1,
        run: async () => {
          const { rows } = await this.db
            .query(`SELECT id FROM ${SCHEMA}.alerts WHERE state = 'firing' ORDER BY random() LIMIT 1`)
            .catch(() => ({ rows: [] }));
          if (!rows[0]) return;
          const res = await this.call('POST', '/update/alert_acknowledged/v1', {
            ids: [Number(rows[0].id)],
            comment: 'chaos',
          });
          if (res.status === 200) this.ack('acknowledge', { id: Number(rows[0].id) });
        },
      });
    }
    return kinds;
  }

  ack(kind, what) {
    this.acked.push({ kind, window: this.window, ...what });
  }

  start(writers = 3) {
    this.running = true;
    const kinds = this.kinds();
    const bag = kinds.flatMap((k) => Array(k.weight).fill(k));
    const loop = async () => {
      while (this.running) {
        const kind = bag[Math.floor(Math.random() * bag.length)];
        await kind.run().catch(() => undefined);
        await sleep(150);
      }
    };
    const reader = async () => {
      while (this.running) {
        await this.call('GET', '/read/tickets/v1/?page=1').catch(() => undefined);
        await sleep(300);
      }
    };
    this.loops = [...Array.from({ length: writers }, loop), reader()];
  }

  async stop() {
    this.running = false;
    await Promise.all(this.loops ?? []);
  }

  /** Acknowledged writes that are not in the store, by the fault window they were answered in. */
  async lost() {
    const lost = [];
    const ids = (kind) => this.acked.filter((a) => a.kind === kind);
    const tickets = ids('ticket');
    const have = new Set(
      (
        await this.db.query(`SELECT description FROM ${SCHEMA}.tickets WHERE description = ANY($1)`, [
          tickets.map((t) => t.description),
        ])
      ).rows.map((r) => r.description),
    );
    lost.push(...tickets.filter((t) => !have.has(t.description)));
    const stagings = ids('staging');
    const staged = new Map(
      (
        await this.db.query(
          `SELECT serial_number, staged_semantic FROM ${SCHEMA}.unit_desired WHERE serial_number = ANY($1)`,
          [stagings.map((s) => s.serial)],
        )
      ).rows.map((r) => [r.serial_number, r.staged_semantic]),
    );
    lost.push(...stagings.filter((s) => staged.get(s.serial) !== s.version));
    const commands = ids('command');
    const found = new Set(
      (
        await this.db.query(`SELECT id FROM ${SCHEMA}.commands WHERE id = ANY($1)`, [
          commands.map((c) => c.id),
        ])
      ).rows.map((r) => Number(r.id)),
    );
    lost.push(...commands.filter((c) => !found.has(c.id)));
    const renames = ids('rule change');
    if (renames.length > 0) {
      const last = renames[renames.length - 1];
      const { rows } = await this.db.query(`SELECT name FROM ${SCHEMA}.alert_rules WHERE id = $1`, [last.id]);
      if (rows[0]?.name !== last.name) lost.push(last);
    }
    const acks = ids('acknowledge');
    if (acks.length > 0) {
      const { rows } = await this.db.query(`SELECT id, state FROM ${SCHEMA}.alerts WHERE id = ANY($1)`, [
        acks.map((a) => a.id),
      ]);
      const state = new Map(rows.map((r) => [Number(r.id), r.state]));
      lost.push(...acks.filter((a) => !['acknowledged', 'resolved'].includes(state.get(a.id))));
    }
    return lost;
  }
}

/** Polling consoles, each behaving as the console does: identity on connect, reconnect after a server disconnect. */
class Consoles {
  constructor(url, token, n) {
    this.sockets = [];
    this.seen = [];
    /** When each console last connected: a console that (re)connects fetches every read again (the console does). */
    this.connectedAt = [];
    for (let i = 0; i < n; i += 1) {
      const seen = new Set();
      const socket = io(`${url}/dashboard`, {
        transports: ['polling'],
        auth: { token },
        extraHeaders: { 'x-console-id': `chaos-${i}` },
        reconnectionDelay: 500,
        reconnectionDelayMax: 2_000,
      });
      socket.on('connect', () => (this.connectedAt[i] = Date.now()));
      socket.on('connect', () =>
        socket.emit(
          'dashboard/identity',
          { username: 'admin', email: 'admin@equipment-dashboard.example', role: 'admin' },
          () => undefined,
        ),
      );
      socket.on('disconnect', (reason) => {
        if (reason === 'io server disconnect') setTimeout(() => socket.connect(), 500);
      });
      socket.on('connect_error', () => {
        if (!socket.active) setTimeout(() => socket.connect(), 1_000);
      });
      socket.on('REPORT_SUPPORT_TICKET_CREATED', (payload) => seen.add(payload?.id));
      this.sockets.push(socket);
      this.seen.push(seen);
    }
  }

  async connected(withinMs) {
    const until = Date.now() + withinMs;
    while (Date.now() < until && !this.sockets.every((s) => s.connected)) await sleep(100);
    return this.sockets.filter((s) => s.connected).length;
  }

  /**
   * Consoles still stale `ms` after ticket `id` was created at `since`: neither heard of it nor connected again since
   * (a console that reconnects refetches everything it shows, so it shows the ticket).
   */
  async staleAfter(id, since, ms) {
    const fresh = (i) =>
      this.seen[i].has(id) || (this.sockets[i].connected && (this.connectedAt[i] ?? 0) >= since);
    const until = Date.now() + ms;
    while (Date.now() < until && !this.sockets.every((_, i) => fresh(i))) await sleep(100);
    return this.sockets.filter((_, i) => !fresh(i)).length;
  }

  close() {
    this.sockets.forEach((s) => s.close());
  }
}

// ---------------------------------------------------------------------------------------------------
// Faults
// ---------------------------------------------------------------------------------------------------

async function waitFor(check, withinMs, everyMs = 100) {
  const started = performance.now();
  while (performance.now() - started < withinMs) {
    if (await check().catch(() => false)) return performance.now() - started;
    await sleep(everyMs);
  }
  return null;
}

async function shardHolders(db) {
  const { rows } = await db.query(
    `SELECT shard, holder, expires_at > now() AS live FROM ${SCHEMA}.shard_leases`,
  );
  return rows;
}

function faultsOf(short, cluster) {
  const sim = () => cluster.sims[0];
  const all = {
    'pg-restart': {
      describe: 'PostgreSQL restart (pg_ctl restart -m fast)',
      async inject(c) {
        c.stores.pgRestart();
      },
    },
    'pg-stop': {
      describe: `PostgreSQL stopped for ${PG_STOP_MS / 1000} s`,
      async inject(c) {
        c.stores.pgStop();
        await sleep(PG_STOP_MS);
        c.stores.pgStart();
      },
    },
    'redis-restart': {
      describe: 'Redis restart',
      async inject(c) {
        await c.stores.redisRestart();
      },
    },
    'kill-api': {
      describe: 'kill -9 of an API process (started again)',
      async inject(c) {
        await c.cluster.kill9AndRestart(c.cluster.apis[c.cluster.apis.length - 1]);
      },
    },
    'kill-sim': {
      describe: 'kill -9 of a simulator (started again once its shards were taken over)',
      async inject(c) {
        const victim = c.cluster.sims[c.cluster.sims.length - 1];
        const worker = await c.cluster.workerOf(victim);
        c.cluster.expected.add(victim);
        victim.kill9();
        await victim.exited;
        const takeover = await waitFor(
          async () => (await shardHolders(c.db)).every((r) => r.holder && r.holder !== worker && r.live),
          60_000,
          250,
        );
        c.note.takeoverMs = takeover === null ? null : Math.round(takeover);
        c.cluster.expected.delete(victim);
        await c.cluster.startProc(victim);
      },
    },
    'freeze-sim': {
      describe: `kill -STOP of a simulator for ${(short ? FREEZE_MS.short : FREEZE_MS.long) / 1000} s, then kill -CONT`,
      async inject(c) {
        const victim = sim();
        const worker = await c.cluster.workerOf(victim);
        const before = (await shardHolders(c.db))
          .filter((r) => r.holder === worker)
          .map((r) => Number(r.shard));
        victim.signal('SIGSTOP');
        const frozenFor = short ? FREEZE_MS.short : FREEZE_MS.long;
        const stoppedAt = performance.now();
        let takeover = null;
        while (performance.now() - stoppedAt < frozenFor) {
          if (takeover === null && c.cluster.sims.length > 1) {
            const rows = await shardHolders(c.db);
            if (before.every((s) => rows.find((r) => Number(r.shard) === s)?.holder !== worker))
              takeover = performance.now() - stoppedAt;
          }
          await sleep(250);
        }
        c.note.takeoverMs = takeover === null ? null : Math.round(takeover);
        // Shards another simulator holds now, and when the frozen one holds each again (if it does).
        const rows = await shardHolders(c.db);
        const taken = new Set(
          rows
            .filter((r) => before.includes(Number(r.shard)) && r.holder && r.holder !== worker)
            .map((r) => Number(r.shard)),
        );
        const { rows: mark } = await c.db.query(`SELECT now() AS at`);
        const retaken = new Map();
        victim.signal('SIGCONT');
        const watchUntil = performance.now() + 10_000;
        while (performance.now() < watchUntil) {
          for (const r of await shardHolders(c.db)) {
            if (taken.has(Number(r.shard)) && r.holder === worker && !retaken.has(Number(r.shard)))
              retaken.set(Number(r.shard), (await c.db.query('SELECT now() AS at')).rows[0].at);
          }
          await sleep(200);
        }
        // Rows the woken simulator wrote for units of shards another held, before it held them again.
        let fenced = 0;
        for (const shard of taken) {
          const { rows: written } = await c.db.query(
            `SELECT count(*)::int AS n FROM ${SCHEMA}.unit_change_log l JOIN ${SCHEMA}.units u ON u.serial_number = ANY(l.serials)
             WHERE l.writer = $1 AND l.created_at >= $2 AND l.created_at < $3 AND u.shard = $4`,
            [worker, mark[0].at, retaken.get(shard) ?? new Date(Date.now() + 3_600_000), shard],
          );
          fenced += written[0].n;
        }
        c.note.fencedRows = fenced;
        c.note.shardsTaken = taken.size;
      },
    },
  };
  const order = short
    ? ['pg-restart', 'freeze-sim']
    : ['pg-restart', 'pg-stop', 'redis-restart', 'kill-api', 'kill-sim', 'freeze-sim'];
  return order.map((name) => ({ name, ...all[name] }));
}

// ---------------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------------

async function main() {
  const command = readCommandLine(OPTIONS, USAGE);
  if (!command) return;
  const { options, log } = command;
  const short = options.short;
  const root = mkdtempSync(join(tmpdir(), 'chaos-'));
  // The postgres user goes through it to its own folder.
  chmodSync(root, 0o755);
  const stores = new PrivateStores(join(root, 'stores'));
  mkdirSync(stores.dir);
  let cluster;
  let consoles;
  let db;
  const summary = { harnessError: null, line: '', short, faults: [], writes: {}, alertCalls: null };
  try {
    log(`chaos: private PostgreSQL and Redis in ${stores.dir}`);
    await stores.start();
    cluster = new Cluster({
      main: options.main,
      root,
      stores,
      apis: short ? 1 : 2,
      sims: short ? 1 : 2,
      fleetSize: options['fleet-size'],
      log,
    });
    const started = performance.now();
    await cluster.start();
    log(
      `chaos: ${cluster.apis.length} API, ${cluster.sims.length} simulators serving in ${Math.round((performance.now() - started) / 1000)} s at ${cluster.url}`,
    );
    db = new pg.Pool({ connectionString: stores.databaseUrl, max: 3 });
    db.on('error', () => undefined);
    const load = new Load(cluster, db, log);
    await load.prepare();
    summary.alertCalls = load.alerts;
    const token = await load.token();
    consoles = new Consoles(cluster.url, token, options.consoles || (short ? 10 : 50));
    const connected = await consoles.connected(30_000);
    log(
      `chaos: ${connected} consoles connected; alert calls ${load.alerts ? 'in the load' : 'not served by this build: left out'}`,
    );
    load.start();
    await sleep(3_000);

    const wanted = options.faults ? new Set(options.faults.split(',')) : null;
    for (const fault of faultsOf(short, cluster).filter((f) => !wanted || wanted.has(f.name))) {
      log(`\nfault: ${fault.describe}`);
      const deathsBefore = cluster.deaths.length;
      load.window = fault.name;
      const note = {};
      await fault.inject({ stores, cluster, db, note });
      const ended = performance.now();
      // Recovered: every process ready, a write through the front door acknowledged.
      let marker = null;
      let markedAt = 0;
      const recovered = await waitFor(
        async () => {
          if (!(await cluster.allReady())) return false;
          const res = await load.call('POST', '/create/ticket/v1', {
            issuerUsername: 'admin',
            issuerEmail: 'admin@equipment-dashboard.example',
            serialNumber: (await load.pickUnits(1))[0].serial_number,
            version: '1.0.0',
            connected: true,
            family: 'aligner',
            model: 'Model',
            description: `chaos marker ${fault.name} ${randomBytes(4).toString('hex')}`,
            escalated: false,
          });
          if (res.status !== 201 && res.status !== 200) return false;
          marker = res.body?.id;
          markedAt = Date.now();
          load.ack('ticket', { id: marker, description: res.body?.description });
          return true;
        },
        120_000,
        250,
      );
      const stale =
        marker === null
          ? consoles.sockets.length
          : await consoles.staleAfter(marker, markedAt, STALE_AFTER_MS);
      await sleep(1_000);
      load.window = `${fault.name} (after)`;
      const tally = load.statuses.get(fault.name) ?? { total: 0, ok: 0, s503: 0, s5xx: 0, s502: 0 };
      // A call under way on the process a kill -9 ends has no answer from the product: nginx answers 502 for it
      // (a write's outcome is then unknown to its caller). Counted apart, for that fault only.
      const cut = fault.name === 'kill-api' ? (tally.s502 ?? 0) : 0;
      const result = {
        fault: fault.name,
        describe: fault.describe,
        died: cluster.deaths.length - deathsBefore,
        deaths: cluster.deaths.slice(deathsBefore).map((d) => `${d.name} (${d.signal ?? d.code})`),
        calls: tally.total,
        answered503: tally.s503,
        other5xx: tally.s5xx - cut,
        cutByKill: cut,
        recoveryMs: recovered === null ? null : Math.round(recovered),
        takeoverMs: note.takeoverMs,
        fencedRows: note.fencedRows ?? 0,
        shardsTaken: note.shardsTaken,
        staleConsoles: stale,
      };
      summary.faults.push(result);
      log(
        `  died ${result.died}, 5xx other than 503: ${result.other5xx} (503: ${result.answered503} of ${result.calls} calls${cut ? `; ${cut} in flight on the killed process, answered 502 by nginx` : ''}), recovery ${
          result.recoveryMs === null ? 'none within 120 s' : `${(result.recoveryMs / 1000).toFixed(1)} s`
        }${result.takeoverMs != null ? `, shards taken over in ${(result.takeoverMs / 1000).toFixed(1)} s` : ''}, fenced-out rows ${result.fencedRows}${
          result.shardsTaken != null ? ` (${result.shardsTaken} shards taken from it)` : ''
        }, consoles stale 10 s after recovery ${result.staleConsoles}`,
      );
    }
    await load.stop();
    await sleep(3_000);
    const lost = await load.lost();
    for (const result of summary.faults) {
      result.lost = lost.filter(
        (l) => l.window === result.fault || l.window === `${result.fault} (after)`,
      ).length;
    }
    const byKind = {};
    for (const a of load.acked) byKind[a.kind] = (byKind[a.kind] ?? 0) + 1;
    summary.writes = {
      acknowledged: load.acked.length,
      byKind,
      lost: lost.length,
      losses: lost.slice(0, 20),
    };
    summary.deaths = cluster.deaths;
    const bad = summary.faults.filter(
      (f) => f.died > 0 || f.other5xx > 0 || f.recoveryMs === null || f.fencedRows > 0 || f.staleConsoles > 0,
    );
    summary.line = `chaos: ${summary.faults.length} faults, ${load.acked.length} writes acknowledged (${Object.entries(
      byKind,
    )
      .map(([k, n]) => `${k} ${n}`)
      .join(
        ', ',
      )}), ${lost.length} lost; ${bad.length === 0 && lost.length === 0 ? 'every promise kept' : `${bad.length} faults broke a promise`}`;
    log('');
    log('fault           died  5xx!=503  recovery  lost  fenced rows  stale consoles');
    for (const f of summary.faults) {
      log(
        `${f.fault.padEnd(15)} ${String(f.died).padStart(4)}  ${String(f.other5xx).padStart(8)}  ${(f.recoveryMs === null ? '-' : `${(f.recoveryMs / 1000).toFixed(1)} s`).padStart(8)}  ${String(f.lost).padStart(4)}  ${String(
          f.fencedRows,
        ).padStart(11)}  ${String(f.staleConsoles).padStart(14)}`,
      );
    }
    log(summary.line);
    process.exitCode = bad.length === 0 && lost.length === 0 ? 0 : 1;
  } catch (error) {
    summary.harnessError = error.message;
    summary.line = `chaos: could not run: ${error.message}`;
    log(summary.line);
    for (const p of cluster?.procs ?? []) log(`--- ${p.name}\n${p.tail(15).join('\n')}`);
    process.exitCode = 2;
  } finally {
    consoles?.close();
    await db?.end().catch(() => undefined);
    cluster?.close();
    stores.close();
    if (options.keep) log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
    if (options.json) console.log(JSON.stringify(summary));
  }
}

runHarness(main);
