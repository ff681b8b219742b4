/** What the process roles share: open the store, follow the world, simulate, answer readiness, listen, close in steps. */
import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from '../config/config';
import { SimClock } from '../fleet/clock';
import { CLOCK_KEY, DEFAULT_FLEET_SETTINGS } from '../fleet/fleet-settings';
import { BackendStatusBoard } from '../fleet/backend-status';
import { Simulator, type SimulatorOptions } from '../fleet/simulator';
import type { LiveHub } from '../live/live-hub';
import { createLogger, logFormatOf } from '../logging';
import { collectProcessMetrics, metricsText } from '../core/metrics';
import type { Readiness } from '../http/readiness';
import { loadSerialPrefixes } from '../config/serial-prefixes';
import { LatestVersions } from '../read-models/latest-versions';
import { openDatabase, type Database } from '../store/database';
import { readSetting, replaceSetting, writeSetting } from '../store/repos/settings-repo';
import { StoreFollower } from '../store/store-follower';
import { worldFeed, type World, type WorldListener } from '../read-models/world-feed';

export interface StartOptions {
  logger?: Logger;
  /** PostgreSQL schema (tests use a throw-away one per file). */
  databaseSchema?: string;
  /** Tests: check every answer against the contract's response schema. */
  checkResponses?: boolean;
  /** Skip the demo world (tests that build their own data). */
  seed?: boolean;
}

/** What every started process answers: where it listens, its logger, and its stop in steps. */
export interface RunningProcess {
  url: string;
  port: number;
  logger: Logger;
  /** Stops in order, the store last. */
  close(): Promise<void>;
  /** What a shutdown under way is waiting on (logged if it overruns its deadline). */
  closingStep(): string;
}

/** The options of a role that is not the API (a simulator, a jobs process). */
export type ProcessOptions = Pick<StartOptions, 'logger' | 'databaseSchema' | 'seed'>;

/**
 * The simulated clock, one row of the store for every process. The process that runs the whole fleet
 * (FLEET_ROLE=all) starts simulated time at real now and SIM_SPEED, as a single server always did; in a
 * cluster the first process to start writes it and the others follow it (the world feed adopts it).
 */
export async function startClock(config: Config, db: Database['db']): Promise<SimClock> {
  const clock = new SimClock(Date.now(), config.SIM_SPEED);
  if (config.FLEET_ROLE === 'all') await replaceSetting(db, CLOCK_KEY, clock.state());
  else await writeSetting(db, CLOCK_KEY, clock.state());
  return clock;
}

/** What every process opens first: its logger, the serial prefixes and the store (migrated as it opens). */
export async function openProcess(config: Config, options: Pick<StartOptions, 'logger' | 'databaseSchema'>) {
  // Every line says which kind of process wrote it (a logger given to it says so already: main's).
  const logger =
    options.logger ??
    createLogger(config.LOG_LEVEL, undefined, logFormatOf(config.LOG_FORMAT)).child({
      role: config.FLEET_ROLE,
    });
  collectProcessMetrics(config.FLEET_ROLE);
  const prefixes = loadSerialPrefixes(config.SERIAL_PREFIXES_FILE);
  const database = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schemaName: options.databaseSchema ?? config.DATABASE_SCHEMA,
    connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
    logger,
  });
  return { logger, prefixes, database, db: database.db };
}

/**
 * The store's shared state every process follows: a follower marked before anything is read (no change
 * falls between the reads and its start), the simulated clock, and the world (services, latest versions,
 * fleet settings), read once and then followed (`onWorldChanged` hears what changed).
 */
export async function followWorld(config: Config, db: Database['db'], logger: Logger) {
  const follower = new StoreFollower(db, logger);
  const from = await follower.mark();
  const clock = await startClock(config, db);
  const world: World = {
    clock,
    services: new BackendStatusBoard(),
    latest: new LatestVersions(),
    settings: { ...DEFAULT_FLEET_SETTINGS },
  };
  const listeners = new Set<WorldListener>();
  const world$ = worldFeed(world, {
    servicesChanged: () => listeners.forEach((l) => l.servicesChanged?.()),
    settingsChanged: (settings) => listeners.forEach((l) => l.settingsChanged?.(settings)),
    worldRestored: () => listeners.forEach((l) => l.worldRestored?.()),
  });
  await world$.load?.(db);
  follower.add(world$);
  /** Listens to the world's changes read from the store from now on. */
  const onWorldChanged = (listener: WorldListener) => listeners.add(listener);
  return { follower, from, clock, world, onWorldChanged };
}

/** This process's simulator of the world it follows; `own`: how it takes its units and hears of its commands. */
export function loadSimulator(
  config: Config,
  database: Database,
  logger: Logger,
  world: World,
  own: Pick<SimulatorOptions, 'leased' | 'writer' | 'commandEnded'>,
): Promise<Simulator> {
  return Simulator.load({
    db: database.db,
    logger,
    clock: world.clock,
    seed: config.FLEET_SEED,
    services: world.services,
    settings: world.settings,
    store: database.kind,
    ...own,
  });
}

/** The token signing secret: TOKEN_SECRET, or one generated once and kept in the store (shared by every process). */
export async function tokenSecret(config: Config, database: Database): Promise<string> {
  if (config.TOKEN_SECRET) return config.TOKEN_SECRET;
  const stored = await readSetting<string>(database.db, 'token_secret');
  if (stored) return stored;
  const secret = randomBytes(48).toString('base64url');
  await writeSetting(database.db, 'token_secret', secret);
  return (await readSetting<string>(database.db, 'token_secret')) ?? secret;
}

/** GET /readyz's check: the store answers with every migration applied, and Redis is connected where configured. */
export function readinessOf(database: Database, live?: Pick<LiveHub, 'redisReady'>): Readiness {
  return async () => {
    const store = await database.ready();
    const reasons = store.ready ? [] : [store.reason ?? 'the store is not ready'];
    if (live?.redisReady() === false) reasons.push('Redis is not connected');
    return { ready: reasons.length === 0, reasons };
  };
}

/**
 * The HTTP server of a process that serves no API (a simulator, a jobs process): GET /healthz (`health()`'s body),
 * /readyz (the readiness check: 200, or 503 with the reasons) and /metrics; anything else is 404 naming what it serves.
 */
export function operatorServer(role: string, readiness: Readiness, health: () => object): HttpServer {
  const json = { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' };
  return createServer((req, res) => {
    const path = req.method === 'GET' ? (req.url ?? '').split('?')[0] : null;
    if (path === '/readyz') {
      void readiness().then(({ ready, reasons }) => {
        const body = ready
          ? { status: 'ready' }
          : { error: 'Not ready to serve.', code: 'not_ready', details: { reasons } };
        res.writeHead(ready ? 200 : 503, json).end(JSON.stringify(body));
      });
      return;
    }
    if (path === '/metrics') {
      void metricsText().then(({ contentType, body }) =>
        res.writeHead(200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' }).end(body),
      );
      return;
    }
    if (path === '/healthz') {
      res.writeHead(200, json).end(JSON.stringify(health()));
      return;
    }
    res.writeHead(404, { 'Content-Type': 'application/json' }).end(
      JSON.stringify({
        error: `A ${role} process serves only GET /healthz, /readyz and /metrics.`,
        code: 'not_found',
      }),
    );
  });
}

/** Listens on PORT and HOST; answers the port taken (PORT=0 takes a free one) and the URL to print. */
export async function listen(httpServer: HttpServer, config: Config): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return { port, url: `http://localhost:${port}` };
}

/**
 * A process's operator endpoints ({@link operatorServer}) on PORT and HOST, with the process's shutdown: the server
 * stops taking connections and drops the open ones, `closeRest` takes the process's own steps, and the store closes
 * last. Health answers `status: 'ok'` and the memory in use around what `health()` tells of the process.
 */
export async function serveOperator(
  config: Config,
  parts: { name: string; database: Database; live?: Pick<LiveHub, 'redisReady'>; health: () => object },
  closeRest: (step: (name: string) => void) => Promise<void>,
): Promise<{ port: number; url: string; close(): Promise<void>; closingStep(): string }> {
  const { name, database, live, health } = parts;
  const httpServer = operatorServer(name, readinessOf(database, live), () => ({
    status: 'ok',
    ...health(),
    memory: process.memoryUsage(),
  }));
  const { port, url } = await listen(httpServer, config);
  const shutdown = closeInSteps(async (step) => {
    step('stopping new connections');
    httpServer.close();
    httpServer.closeAllConnections();
    await closeRest(step);
    step('closing the store');
    await database.close();
  });
  return { port, url, ...shutdown };
}

/**
 * A shutdown in named steps: it runs once however often it is asked for, and `closingStep()` names the
 * step it is on ('running' before, 'closed' after), for the log of a stop that overruns its deadline.
 */
export function closeInSteps(run: (step: (name: string) => void) => Promise<void>): {
  close(): Promise<void>;
  closingStep(): string;
} {
  let step = 'running';
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= run((name) => (step = name)).then(() => {
      step = 'closed';
    });
    return closing;
  };
  return { close, closingStep: () => step };
}
