import type { Logger } from 'pino';

export interface RepeatingJobOptions {
  /** How often a pass starts by itself. */
  everyMs: number;
  logger: Logger;
  /** The log line of a failed pass, e.g. 'driving rollouts failed'. */
  failure: string;
  /** Runs the first pass at once instead of after `everyMs`. */
  immediately?: boolean;
  /** Subscribes `wake` to what should start a pass too (a clock jump); answers the unsubscribe, called at stop. */
  wakeOn?: (wake: () => void) => () => void;
}

export interface RepeatingJob {
  /** Runs a pass now, or once more after the one under way. */
  wake(): void;
  /** Starts no pass from now on; answers once the pass under way has ended (it never rejects). */
  stop(): Promise<void>;
}

/**
 * A background job that runs one pass at a time, on a timer and when woken. Once stopped it starts nothing, and a
 * pass that fails while the process stops (its store closing or gone) is not an error of the job: logged at debug.
 */
export function startRepeatingJob(pass: () => Promise<unknown>, options: RepeatingJobOptions): RepeatingJob {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const wake = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = pass()
      .then(
        () => undefined,
        (err: unknown) => {
          if (stopped) options.logger.debug({ err }, `${options.failure} while stopping`);
          else options.logger.error({ err }, options.failure);
        },
      )
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };
  const timer = setInterval(wake, options.everyMs);
  timer.unref();
  const unsubscribe = options.wakeOn?.(wake);
  if (options.immediately) wake();
  return {
    wake,
    async stop() {
      stopped = true;
      clearInterval(timer);
      unsubscribe?.();
      // A pass woken again while it ran starts no other: `wake` checks `stopped` first.
      while (running) await running;
    },
  };
}

/**
 * A job one process does at a time: a pass every `everyMs` (real time) and after every clock change, doing `work` only
 * while `leads` says this process holds the job's lease or lock (every process asks, so another takes over when it
 * stops).
 */
export function startLeadingJob(
  deps: { logger: Logger; clock: { onChange(listener: () => void): () => void } },
  leads: () => Promise<boolean>,
  work: () => Promise<unknown>,
  options: Omit<RepeatingJobOptions, 'logger' | 'wakeOn'>,
): RepeatingJob {
  return startRepeatingJob(async () => ((await leads()) ? work() : undefined), {
    ...options,
    logger: deps.logger,
    wakeOn: (wake) => deps.clock.onChange(wake),
  });
}
