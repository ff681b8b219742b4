import { ConflictError, type HttpError, ValidationError } from '../core/errors';

/** The SQLSTATE of a PostgreSQL or PGlite error, also when drizzle wraps it (`cause`). */
export function sqlStateOf(error: unknown): string | undefined {
  for (
    let e = error, depth = 0;
    typeof e === 'object' && e !== null && depth < 4;
    e = (e as { cause?: unknown }).cause, depth += 1
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

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
