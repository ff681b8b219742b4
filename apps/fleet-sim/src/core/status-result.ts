/**
 * An answer with a status other than the endpoint's first success status (a command queued for an
 * offline unit is 202). Services return it; the route layer sends it.
 */
export interface StatusResult<T> {
  kind: 'status';
  status: number;
  body: T;
}

export const withStatus = <T>(status: number, body: T): StatusResult<T> => ({ kind: 'status', status, body });
