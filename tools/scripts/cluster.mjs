// `npm run cluster`: the product as several processes on the local PostgreSQL and Redis, behind Debian's
// nginx, with one command: N API processes (FLEET_ROLE=api), M simulators (FLEET_ROLE=sim), J jobs processes
// (FLEET_ROLE=jobs: the background jobs; the API processes then run none, FLEET_JOBS=none), and nginx with sticky
// sessions in front of the API processes only. Ctrl-C stops them all. See docs/operations.md, "Several processes".
//
//   npm run cluster                                   # 2 API processes, 2 simulators, 1 jobs process, http://localhost:8080
//   npm run cluster -- --api 3 --sim 2 --jobs 2 --port 8090 --size 100000 --fresh
//   npm run cluster -- --jobs 0                       # no jobs process: the API processes run the jobs
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildOrExit, repoRoot as root, SERVER_MAIN } from './built-product.mjs';
import { nginxConfig } from './nginx-config.mjs';

const { values: args } = parseArgs({
  options: {
    api: { type: 'string', default: '2' },
    sim: { type: 'string', default: '2' },
    jobs: { type: 'string', default: '1' },
    port: { type: 'string', default: process.env.PORT ?? '8080' },
    size: { type: 'string', default: process.env.FLEET_SIZE ?? '5000' },
    schema: { type: 'string', default: process.env.DATABASE_SCHEMA ?? 'cluster' },
    fresh: { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
  },
  strict: true,
});
const apis = Number(args.api);
const sims = Number(args.sim);
const jobs = Number(args.jobs);
if (!(apis >= 1) || !(sims >= 1) || !(jobs >= 0)) {
  console.error('--api and --sim must be 1 or more, --jobs 0 or more.');
  process.exit(2);
}

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
if (!nginx) {
  console.error(
    'nginx is needed in front of the API processes (sticky sessions for the live channel):\n  apt-get install -y nginx',
  );
  process.exit(1);
}
if (!args['no-build']) buildOrExit(['run-many', '-t', 'build', '-p', 'console', 'fleet-sim']);

const home = join(root, '.data', 'cluster');
mkdirSync(home, { recursive: true });
// One secret and one demo password for every process of the cluster, kept between runs.
const secrets = join(home, 'secrets.json');
const kept = existsSync(secrets) && !args.fresh ? JSON.parse(readFileSync(secrets, 'utf8')) : {};
const TOKEN_SECRET = process.env.TOKEN_SECRET ?? kept.TOKEN_SECRET ?? randomBytes(32).toString('hex');
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? kept.DEMO_PASSWORD ?? randomBytes(9).toString('base64url');
writeFileSync(secrets, JSON.stringify({ TOKEN_SECRET, DEMO_PASSWORD }), { mode: 0o600 });

if (args.fresh) {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${args.schema}" CASCADE`);
  await client.end();
}

const shared = {
  ...process.env,
  DATABASE_URL,
  DATABASE_SCHEMA: args.schema,
  REDIS_URL,
  TOKEN_SECRET,
  DEMO_PASSWORD,
  FLEET_SIZE: args.size,
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: `http://localhost:${args.port}`,
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
};
const children = [];
let stopping = false;

/** Starts one process of the cluster and answers its URL (from its "serving at" line). */
function start(name, role) {
  // With a jobs process the API processes take no job's lease: the consoles' calls never wait behind a job's work.
  const roleEnv = role === 'api' ? { FLEET_JOBS: jobs > 0 ? 'none' : 'all' } : {};
  const child = spawn(process.execPath, [SERVER_MAIN], {
    cwd: root,
    env: { ...shared, ...roleEnv, FLEET_ROLE: role, DATA_DIR: join(home, name) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`${name} exited (${signal ?? code}); the others go on.`);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /serving at (http:\/\/localhost:(\d+))/.exec(out);
      if (match) {
        child.stdout.removeAllListeners('data');
        child.stdout.resume();
        resolve({ name, url: match[1], port: Number(match[2]) });
      }
    });
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code} before serving:\n${out}`)));
  });
}

const readyz = (hostPort) =>
  fetch(`http://${hostPort}/readyz`, { signal: AbortSignal.timeout(2_000) })
    .then((r) => r.status === 200)
    .catch(() => false);

async function untilReady(proc) {
  for (let i = 0; i < 600 && !(await readyz(`127.0.0.1:${proc.port}`)); i += 1)
    await new Promise((r) => setTimeout(r, 200));
}

/**
 * Open-source nginx has no active health check: every 2 s each API process's GET /readyz is asked, and one that
 * answers anything but 200 is marked down in nginx's upstream (reloaded) until it answers 200 again. When none is
 * ready (the store is away for all), all stay in: their 503 answers say so better than nginx's 502.
 */
function watchReadiness(upstreams, apply) {
  let current = '';
  setInterval(async () => {
    if (stopping) return;
    const ready = await Promise.all(upstreams.map(readyz));
    const down = new Set(upstreams.filter((_, i) => !ready[i]));
    if (down.size === upstreams.length) down.clear();
    const key = [...down].join(',');
    if (key === current) return;
    current = key;
    console.log(down.size ? `not ready, out of nginx: ${key}` : 'every API process is ready');
    apply(down);
  }, 2_000).unref();
}

async function stopAll() {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping nginx, the API processes, the simulators and the jobs processes ...');
  for (const { child } of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map(({ child }) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  );
  rmSync(nginxDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);

const nginxDir = mkdtempSync(join(tmpdir(), 'equipment-dashboard-nginx-'));
try {
  // The first process seeds an empty store (under a lock, once); the others start once it serves.
  const first = await start('api-1', 'api');
  const rest = await Promise.all([
    ...Array.from({ length: apis - 1 }, (_, i) => start(`api-${i + 2}`, 'api')),
    ...Array.from({ length: sims }, (_, i) => start(`sim-${i + 1}`, 'sim')),
    ...Array.from({ length: jobs }, (_, i) => start(`jobs-${i + 1}`, 'jobs')),
  ]);
  const api = [first, ...rest.filter((p) => p.name.startsWith('api-'))];
  // Every process answers GET /readyz 200 (store migrated and answering, Redis connected) before nginx sends it calls.
  await Promise.all([first, ...rest].map((p) => untilReady(p)));
  const upstreams = api.map((p) => `127.0.0.1:${p.port}`);
  const writeConfig = (down) =>
    writeFileSync(
      join(nginxDir, 'nginx.conf'),
      nginxConfig({ port: Number(args.port), upstreams, dir: nginxDir, down }),
    );
  writeConfig(new Set());
  const proxy = spawn(nginx, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: 'inherit',
  });
  watchReadiness(upstreams, (down) => {
    writeConfig(down);
    spawnSync(nginx, ['-p', nginxDir, '-c', join(nginxDir, 'nginx.conf'), '-s', 'reload'], {
      stdio: 'inherit',
    });
  });
  children.push({ name: 'nginx', child: proxy });
  proxy.on('exit', (code) => {
    if (!stopping) {
      console.error(`nginx exited (${code}): is port ${args.port} free?`);
      void stopAll();
    }
  });
  console.log(`\nEquipment Dashboard cluster is serving at http://localhost:${args.port}`);
  console.log(
    `  ${api.length} API processes (${api.map((p) => p.port).join(', ')}), ${sims} simulators, ${jobs ? `${jobs} jobs process${jobs > 1 ? 'es' : ''} (the background jobs; not behind nginx)` : 'no jobs process (the API processes run the jobs)'}, nginx on ${args.port}`,
  );
  console.log(`  store: ${DATABASE_URL} schema ${args.schema}; events: ${REDIS_URL}`);
  console.log(
    `  sign in as admin (or any demo user) with the password ${DEMO_PASSWORD} (kept in .data/cluster/secrets.json)`,
  );
  console.log('  Ctrl-C stops everything.');
} catch (error) {
  console.error(error.message);
  await stopAll();
}
