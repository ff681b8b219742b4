import {
  ConflictError,
  type HttpError,
  InsufficientStorageError,
  ServiceUnavailableError,
  ValidationError,
} from '../core/errors';
import { sqlStateOf, storeFaultOf } from '../store/database-errors';

export { sqlStateOf };

/**
 * A database refusal that the request's data caused, as the error to answer; undefined for the
 * server's own faults. A unique or foreign-key violation is a race the service's check lost (another
 * request created or deleted the record between check and write): 409. A data exception (class 22:
 * a value out of range, a byte the encoding refuses) or an oversized index row (54000) is a value the
 * contract let through but the database cannot store: 400. Both are logged, so that the contract or
 * the service can be mended.
 */
export function databaseRefusal(error: unknown): HttpError | undefined {
  const state = sqlStateOf(error);
  if (state === '23505')
    return new ConflictError(
      'The record already exists (another request wrote it first).',
      undefined,
      'conflict',
    );
  if (state === '23503')
    return new ConflictError(
      'A record this request refers to does not exist (any more).',
      undefined,
      'conflict',
    );
  if (state?.startsWith('22') || state === '54000') {
    return new ValidationError('A value of the request cannot be stored.', undefined, 'unstorable_value');
  }
  return undefined;
}

/** Seconds a caller is asked to wait before trying again while the store cannot be reached. */
export const STORE_RETRY_AFTER_SECONDS = 2;

/**
 * A store that is away (restarting, unreachable, a statement cut by its timeout) as 503 with a Retry-After the
 * error middleware sends; a store with no space left as 507. Undefined for every other error.
 */
export function storeUnavailable(error: unknown): HttpError | undefined {
  const fault = storeFaultOf(error);
  if (fault === 'full') {
    return new InsufficientStorageError(
      'The store has no space left to write; try again once space is freed.',
      {
        retryAfterSeconds: 30,
      },
    );
  }
  if (fault === 'unavailable') {
    return new ServiceUnavailableError(
      'The store cannot be reached just now; try again in a few seconds.',
      { retryAfterSeconds: STORE_RETRY_AFTER_SECONDS },
      'store_unavailable',
    );
  }
  return undefined;
}
