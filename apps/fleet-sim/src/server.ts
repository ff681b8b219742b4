import { randomBytes } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { createApp } from './app';
import type { AuthUser } from './auth/auth-user';
import { SessionCache } from './auth/session-cache';
import { TokenSigner } from './auth/tokens';
import type { Config } from './config/config';
import { buildRouters } from './http/routers';
import { loadFleet } from './fleet/fleet';
import { bridgeEngineToLive } from './live/engine-events';
import { createLiveHub, type LiveHub } from './live/live-hub';
import { createLogger } from './logging';
import { createMailer } from './mail/mailer';
import { loadSerialPrefixes } from './config/serial-prefixes';
import { authenticate, tokenFromHeader } from './services/auth-service';
import type { ServiceDeps } from './services/service-deps';
import { ensureDemoWorld } from './services/demo-world';
import { startSchedulePlayer } from './services/scheduling-service';
import { openDatabase, type Database } from './store/database';
import { readSetting, writeSetting } from './store/repos/settings-repo';

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
  close(): Promise<void>;
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

/**
 * Opens the store (migrations first), seeds the demo world on an empty store, builds the app and the
 * live channel on one HTTP server, and listens. `close()` stops accepting, lets requests finish,
 * closes sockets, checkpoints and closes the store.
 */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger(config.LOG_LEVEL);
  const prefixes = loadSerialPrefixes(config.SERIAL_PREFIXES_FILE);
  const database = await openDatabase({
    dataDir: config.DATA_DIR,
    databaseUrl: config.DATABASE_URL,
    schemaName: options.databaseSchema ?? config.DATABASE_SCHEMA,
  });
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
    const base = { config, db: database.db, logger, prefixes };
    if (options.seed !== false) await ensureDemoWorld(base);
    const fleet = await loadFleet(base);
    // The live hub authenticates through the services, which need the hub: bind them in two steps.
    const authenticateToken = async (token: string | null): Promise<AuthUser> => {
      if (!late.deps) throw new Error('the server is still starting');
      return authenticate(late.deps, token);
    };
    const live: LiveHub = await createLiveHub(httpServer, {
      transports: config.LIVE_TRANSPORTS,
      redisUrl: config.REDIS_URL,
      logger,
      authenticate: authenticateToken,
    });
    const ready: ServiceDeps = { ...base, mailer, signer, live, fleet, sessions: new SessionCache() };
    late.deps = ready;
    fleet.engine.onEvent(bridgeEngineToLive(ready));
    const stopSchedules = config.SIM_ENGINE ? startSchedulePlayer(ready) : () => undefined;
    if (config.SIM_ENGINE) fleet.engine.start();

    const routers = buildRouters(ready, {
      authenticate: (req) => authenticateToken(tokenFromHeader(req.headers.authorization)),
      checkResponses: options.checkResponses ?? false,
    });
    late.app = createApp({ config, logger, routers });

    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(config.PORT, config.HOST, () => resolve());
    });
    const address = httpServer.address();
    const port = typeof address === 'object' && address ? address.port : config.PORT;

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => httpServer.close(() => resolve()));
        httpServer.closeIdleConnections();
        stopSchedules();
        await live.close();
        let grace: NodeJS.Timeout | undefined;
        await Promise.race([stopped, new Promise((r) => (grace = setTimeout(r, 10_000)))]);
        clearTimeout(grace);
        httpServer.closeAllConnections();
        await fleet.engine.stop().catch((err: unknown) => logger.error({ err }, 'final write-behind failed'));
        await database.checkpoint().catch((err: unknown) => logger.warn({ err }, 'checkpoint failed'));
        await database.close();
      })();
      return closing;
    };
    return { url: `http://localhost:${port}`, port, httpServer, database, deps: ready, close };
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}
