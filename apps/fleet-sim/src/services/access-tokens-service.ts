import { ACCESS_TOKEN_DEFAULT_DAYS, type AccessToken } from '@equipment-dashboard/contract';
import {
  accessTokenExpiryProblem,
  can,
  isRole,
  PERMISSIONS,
  roleWithin,
  type Role,
} from '@equipment-dashboard/domain';
import { hashAccessToken, newAccessToken } from '../auth/access-tokens';
import type { AuthUser } from '../auth/auth-user';
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../core/errors';
import * as accessTokensRepo from '../store/repos/access-tokens-repo';
import { recordAudit } from '../store/repos/audit-log-repo';
import * as usersRepo from '../store/repos/users-repo';
import { inTransaction } from '../store/transaction';
import type { ServiceDeps } from './service-deps';
import { accessTokenEnded } from './sessions-service';

const DAY_MS = 24 * 60 * 60 * 1000;

function view(row: accessTokensRepo.AccessTokenRow, now: Date): AccessToken {
  return {
    id: row.id,
    name: row.name,
    username: row.username,
    role: isRole(row.role) ? row.role : 'guest',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt <= now,
  };
}

/**
 * Creates a personal access token for the caller: a name, an expiry within a year, a role within the caller's.
 * The token is answered this once; the store keeps its hash. Made with a signed-in session only: a token does
 * not make tokens (a leaked one cannot mint a longer-lived one).
 */
export async function createAccessToken(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { name: string; expiresAt?: string; expiresInDays?: number; role?: Role },
): Promise<{ id: string; token: string }> {
  if (caller.accessTokenId)
    throw new ForbiddenError('An access token cannot create access tokens: sign in to make one.');
  const now = new Date();
  const expiresAt = input.expiresAt
    ? new Date(input.expiresAt)
    : new Date(now.getTime() + (input.expiresInDays ?? ACCESS_TOKEN_DEFAULT_DAYS) * DAY_MS);
  const problem = accessTokenExpiryProblem(expiresAt, now);
  if (problem) throw new ValidationError(problem, [{ path: 'expiresAt', message: problem }]);
  const role = input.role ?? caller.role;
  if (!roleWithin(role, caller.role)) {
    throw new ForbiddenError(
      `A token's role is at most its creator's: ${role} reaches beyond ${caller.role}.`,
      {
        role,
      },
    );
  }
  const owner = await usersRepo.findUser(deps.db, caller.username);
  if (!owner) throw new UnauthorizedError();
  const token = newAccessToken();
  const row = await inTransaction(deps.db, async (tx) => {
    const created = await accessTokensRepo.insertAccessToken(tx, {
      username: owner.username,
      accountId: owner.accountId,
      name: input.name,
      role,
      tokenHash: hashAccessToken(token),
      createdAt: now,
      expiresAt,
    });
    await recordAudit(tx, [
      {
        username: caller.username,
        action: 'accessToken.create',
        detail: { tokenId: created.id, name: created.name, role, expiresAt: expiresAt.toISOString() },
        at: deps.clock.nowDate(),
      },
    ]);
    return created;
  });
  deps.logger.info({ username: caller.username, tokenId: row.id, role }, 'access token created');
  return { id: row.id, token };
}

/** The caller's tokens (an admin's: everyone's), newest first: never the token, only its description and last use. */
export async function listAccessTokens(
  deps: ServiceDeps,
  caller: AuthUser,
  query: { page: number },
): Promise<{ docs: AccessToken[]; totalDocs: number }> {
  const everyone = can(caller.role, PERMISSIONS.usersAdmin);
  const page = await accessTokensRepo.listAccessTokens(deps.db, {
    page: query.page,
    username: everyone ? undefined : caller.username,
  });
  const now = new Date();
  return { docs: page.docs.map((row) => view(row, now)), totalDocs: page.totalDocs };
}

/**
 * Revokes a token: one's own, or (admin) anyone's. Its next call is refused in every process (a token is read
 * from the store at each call) and its live sockets close at once.
 */
export async function revokeAccessToken(
  deps: ServiceDeps,
  caller: AuthUser,
  id: string,
): Promise<{ id: string; revoked: true }> {
  const found = /^[0-9a-f-]{36}$/i.test(id) ? await accessTokensRepo.findAccessToken(deps.db, id) : undefined;
  const mayRevoke = found && (found.username === caller.username || can(caller.role, PERMISSIONS.usersAdmin));
  if (!found || !mayRevoke || found.revokedAt) throw new NotFoundError(`No access token ${id}.`);
  await inTransaction(deps.db, async (tx) => {
    const revoked = await accessTokensRepo.revokeAccessToken(tx, id, caller.username, new Date());
    if (!revoked) throw new NotFoundError(`No access token ${id}.`);
    await recordAudit(tx, [
      {
        username: caller.username,
        action: 'accessToken.revoke',
        detail: { tokenId: id, name: found.name, owner: found.username },
        at: deps.clock.nowDate(),
      },
    ]);
  });
  accessTokenEnded(deps, id);
  deps.logger.info({ by: caller.username, tokenId: id, owner: found.username }, 'access token revoked');
  return { id, revoked: true };
}

/**
 * Revokes every token of a user whom their provider no longer gives a role (moved out of every mapped group):
 * what a script of theirs could still do ends with their console sessions. Answers how many were revoked.
 */
export async function revokeUserAccessTokens(
  deps: Pick<ServiceDeps, 'db' | 'live' | 'clock' | 'logger'>,
  username: string,
  reason: string,
): Promise<number> {
  const ids = await inTransaction(deps.db, async (tx) => {
    const revoked = await accessTokensRepo.revokeUserAccessTokens(
      tx,
      username,
      'identity provider',
      new Date(),
    );
    if (revoked.length > 0) {
      await recordAudit(tx, [
        {
          username,
          action: 'accessToken.revoke',
          detail: { tokenIds: revoked, owner: username, reason },
          at: deps.clock.nowDate(),
        },
      ]);
    }
    return revoked;
  });
  ids.forEach((id) => accessTokenEnded(deps, id));
  if (ids.length > 0) deps.logger.info({ username, revoked: ids.length, reason }, 'access tokens revoked');
  return ids.length;
}
