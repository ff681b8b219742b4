import type { Role } from '@equipment-dashboard/domain';

/** The signed-in user a request acts as (from a verified token and the current user row). */
export interface AuthUser {
  username: string;
  email: string;
  role: Role;
  /** Set when the request carries a personal access token (its id) instead of a signed-in session's token. */
  accessTokenId?: string;
}
