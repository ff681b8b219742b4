/**
 * Typed errors thrown anywhere (services, routes, the store); one middleware maps them to the
 * contract's error body `{ error, details? }` with the matching status.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }

  /** The answer's body: the contract's `{ error, details? }`, plus a machine-readable `code`. */
  toBody(): Record<string, unknown> {
    return {
      error: this.message,
      code: this.code,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

export class ValidationError extends HttpError {
  constructor(message: string, details?: unknown, code = 'validation_failed') {
    super(400, code, message, details);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'A valid access token is required.', code = 'unauthorized') {
    super(401, code, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'Your role does not allow this action.', details?: unknown) {
    super(403, 'forbidden', message, details);
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string, details?: unknown) {
    super(404, 'not_found', message, details);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, details?: unknown, code = 'conflict') {
    super(409, code, message, details);
  }
}

export class TooManyRequestsError extends HttpError {
  constructor(message: string, retryAfterSeconds?: number) {
    super(
      429,
      'too_many_requests',
      message,
      retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
    );
  }
}

export class NotImplementedError extends HttpError {
  constructor(message: string) {
    super(501, 'not_implemented', message);
  }
}

export class ServiceUnavailableError extends HttpError {
  constructor(message: string, details?: unknown, code = 'service_unavailable') {
    super(503, code, message, details);
  }
}

/** The store has no space left to write (507): nothing the caller can fix but wait. */
export class InsufficientStorageError extends HttpError {
  constructor(message: string, details?: unknown) {
    super(507, 'store_full', message, details);
  }
}
