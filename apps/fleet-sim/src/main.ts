import { getPriority, setPriority } from 'node:os';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseOpenError } from './store/database-errors';
import { runClock, runScenarioApply, runScenarioList } from './cli/scenario-command';
import { runSeedCommand } from './cli/seed-command';
import { metrics } from './core/metrics';
import { createLogger, logFormatOf, guardStandardStreams } from './logging';
import {
  startJobsProcess,
  startServer,
  startSimWorker,
  type RunningJobs,
  type RunningServer,
  type RunningWorker,
} from './server';
import { armShutdownWatchdog } from './shutdown-watchdog';

const USAGE = `Usage: fleet-sim [command]

Commands:
  serve (default)          start the server: API, live channel and console on http://localhost:$PORT
  seed --size N            add N generated units to the store (with a progress bar)
  scenario list            list the named scenarios of the library
  scenario apply FILE|NAME apply a scenario file, or a named one, to the running server
  clock [--speed N] [--step 20m]
                           read or change the running server's simulated clock
  help                     show this text

The scenario and clock commands talk to the running server (--url, default http://localhost:$PORT)
with the access token in FLEET_TOKEN (made on the console's Access tokens screen), or else
as --user (default admin) with --password (default DEMO_PASSWORD or DATA_DIR/demo-credentials.txt).

Configuration is read from environment variables; see README.md.`;

async function serve(): Promise<void> {
  const config = loadConfig();
  // A simulator holds its units in typed arrays and makes short-lived garbage as they change; V8's default heap
  // growth let that garbage reach 300 MB at 500,000 units. Sized for memory, the heap stays near its live size
  // (RSS 1,000 -> 450 bytes a unit) for more CPU in the collector (docs/performance.md).
  if (config.FLEET_ROLE === 'sim') setFlagsFromString('--optimize-for-size');
  // A simulator stands in for the field, and a jobs process's work can wait a moment: on a machine they share with API
  // processes, the consoles' calls come first. Only ever lowered (raising it back needs privileges a started process
  // may lack).
  const nice =
    config.FLEET_ROLE === 'sim' ? config.SIM_NICE : config.FLEET_ROLE === 'jobs' ? config.JOBS_NICE : null;
  if (nice !== null && nice > getPriority()) setPriority(nice);
  const logger = createLogger(config.LOG_LEVEL, undefined, logFormatOf(config.LOG_FORMAT)).child({
    role: config.FLEET_ROLE,
  });
  // A background promise that fails while the store or Redis is away must not end a process that is otherwise
  // serving: the rejection is logged and counted (fleet_unhandled_rejections_total), and the process goes on.
  process.on('unhandledRejection', (err) => {
    metrics.unhandledRejections.inc();
    logger.error({ err }, 'a promise rejection nothing handled');
  });
  const deadlineSeconds = config.SHUTDOWN_DEADLINE_SECONDS;
  let server: RunningServer | RunningWorker | RunningJobs | null = null;
  let stopRequested: NodeJS.Signals | null = null;
  let stoppingSince: number | null = null;
  const waitingOn = () => server?.closingStep() ?? 'starting';
  const beginStop = (running: RunningServer | RunningWorker | RunningJobs) => {
    running
      .close()
      .then(() => process.exit(0))
      .catch((err: unknown) => {
        logger.error({ err, waitingOn: running.closingStep() }, 'shutdown failed');
        process.exit(1);
      });
  };
  // Signals are handled before anything starts: a stop asked for while the server starts waits for it, within the
  // same deadline.
  const onSignal = (signal: NodeJS.Signals) => {
    if (stoppingSince !== null) {
      // `npm start` forwards the signal its process group already delivered: the same stop, not a second one.
      if (Date.now() - stoppingSince < 1_000) return;
      // A second signal: the operator wants out now.
      logger.warn({ signal, waitingOn: waitingOn() }, 'second signal: exiting now');
      process.exit(1);
    }
    stoppingSince = Date.now();
    stopRequested = signal;
    // Whatever the store or a socket does, the process ends: a stop that hangs is worse than one that is cut. The
    // watchdog thread holds the deadline even when this thread never comes back to its event loop; the timer
    // below is the gentler end (a log line naming the step, exit code 1) when it does.
    const watchdog = armShutdownWatchdog(deadlineSeconds, stoppingSince, waitingOn());
    setInterval(() => watchdog.step(waitingOn()), 100).unref();
    setTimeout(() => {
      const step = waitingOn();
      logger.error(
        { waitingOn: step, deadlineSeconds },
        `shutdown deadline passed after ${deadlineSeconds} s, still ${step}: exiting`,
      );
      process.exit(1);
    }, deadlineSeconds * 1000).unref();
    logger.info(
      { signal },
      'shutting down: closing live sockets, finishing requests, stopping jobs, flushing, closing the store',
    );
    if (server) beginStop(server);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  const started =
    config.FLEET_ROLE === 'sim'
      ? await startSimWorker(config, { logger })
      : config.FLEET_ROLE === 'jobs'
        ? await startJobsProcess(config, { logger })
        : await startServer(config, { logger });
  server = started;
  logger.info({ url: started.url }, 'listening');
  // The one line a person starting the product looks for.
  console.log(`Equipment Dashboard is serving at ${started.url}`);
  if (stopRequested) beginStop(started);
}

const remoteOptions = {
  url: { type: 'string' },
  user: { type: 'string' },
  password: { type: 'string' },
} as const;

async function main(argv: string[]): Promise<void> {
  // A log reader that is gone costs lines, never the process (an EPIPE on stdout is otherwise an uncaught error).
  guardStandardStreams();
  const [command = 'serve', ...rest] = argv;
  switch (command) {
    case 'serve':
      return serve();
    case 'seed': {
      const { values } = parseArgs({ args: rest, options: { size: { type: 'string' } }, strict: true });
      const size = Number(values.size);
      if (!Number.isInteger(size) || size < 1)
        throw new ConfigError(['seed: --size must be a whole number of units, 1 or more']);
      return runSeedCommand(loadConfig(), size);
    }
    case 'scenario': {
      const { values, positionals } = parseArgs({
        args: rest,
        options: remoteOptions,
        allowPositionals: true,
        strict: true,
      });
      const [action, target] = positionals;
      if (action === 'list') return runScenarioList(loadConfig().DATA_DIR);
      if (action === 'apply' && target) return runScenarioApply(loadConfig(), target, values);
      throw new ConfigError(['scenario: use `scenario list` or `scenario apply FILE|NAME`']);
    }
    case 'clock': {
      const { values } = parseArgs({
        args: rest,
        options: { ...remoteOptions, speed: { type: 'string' }, step: { type: 'string' } },
        strict: true,
      });
      const speed = values.speed === undefined ? undefined : Number(values.speed);
      if (speed !== undefined && !(speed >= 0))
        throw new ConfigError(['clock: --speed must be a number, 0 or more']);
      return runClock(loadConfig(), { speed, step: values.step }, values);
    }
    case 'help':
    case '--help':
    case '-h':
      console.log(USAGE);
      return;
    default:
      console.error(`Unknown command ${JSON.stringify(command)}.\n\n${USAGE}`);
      process.exit(2);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) {
    console.error(error.message);
    process.exit(1);
  }
  // Operators get the reason; the stack only helps us, and only when asked for.
  console.error(error instanceof Error ? error.message : error);
  if (process.env['LOG_LEVEL'] === 'debug' && error instanceof Error) console.error(error.stack);
  process.exit(1);
});
