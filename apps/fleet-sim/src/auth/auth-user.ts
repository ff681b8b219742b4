import type { Role } from '@equipment-dashboard/domain';

/** The signed-in user a request acts as (from a verified token and the current user row). */
export interface AuthUser {
  username: string;
  email: string;
  role: Role;
}
