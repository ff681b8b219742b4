/** An idle moment with time to spare. */
export const IDLE: IdleDeadline = { didTimeout: false, timeRemaining: () => 50 };

/**
 * Puts the browser's idle callbacks in the test's hands: `pending` holds each callback asked for, in
 * order (its handle is its position from 1), `cancelled` the handles called off. `restore` removes both.
 */
export function stubIdleCallbacks() {
  const pending: IdleRequestCallback[] = [];
  const cancelled: number[] = [];
  Object.assign(globalThis, {
    requestIdleCallback: (callback: IdleRequestCallback) => pending.push(callback),
    cancelIdleCallback: (handle: number) => cancelled.push(handle),
  });
  return {
    pending,
    cancelled,
    /** Runs every callback asked for so far, as one idle moment would. */
    runAll: () => pending.splice(0).forEach((callback) => callback(IDLE)),
    restore: () => {
      for (const name of ['requestIdleCallback', 'cancelIdleCallback'])
        delete (globalThis as Record<string, unknown>)[name];
    },
  };
}
