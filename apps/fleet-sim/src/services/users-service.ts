import {
  can,
  isRole,
  MIN_PASSWORD_LENGTH,
  PERMISSIONS,
  rolesWith,
  type Role,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { hashPassword } from '../auth/passwords';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../core/errors';
import * as usersRepo from '../store/repos/users-repo';
import type { ServiceDeps } from './service-deps';
import { sessionsEnded } from './sessions-service';

/** A user as the API shows it: never the password hash. */
export interface PublicUser {
  username: string;
  email: string;
  role: Role;
  active: boolean;
  /** The identity provider that manages the user (its name), or null for a local user. */
  provider: string | null;
  createdAt: string;
  updatedAt: string;
}

export function publicUser(row: usersRepo.UserRow, deps?: Pick<ServiceDeps, 'identity'>): PublicUser {
  return {
    username: row.username,
    email: row.email,
    role: isRole(row.role) ? row.role : 'guest',
    active: row.active,
    provider: row.provider ? (deps?.identity.get(row.provider)?.settings.name ?? row.provider) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The users screen's permission: the store must keep one active user who holds it. */
const administersUsers = (role: string) => can(role, PERMISSIONS.usersAdmin);

async function isLastActiveAdministrator(deps: ServiceDeps): Promise<boolean> {
  return (await usersRepo.countActiveUsersWithRoles(deps.db, rolesWith(PERMISSIONS.usersAdmin))) <= 1;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`The password must be ${MIN_PASSWORD_LENGTH} characters or longer.`, [
      { path: 'password', message: 'too short' },
    ]);
  }
}

export async function listUsers(deps: ServiceDeps, query: { page: number; filterUsername?: string }) {
  const { docs, totalDocs } = await usersRepo.listUsers(deps.db, query);
  return { docs: docs.map((row) => publicUser(row, deps)), totalDocs };
}

export async function createUser(
  deps: ServiceDeps,
  input: { username: string; password: string; email: string; role: Role; active?: boolean },
): Promise<PublicUser> {
  checkPassword(input.password);
  if (await usersRepo.findUser(deps.db, input.username)) {
    throw new ConflictError(
      `The user ${input.username} already exists.`,
      { username: input.username },
      'user_exists',
    );
  }
  const row = await usersRepo.insertUser(deps.db, {
    username: input.username,
    email: input.email,
    role: input.role,
    active: input.active ?? true,
    passwordHash: await hashPassword(input.password),
  });
  deps.logger.info({ username: row.username, role: row.role }, 'user created');
  return publicUser(row, deps);
}

/**
 * A user of an identity provider has the role of their groups there, the provider's e-mail and no password here:
 * the Users screen may (de)activate such a user, nothing else.
 */
function refuseProviderFields(
  current: usersRepo.UserRow,
  input: { password?: string; email?: string; role?: Role },
): void {
  const changed = [
    input.password ? 'password' : null,
    input.email && input.email !== current.email ? 'email' : null,
    input.role && input.role !== current.role ? 'role' : null,
  ].filter((field): field is string => field !== null);
  if (changed.length > 0) {
    throw new ConflictError(
      `${current.username} is managed by the identity provider: the ${changed.join(', ')} come${changed.length === 1 ? 's' : ''} from there.`,
      { fields: changed },
      'managed_by_provider',
    );
  }
}

/**
 * Edits a user (back-office §5: a blank password means no change). An admin cannot demote or
 * deactivate themself, and the last active admin stays an active admin. A password, role or
 * active change ends that user's sessions (tokens and live sockets).
 */
export async function updateUser(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { username: string; password?: string; email?: string; role?: Role; active?: boolean },
): Promise<PublicUser> {
  const current = await usersRepo.findUser(deps.db, input.username);
  if (!current) throw new NotFoundError(`No user ${input.username}.`);
  if (current.provider) refuseProviderFields(current, input);
  const role = input.role ?? (current.role as Role);
  const active = input.active ?? current.active;
  const losesAdmin = administersUsers(current.role) && current.active && (!administersUsers(role) || !active);
  if (losesAdmin && caller.username === current.username) {
    throw new ForbiddenError('You cannot remove your own admin role or deactivate yourself.');
  }
  if (losesAdmin && (await isLastActiveAdministrator(deps))) {
    throw new ConflictError(
      'This is the last active admin; make another admin first.',
      undefined,
      'last_admin',
    );
  }
  const password = input.password ?? '';
  if (password) checkPassword(password);
  const revoke = Boolean(password) || role !== current.role || active !== current.active;
  const updated = await usersRepo.updateUser(
    deps.db,
    current.username,
    {
      email: input.email || current.email,
      role,
      active,
      ...(password ? { passwordHash: await hashPassword(password), passwordChangedAt: new Date() } : {}),
    },
    { revokeTokens: revoke },
  );
  if (!updated) throw new NotFoundError(`No user ${input.username}.`);
  if (revoke) sessionsEnded(deps, updated.username);
  else deps.sessions.forget(updated.username);
  deps.logger.info({ username: updated.username, by: caller.username, revoked: revoke }, 'user updated');
  return publicUser(updated, deps);
}

export async function deleteUser(
  deps: ServiceDeps,
  caller: AuthUser,
  username: string,
): Promise<{ username: string }> {
  if (username === caller.username) throw new ForbiddenError('You cannot delete yourself.');
  const current = await usersRepo.findUser(deps.db, username);
  if (!current) throw new NotFoundError(`No user ${username}.`);
  if (administersUsers(current.role) && current.active && (await isLastActiveAdministrator(deps))) {
    throw new ConflictError(
      'This is the last active admin; make another admin first.',
      undefined,
      'last_admin',
    );
  }
  await usersRepo.deleteUser(deps.db, username);
  sessionsEnded(deps, username);
  deps.logger.info({ username, by: caller.username }, 'user deleted');
  return { username };
}
