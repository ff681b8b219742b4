/** The store could not be opened: a clear reason for the operator, and the data left untouched. */
export class DatabaseOpenError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseOpenError';
  }
}

/** The errors an error wraps (drizzle wraps the driver's in `cause`), itself first. */
function* causesOf(error: unknown): Generator<object> {
  for (
    let e = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 5;
    e = (e as { cause?: unknown }).cause, depth += 1
  )
    yield e;
}

/** The SQLSTATE of a PostgreSQL or PGlite error, also when drizzle wraps it (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (const e of causesOf(error)) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * What a store fault means for the caller: `unavailable`, the store cannot be reached or answer just now (a
 * restart, an outage, a statement cut by its timeout, a conflict to retry): try again in a few seconds;
 * `full`, it has no space left to write.
 */
export type StoreFault = 'unavailable' | 'full';

/**
 * SQLSTATEs of a store that is away or busy rather than of a bad request: connection exceptions (08), operator
 * intervention (57: shutdown, cannot connect now, statement cancelled by its timeout), insufficient resources
 * (53, but a full disk), system errors (58: I/O), and transaction rollbacks a retry resolves (40001, 40P01).
 */
function unavailableState(state: string): boolean {
  return /^(08|57|53|58)/.test(state) || state === '40001' || state === '40P01';
}

/** Socket errors of an unreachable server. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

/** Messages of node-postgres and PGlite for a connection that is gone or could not be had in time. */
const UNREACHABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable|Cannot use a pool after calling end|Connection ended|database system is (starting up|shutting down|in recovery)|PGlite is closed/i;

/** Whether an error is the store's fault (away, busy or full) rather than the request's or the server's; undefined if not. */
export function storeFaultOf(error: unknown): StoreFault | undefined {
  for (const e of causesOf(error)) {
    const code = (e as { code?: unknown }).code;
    if (code === '53100' || code === 'ENOSPC') return 'full';
    if (
      typeof code === 'string' &&
      (UNREACHABLE.has(code) || (/^[0-9A-Z]{5}$/.test(code) && unavailableState(code)))
    )
      return 'unavailable';
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string') {
      if (/No space left on device|could not extend file/i.test(message)) return 'full';
      if (UNREACHABLE_MESSAGE.test(message)) return 'unavailable';
    }
  }
  return undefined;
}
