import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ reqId: string }>();

/** Runs `work` (an HTTP request's handling) with its request id, for every log line written on its way. */
export function withRequestId<T>(reqId: string, work: () => T): T {
  return context.run({ reqId }, work);
}

/** The id of the request whose handling runs now, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.reqId;
}
