import { Worker } from 'node:worker_threads';

/** How long past the deadline the watchdog leaves the main thread to end the process itself (its log line, exit 1). */
export const WATCHDOG_GRACE_MS = 500;

/**
 * The watchdog's thread. It needs nothing from the main thread once started, so a main thread stuck in a synchronous
 * loop (a WebAssembly store spinning on a folder that is gone, an exit hook retrying a write) cannot hold it up. Its
 * last line goes straight to fd 1 without waiting (a reader that is gone or full costs the line, not the kill).
 */
const WATCHDOG_THREAD = `
const { parentPort, workerData } = require('node:worker_threads');
const { write } = require('node:fs');
let waitingOn = workerData.waitingOn;
parentPort.on('message', (step) => { waitingOn = step; });
setTimeout(() => {
  const kill = () => process.kill(process.pid, 'SIGKILL');
  const line = JSON.stringify({
    level: 60, time: Date.now(), pid: process.pid, deadlineSeconds: workerData.deadlineSeconds, waitingOn,
    msg: 'shutdown deadline passed and the main thread did not end the process (blocked in ' + waitingOn + '): killing it',
  }) + '\\n';
  try { write(1, line, kill); } catch { kill(); }
  // The thread pool may be taken by the stuck main thread's own writes: the kill does not wait on the line for long.
  setTimeout(kill, 200);
}, Math.max(0, workerData.killAt - Date.now()));
`;

export interface ShutdownWatchdog {
  /** What the stop is waiting on now, for the watchdog's last line. */
  step(name: string): void;
}

/**
 * Enforces a stop's deadline from outside the main thread: a worker thread that SIGKILLs the process if it is
 * still there WATCHDOG_GRACE_MS after the deadline (counted from `since`). It never keeps the process alive.
 */
export function armShutdownWatchdog(
  deadlineSeconds: number,
  since = Date.now(),
  waitingOn = 'stopping',
): ShutdownWatchdog {
  const worker = new Worker(WATCHDOG_THREAD, {
    eval: true,
    workerData: { deadlineSeconds, killAt: since + deadlineSeconds * 1000 + WATCHDOG_GRACE_MS, waitingOn },
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
  });
  worker.unref();
  // A worker that fails to start (out of memory) leaves the main thread's own deadline: never a crash of the stop.
  worker.on('error', () => undefined);
  let last = waitingOn;
  return {
    step(name) {
      if (name === last) return;
      last = name;
      worker.postMessage(name);
    },
  };
}
