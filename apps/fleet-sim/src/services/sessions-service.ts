import * as oidcSessionsRepo from '../store/repos/oidc-sessions-repo';
import * as usersRepo from '../store/repos/users-repo';
import { inTransaction } from '../store/transaction';
import type { ServiceDeps } from './service-deps';

/**
 * What follows a committed change that ended a user's tokens (their token version moved on): this process stops
 * trusting its cached row at once (other processes within the session cache's second) and every live socket of
 * the user closes, on every process. Every path that ends sessions ends here: a password, role or active change,
 * a deletion, signing out, a provider's back-channel logout and a failed recheck of the provider's groups.
 */
export function sessionsEnded(deps: Pick<ServiceDeps, 'sessions' | 'live'>, username: string): void {
  deps.sessions.forget(username);
  deps.live.disconnectUser(username);
}

/**
 * What follows a committed revocation of a personal access token: every live socket opened with it closes, on every
 * process (its next call is refused anyway: a token is read from the store at each call).
 */
export function accessTokenEnded(deps: Pick<ServiceDeps, 'live'>, tokenId: string): void {
  deps.live.disconnectAccessToken(tokenId);
}

/**
 * Ends every session of a user: the tokens they hold (the token version is bumped), their open sign-ins through
 * a provider (no more rechecks, no hand-off), and their live sockets. Answers false when there is no such user.
 */
export async function endUserSessions(
  deps: Pick<ServiceDeps, 'db' | 'sessions' | 'live' | 'logger'>,
  username: string,
  reason: string,
): Promise<boolean> {
  const ended = await inTransaction(deps.db, async (tx) => {
    const row = await usersRepo.updateUser(tx, username, {}, { revokeTokens: true });
    if (row) await oidcSessionsRepo.endUserSessions(tx, username, new Date());
    return Boolean(row);
  });
  sessionsEnded(deps, username);
  if (ended) deps.logger.info({ username, reason }, 'sessions ended');
  return ended;
}
