import { randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { createApp } from '../app';
import type { AlertEvaluator } from '../jobs/alerts/alert-evaluator';
import type { AlertNotifier } from '../jobs/notifications/alert-notifier';
import { SessionCache } from '../auth/session-cache';
import type { Config } from '../config/config';
import { buildRouters } from '../http/routers';
import { bridgeStoreToLive } from '../live/store-events';
import type { LiveHub } from '../live/live-hub';
import { authenticateSession, tokenFromHeader } from '../services/auth-service';
import type { ServiceDeps } from '../services/service-deps';
import { schedulerActivityListener } from '../jobs/delivery-counter';
import { prepareUpdateLibrary } from '../services/update-library';
import { type Database } from '../store/database';
import { createReadModels } from '../read-models/read-models';
import { indexedUnitOfRuntime } from '../read-models/unit-feed';
import { type StartOptions, followWorld, loadSimulator, readinessOf, listen, closeInSteps } from './process';
import { followReadModels, liveHubOf, openServiceProcess } from './service-parts';
import { startBackgroundJobs } from './background-jobs';

export interface RunningServer {
  url: string;
  port: number;
  httpServer: HttpServer;
  database: Database;
  deps: ServiceDeps;
  /** This process's live channel. */
  live: LiveHub;
  /** The alert evaluator (it evaluates while this process holds its lease); null with FLEET_JOBS=none. */
  alerts: AlertEvaluator | null;
  /** The alert notifier (it sends while this process holds its lease); null with FLEET_JOBS=none. */
  notifier: AlertNotifier | null;
  /** Stops in order: live sockets, new connections, requests in flight, the simulator's last write, the store. */
  close(): Promise<void>;
  /** What a shutdown under way is waiting on (logged if it overruns its deadline). */
  closingStep(): string;
}

/** Requests in flight get this long to finish at shutdown (live long polls are not waited for). */
const REQUEST_GRACE_MS = 5_000;

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

/**
 * Opens the store (migrations first), seeds the demo world on an empty store, follows the store's
 * shared state, starts this process's simulator (unless SIM_ENGINE=false), builds the app and the live
 * channel on one HTTP server, and listens.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const { logger, database, db, signer, serviceDeps } = await openServiceProcess(config, options);
  const cleanup: (() => Promise<unknown>)[] = [];
  try {
    const { follower, from, clock, world, onWorldChanged } = await followWorld(config, db, logger);
    const readModels = createReadModels();
    // This process's id in the units' change log: its read models take its own simulator's writes directly.
    const writer = config.SIM_ENGINE ? randomUUID() : null;
    const simulator = config.SIM_ENGINE
      ? await loadSimulator(config, database, logger, world, {
          writer: writer ?? undefined,
          commandEnded: (row) => readModels.waiters.seen([row]),
        })
      : null;
    if (simulator) {
      cleanup.push(() => simulator.stop());
      onWorldChanged({ settingsChanged: (settings) => simulator.settingsChanged(settings) });
      readModels.onCommitted((change) => simulator.committed(change));
    }

    const sessions = new SessionCache();
    const authenticateToken = (token: string | null) => authenticateSession({ db, signer, sessions }, token);
    const live: LiveHub = await liveHubOf(config, options, logger, authenticateToken);
    cleanup.push(() => live.close());
    const deps = serviceDeps({ live, sessions, clock, world, readModels, follower, sim: simulator });
    const bridge = bridgeStoreToLive(deps, live);
    onWorldChanged({ servicesChanged: () => bridge.servicesChanged() });
    readModels.onFiguresChanged((change) => bridge.figuresChanged(change));

    // Units the index took, from the store's feed or from this process's own simulator, reach their followers one way.
    readModels.onUnitsChanged((serials) => bridge.unitsChanged([...serials]));
    simulator?.onEvent({
      unitsWritten: (units) => {
        const now = clock.now();
        readModels.takeCommitted({ units: units.map((unit) => indexedUnitOfRuntime(unit, now)) });
        readModels.unitsChanged(units.map((unit) => unit.serialNumber));
      },
    });
    followReadModels(follower, readModels, writer, (rows) => simulator?.commands.offer(rows));
    for (const feed of simulator?.feeds((desired) => readModels.takeCommitted({ desired })) ?? [])
      follower.add(feed);
    follower.add({ name: 'views', poll: () => bridge.polled() });
    await follower.start(from);
    cleanup.push(() => follower.stop());
    await bridge.polled();

    simulator?.onEvent(schedulerActivityListener(deps));
    await simulator?.start();
    // The background jobs (unless a jobs process runs them: FLEET_JOBS=none). Their stop answers once each pass under
    // way has ended; the shutdown waits for it before the store closes.
    const jobs = config.FLEET_JOBS === 'all' ? startBackgroundJobs(deps) : null;
    if (jobs) cleanup.push(() => jobs.stop());

    // The demo update library's manifests are written in the background; the first validation waits for them, and
    // so does the shutdown (it reads the store, and a test removes the data folder once the server has closed).
    const updateLibrary = prepareUpdateLibrary(deps);
    const routers = buildRouters(deps, {
      authenticate: async (req) => (await authenticateToken(tokenFromHeader(req.headers.authorization))).user,
      checkResponses: options.checkResponses ?? false,
      rawBodyMaxBytes: config.SIM_SNAPSHOT_IMPORT_MAX_MB * 1024 * 1024,
    });
    const httpServer = createServer(
      createApp({ config, logger, routers, readiness: readinessOf(database, live) }),
    );
    const inFlight = trackRequests(httpServer);
    live.attach(httpServer);

    const { port, url } = await listen(httpServer, config);
    const shutdown = closeInSteps(async (step) => {
      step('closing the live sockets');
      await live.close().catch((err: unknown) => logger.warn({ err }, 'closing the live channel failed'));
      step('stopping new connections');
      const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeIdleConnections();
      // No job starts a pass from here; each ends the one under way (a bulk action commits its chunk).
      const jobsStopped = jobs?.stop();
      step('waiting for requests in flight');
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([inFlight.idle(), new Promise((r) => (grace = setTimeout(r, REQUEST_GRACE_MS)))]);
      clearTimeout(grace);
      readModels.waiters.release();
      httpServer.closeAllConnections();
      await stopped;
      step('waiting for the background jobs (a bulk action commits its chunk under way)');
      await jobsStopped;
      step('waiting for the update library');
      await updateLibrary;
      step('stopping the store follower');
      await follower.stop();
      if (simulator) {
        step("writing the simulator's last changes");
        await simulator.stop().catch((err: unknown) => logger.error({ err }, 'final write-behind failed'));
      }
      step('checkpointing the store');
      await database.checkpoint().catch((err: unknown) => logger.warn({ err }, 'checkpoint failed'));
      step('closing the store');
      await database.close();
    });
    return {
      url,
      port,
      httpServer,
      database,
      deps,
      live,
      alerts: jobs?.alerts ?? null,
      notifier: jobs?.notifier ?? null,
      ...shutdown,
    };
  } catch (error) {
    for (const undo of cleanup.reverse()) await undo().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}
