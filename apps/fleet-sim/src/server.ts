import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from './app';
import type { AuthUser } from './auth/auth-user';
import { SessionCache } from './auth/session-cache';
import { TokenSigner } from './auth/tokens';
import type { Config } from './config/config';
import { SimClock } from './fleet/clock';
import { CLOCK_KEY, DEFAULT_FLEET_SETTINGS } from './fleet/fleet-settings';
import { ServicesBoard } from './fleet/services-board';
import { Simulator, type SimulatorOptions } from './fleet/simulator';
import { buildRouters } from './http/routers';
import { bridgeStoreToLive } from './live/store-events';
import { createLiveHub, liveChannelKey, type LiveHub } from './live/live-hub';
import { createLogger } from './logging';
import { createMailer } from './mail/mailer';
import { loadSerialPrefixes } from './config/serial-prefixes';
import { authenticate, tokenFromHeader } from './services/auth-service';
import { startBulkActionRunner } from './services/bulk-action-runner';
import { LatestVersions } from './services/releases';
import { startRolloutDriver } from './services/rollout-driver';
import type { ServiceDeps } from './services/service-deps';
import { ensureDemoWorld } from './services/demo-world';
import { startHistoryTrimmer } from './services/history-service';
import { schedulerActivityListener } from './services/scheduler-activity';
import { startSchedulePlayer } from './services/scheduling-service';
import { prepareUpdateLibrary } from './services/update-library';
import { openDatabase, type Database } from './store/database';
import { readSetting, replaceSetting, writeSetting } from './store/repos/settings-repo';
import { StoreFollower } from './store/store-follower';
import { commandsFeed, countsFeed, tombstonesFeed, unitsFeed } from './views/feeds';
import { DirectivePlayer } from './scenarios/directive-player';
import { createViews } from './views/fleet-views';
import { indexedUnitOfRuntime } from './views/unit-feed';
import { worldFeed, type World, type WorldListener } from './views/world-feed';

export interface StartOptions {
  logger?: Logger;
  /** PostgreSQL schema (tests use a throw-away one per file). */
  databaseSchema?: string;
  /** Tests: check every answer against the contract's response schema. */
  checkResponses?: boolean;
  /** Skip the demo world (tests that build their own data). */
  seed?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  httpServer: HttpServer;
  database: Database;
  deps: ServiceDeps;
  /** Stops in order: live sockets, new connections, requests in flight, the simulator's last write, the store. */
  close(): Promise<void>;
  /** What a shutdown under way is waiting on (logged if it overruns its deadline). */
  closingStep(): string;
}

/** Requests in flight get this long to finish at shutdown (live long polls are not waited for). */
const REQUEST_GRACE_MS = 5_000;
/** Advisory lock id held by the process that plays due schedules. */
const SCHEDULE_LOCK = 727_002;
/** Advisory lock id held by the process that drives rollouts. */
const ROLLOUT_LOCK = 727_021;
/** Advisory lock id held by the process that trims the units' timelines. */
const HISTORY_TRIM_LOCK = 727_003;

/**
 * The simulated clock, one row of the store for every process. The process that runs the whole fleet
 * (FLEET_ROLE=all) starts simulated time at real now and SIM_SPEED, as a single server always did; in a
 * cluster the first process to start writes it and the others follow it (the world feed adopts it).
 */
async function startClock(config: Config, db: Database['db']): Promise<SimClock> {
  const clock = new SimClock(Date.now(), config.SIM_SPEED);
  if (config.FLEET_ROLE === 'all') await replaceSetting(db, CLOCK_KEY, clock.state());
  else await writeSetting(db, CLOCK_KEY, clock.state());
  return clock;
}

/** Asks whether this process holds a lock of the store, trying to take it when it does not. */
function leadership(database: Database, key: number): () => Promise<boolean> {
  let release: (() => Promise<void>) | null = null;
  return async () => {
    release ??= await database.tryLock(key).catch(() => null);
    return release !== null;
  };
}

/** The token signing secret: TOKEN_SECRET, or one generated once and kept in the store (shared by every process). */
async function tokenSecret(config: Config, database: Database): Promise<string> {
  if (config.TOKEN_SECRET) return config.TOKEN_SECRET;
  const stored = await readSetting<string>(database.db, 'token_secret');
  if (stored) return stored;
  const secret = randomBytes(48).toString('base64url');
  await writeSetting(database.db, 'token_secret', secret);
  return (await readSetting<string>(database.db, 'token_secret')) ?? secret;
}

/** Requests in flight on the HTTP server, but the live channel's long polls (they end with the sockets). */
function trackRequests(httpServer: HttpServer): { idle(): Promise<void> } {
  const open = new Set<object>();
  const waiters: (() => void)[] = [];
  httpServer.on('request', (req, res) => {
    if ((req.url ?? '').startsWith('/socket.io/')) return;
    open.add(res);
    res.once('close', () => {
      open.delete(res);
      if (open.size === 0) waiters.splice(0).forEach((w) => w());
    });
  });
  return {
    idle: () => (open.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
  };
}

/** What every process opens first: its logger, the serial prefixes and the store (migrated as it opens). */
async function openProcess(config: Config, options: Pick<StartOptions, 'logger' | 'databaseSchema'>) {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const prefixes = loadSerialPrefixes(config.SERIAL_PREFIXES_FILE);
  const database = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schemaName: options.databaseSchema ?? config.DATABASE_SCHEMA,
  });
  return { logger, prefixes, database, db: database.db };
}

/**
 * The store's shared state every process follows: a follower marked before anything is read (no change
 * falls between the reads and its start), the simulated clock, and the world (services, latest versions,
 * fleet settings), read once and then followed.
 */
async function followWorld(config: Config, db: Database['db'], logger: Logger, listener: WorldListener) {
  const follower = new StoreFollower(db, logger);
  const from = await follower.mark();
  const clock = await startClock(config, db);
  const world: World = { clock, services: new ServicesBoard(), latest: new LatestVersions(), settings: { ...DEFAULT_FLEET_SETTINGS } };
  const world$ = worldFeed(world, listener);
  await world$.load?.(db);
  follower.add(world$);
  return { follower, from, clock, world };
}

/** This process's simulator of the world it follows; `own`: how it takes its units and hears of its commands. */
function loadSimulator(
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

/** Listens on PORT and HOST; answers the port taken (PORT=0 takes a free one) and the URL to print. */
async function listen(httpServer: HttpServer, config: Config): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  return { port, url: `http://localhost:${port}` };
}

/**
 * A shutdown in named steps: it runs once however often it is asked for, and `closingStep()` names the
 * step it is on ('running' before, 'closed' after), for the log of a stop that overruns its deadline.
 */
function closeInSteps(run: (step: (name: string) => void) => Promise<void>): Pick<RunningServer, 'close' | 'closingStep'> {
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

/**
 * Opens the store (migrations first), seeds the demo world on an empty store, follows the store's
 * shared state, starts this process's simulator (unless SIM_ENGINE=false), builds the app and the live
 * channel on one HTTP server, and listens.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { logger, prefixes, database, db } = await openProcess(config, options);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const signer = new TokenSigner(await tokenSecret(config, database), config.TOKEN_TTL_MINUTES * 60);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      outboxDir: join(config.DATA_DIR, 'outbox'),
      from: config.MAIL_FROM,
      logger,
    });
    // The app is built once the services exist; socket.io must attach to the server before it so
    // that it answers its own /socket.io/ requests first.
    const late: { app?: ReturnType<typeof createApp>; deps?: ServiceDeps } = {};
    const httpServer = createServer((req, res) => {
      if (late.app) late.app(req, res);
      else res.writeHead(503, { 'Content-Type': 'application/json' }).end('{"error":"The server is starting."}');
    });
    const inFlight = trackRequests(httpServer);
    const base = { config, db, logger, prefixes };
    if (options.seed !== false) await ensureDemoWorld(base);

    const sim: { current: Simulator | null } = { current: null };
    const bridge: { current: ReturnType<typeof bridgeStoreToLive> | null } = { current: null };
    const { follower, from, clock, world } = await followWorld(config, db, logger, {
      servicesChanged: () => bridge.current?.servicesChanged(),
      settingsChanged: (settings) => sim.current?.settingsChanged(settings),
    });
    const views = createViews((change) => bridge.current?.figuresChanged(change));
    // This process's id in the units' change log: its views take its own simulator's writes directly.
    const writer = config.SIM_ENGINE ? randomUUID() : null;
    if (config.SIM_ENGINE) {
      sim.current = await loadSimulator(config, database, logger, world, {
        writer: writer ?? undefined,
        commandEnded: (row) => views.waiters.seen([row]),
      });
      cleanup.push(() => sim.current?.stop() ?? Promise.resolve());
    }

    // The live hub authenticates through the services, which need the hub: bind them in two steps.
    const authenticateToken = async (token: string | null): Promise<AuthUser> => {
      if (!late.deps) throw new Error('the server is still starting');
      return authenticate(late.deps, token);
    };
    const live: LiveHub = await createLiveHub(httpServer, {
      transports: config.LIVE_TRANSPORTS,
      redisUrl: config.REDIS_URL,
      redisKey: liveChannelKey(options.databaseSchema ?? config.DATABASE_SCHEMA),
      logger,
      authenticate: authenticateToken,
    });
    cleanup.push(() => live.close());
    const deps: ServiceDeps = { ...base, mailer, signer, live, sessions: new SessionCache(), clock, world, views, follower, sim: sim.current };
    late.deps = deps;
    bridge.current = bridgeStoreToLive(deps);

    follower.add(countsFeed((rows) => views.takeCounts(rows)));
    follower.add(unitsFeed(views.index, (serials) => bridge.current?.unitsChanged(serials), writer));
    sim.current?.onEvent({
      unitsWritten: (units) => {
        const now = clock.now();
        views.index.upsert(units.map((unit) => indexedUnitOfRuntime(unit, now)));
        bridge.current?.unitsChanged(units.map((unit) => unit.serialNumber));
      },
    });
    follower.add(
      tombstonesFeed((serials) => {
        views.index.remove(serials);
        sim.current?.engine.removeUnits(serials);
      }),
    );
    follower.add(
      commandsFeed((rows) => {
        views.waiters.seen(rows);
        sim.current?.commands.offer(rows);
      }),
    );
    for (const feed of sim.current?.feeds() ?? []) follower.add(feed);
    follower.add({ name: 'views', poll: () => bridge.current?.polled() ?? Promise.resolve() });
    await follower.start(from);
    cleanup.push(() => follower.stop());
    await bridge.current.polled();

    sim.current?.onEvent(schedulerActivityListener(deps));
    await sim.current?.start();
    // One process plays the schedules: the one holding the schedule lock (every process tries, so another takes
    // over when it stops).
    const stopSchedules = startSchedulePlayer(deps, leadership(database, SCHEDULE_LOCK));
    // Rollouts advance the same way: one process, the holder of the rollout lock, drives them (issue 21).
    const stopRollouts = startRolloutDriver(deps, leadership(database, ROLLOUT_LOCK));
    // Likewise one process trims the units' timelines by age (issue 21).
    const stopHistoryTrimmer = startHistoryTrimmer(deps, leadership(database, HISTORY_TRIM_LOCK));
    // Every API process runs bulk jobs: each claims one at a time from the store (issue 21).
    const bulkActions = startBulkActionRunner(deps);

    // The demo update library's manifests are written in the background; the first validation waits for them.
    void prepareUpdateLibrary(deps);
    const routers = buildRouters(deps, {
      authenticate: (req) => authenticateToken(tokenFromHeader(req.headers.authorization)),
      checkResponses: options.checkResponses ?? false,
    });
    late.app = createApp({ config, logger, routers });

    const { port, url } = await listen(httpServer, config);
    const shutdown = closeInSteps(async (step) => {
      step('closing the live sockets');
      await live.close().catch((err: unknown) => logger.warn({ err }, 'closing the live channel failed'));
      step('stopping new connections');
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      stopSchedules();
      stopRollouts();
      stopHistoryTrimmer();
      step('waiting for requests in flight');
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([inFlight.idle(), new Promise((r) => (grace = setTimeout(r, REQUEST_GRACE_MS)))]);
      clearTimeout(grace);
      views.waiters.release();
      httpServer.closeAllConnections();
      await stopped;
      step('committing the bulk action chunk under way');
      await bulkActions.stop();
      step('stopping the store follower');
      await follower.stop();
      if (sim.current) {
        step("writing the simulator's last changes");
        await sim.current.stop().catch((err: unknown) => logger.error({ err }, 'final write-behind failed'));
      }
      step('checkpointing the store');
      await database.checkpoint().catch((err: unknown) => logger.warn({ err }, 'checkpoint failed'));
      step('closing the store');
      await database.close();
    });
    return { url, port, httpServer, database, deps, ...shutdown };
  } catch (error) {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** A simulator process (FLEET_ROLE=sim): its shards' units, and GET /healthz. */
export interface RunningWorker {
  url: string;
  port: number;
  logger: Logger;
  simulator: Simulator;
  close(): Promise<void>;
  closingStep(): string;
}

/**
 * Starts a simulator of a cluster: it seeds an empty store (once, under the seed lock), follows the store's
 * world, takes its fair share of the shards through leases, and serves only GET /healthz (its role, the
 * shards and units it holds). Everything it tells consoles goes through the store.
 */
export async function startSimWorker(config: Config, options: Pick<StartOptions, 'logger' | 'databaseSchema' | 'seed'> = {}): Promise<RunningWorker> {
  const { logger, prefixes, database, db } = await openProcess(config, options);
  try {
    if (options.seed !== false) await ensureDemoWorld({ config, db, logger, prefixes });
    const sim: { current: Simulator | null } = { current: null };
    const { follower, from, clock, world } = await followWorld(config, db, logger, {
      settingsChanged: (settings) => sim.current?.settingsChanged(settings),
    });
    // The figures let the update scheduler's deliveries carry the fleet's figures of the hour.
    const views = createViews();
    const worker = `sim-${randomUUID()}`;
    const simulator = await loadSimulator(config, database, logger, world, { leased: true, writer: worker, commandEnded: () => undefined });
    sim.current = simulator;
    const directives = new DirectivePlayer({ db, clock, world, views, config, logger }, simulator, worker);
    await directives.load();
    follower.add(directives.feed());
    follower.add(countsFeed((rows) => views.takeCounts(rows)));
    follower.add(tombstonesFeed((serials) => simulator.engine.removeUnits(serials)));
    follower.add(commandsFeed((rows) => simulator.commands.offer(rows)));
    for (const feed of simulator.feeds()) follower.add(feed);
    await follower.start(from);
    simulator.onEvent(schedulerActivityListener({ db, views, world, clock, logger }));
    await simulator.start();

    const httpServer = createServer((req, res) => {
      if (req.method === 'GET' && (req.url ?? '').split('?')[0] === '/healthz') {
        const { engine } = simulator;
        const body = {
          status: 'ok',
          role: 'sim',
          units: engine.state.units.size,
          shards: engine.heldShards(),
          stats: { unitChanges: engine.state.changes, rowsWritten: engine.rowsWritten },
          memory: process.memoryUsage(),
        };
        res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"A simulator process serves only GET /healthz.","code":"not_found"}');
    });
    const { port, url } = await listen(httpServer, config);    const shutdown = closeInSteps(async (step) => {
      step('stopping new connections');
      httpServer.close();
      httpServer.closeAllConnections();
      step('stopping the store follower');
      await follower.stop();
      step("writing the simulator's last changes and giving its shards back");
      await simulator.stop().catch((err: unknown) => logger.error({ err }, 'final write-behind failed'));
      step('closing the store');
      await database.close();
    });
    return { url, port, logger, simulator, ...shutdown };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
