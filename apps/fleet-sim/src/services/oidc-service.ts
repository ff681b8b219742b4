import { createHash, randomBytes } from 'node:crypto';
import { claimAt, isConsoleReturnPath, mapRole, type Role } from '@equipment-dashboard/domain';
import { hashPassword } from '../auth/passwords';
import { SignInError, type RelyingParty, type SignedInAtProvider } from '../auth/oidc/relying-party';
import type { PendingSignIn } from '../auth/oidc/sealer';
import { NotFoundError, UnauthorizedError, ValidationError } from '../core/errors';
import * as oidcSessionsRepo from '../store/repos/oidc-sessions-repo';
import * as usersRepo from '../store/repos/users-repo';
import { inTransaction } from '../store/transaction';
import { revokeUserAccessTokens } from './access-tokens-service';
import { issueToken, type TokenObject } from './auth-service';
import type { ServiceDeps } from './service-deps';
import { endUserSessions, sessionsEnded } from './sessions-service';

/** The one-time code that hands the product's token to the console works this long (and once). */
export const HANDOFF_TTL_MS = 60_000;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

function relyingParty(deps: Pick<ServiceDeps, 'identity'>, providerId: string): RelyingParty {
  const rp = deps.identity.get(providerId);
  if (!rp) throw new NotFoundError(`No identity provider ${providerId}.`);
  return rp;
}

/** The providers of the sign-in page, in configuration order. */
export function listProviders(deps: Pick<ServiceDeps, 'identity'>): { id: string; name: string }[] {
  return deps.identity.list.map((rp) => ({ id: rp.id, name: rp.settings.name }));
}

/** Whether the sign-in page shows the local form, and which provider it goes to at once (the first), if any. */
export function signInOptions(deps: Pick<ServiceDeps, 'identity' | 'config'>): {
  localLogin: 'all' | 'admins' | 'off';
  autoRedirect: string | null;
} {
  const first = deps.identity.list[0];
  return {
    localLogin: deps.config.LOCAL_LOGIN,
    autoRedirect: deps.config.OIDC_AUTO_REDIRECT && first ? first.id : null,
  };
}

/**
 * Starts a sign-in at a provider: fresh state, nonce and PKCE verifier, sealed into the cookie that the callback
 * reads (so the callback belongs to this browser), and the provider's authorization URL. A `returnTo` that is not a
 * path of the console is dropped.
 */
export async function startSignIn(
  deps: Pick<ServiceDeps, 'identity'>,
  providerId: string,
  returnTo: string | undefined,
): Promise<{ url: string; cookie: string }> {
  const rp = relyingParty(deps, providerId);
  const { checks, url } = await rp.start();
  const pending: PendingSignIn = {
    provider: rp.id,
    ...checks,
    returnTo: returnTo && isConsoleReturnPath(returnTo) ? returnTo : null,
  };
  return { url, cookie: await deps.identity.sealer.sealSignIn(pending) };
}

/** A user name for a provider's user: `preferred_username`, else the e-mail, else the subject; trimmed and bounded. */
function wantedUsername(claims: Record<string, unknown>, subject: string): string {
  for (const claim of ['preferred_username', 'email']) {
    const value = claims[claim];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 150);
  }
  return subject.slice(0, 150);
}

/**
 * A free user name for a new provider's user: the wanted one, else `<wanted>@<provider>`, else with a number.
 * A local account or another provider's user of the same name is never taken over: users are keyed by issuer and
 * subject, never by name or e-mail.
 */
async function freeUsername(
  deps: Pick<ServiceDeps, 'db'>,
  wanted: string,
  providerId: string,
): Promise<string> {
  const candidates = [wanted, `${wanted}@${providerId}`];
  for (let n = 2; n < 50; n += 1) candidates.push(`${wanted}@${providerId}-${n}`);
  for (const name of candidates) if (!(await usersRepo.findUser(deps.db, name))) return name;
  return `${wanted}@${providerId}-${randomBytes(4).toString('hex')}`;
}

/**
 * The role of a provider's claims: the first pair of the provider's map that matches (OIDC_ROLE_MAP), or guest
 * when none does and the provider is not strict; null when none does in strict mode (no entry).
 */
function roleOf(rp: RelyingParty, claims: Record<string, unknown>): Role | null {
  const role = mapRole(claims, { claim: rp.settings.roleClaim, map: rp.settings.roleMap });
  if (role) return role;
  return rp.settings.roleStrict ? null : 'guest';
}

/** A user whose groups no longer map to a role loses their sessions and their scripts' tokens. */
async function shutOut(deps: ServiceDeps, username: string, reason: string): Promise<void> {
  await endUserSessions(deps, username, reason);
  await revokeUserAccessTokens(deps, username, reason);
}

/**
 * The user of a provider's sign-in, created on the first one and kept in step at each one: found by issuer and
 * subject, its role set from the groups (a change ends its earlier tokens), its e-mail from the provider.
 */
async function upsertUser(
  deps: ServiceDeps,
  rp: RelyingParty,
  signedIn: SignedInAtProvider,
  role: Role,
): Promise<usersRepo.UserRow> {
  const email = typeof signedIn.claims['email'] === 'string' ? signedIn.claims['email'] : '';
  const existing = await usersRepo.findUserByIdentity(deps.db, rp.settings.issuer, signedIn.subject);
  if (existing) {
    if (!existing.active) throw new SignInError('refused', `${existing.username} is deactivated here`);
    if (existing.role === role && existing.email === email) return existing;
    const updated = await usersRepo.updateUser(
      deps.db,
      existing.username,
      { role, email },
      { revokeTokens: existing.role !== role },
    );
    if (!updated) throw new SignInError('unavailable', `${existing.username} vanished while signing in`);
    if (existing.role !== role) {
      sessionsEnded(deps, existing.username);
      deps.logger.info(
        { username: existing.username, from: existing.role, to: role },
        "provider's role applied",
      );
    }
    return updated;
  }
  const username = await freeUsername(deps, wantedUsername(signedIn.claims, signedIn.subject), rp.id);
  const created = await usersRepo.insertUser(deps.db, {
    username,
    email,
    role,
    active: true,
    // No password signs this account in: a random one, hashed like any (a wrong password costs the same time).
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
    issuer: rp.settings.issuer,
    subject: signedIn.subject,
    provider: rp.id,
  });
  deps.logger.info({ username, provider: rp.id, role }, "provider's user created");
  return created;
}

/**
 * Completes a sign-in at the provider's callback: the cookie's sign-in must be this provider's and carry the
 * callback's state; openid-client checks the rest (code and PKCE verifier at the provider, `iss`, the ID token).
 * The user gets the role of their groups (strict: no group, no entry). Answers where the browser goes: the console's
 * page that trades the one-time code (in the URL's fragment: never sent to a server, never in a log) for the token.
 */
export async function completeSignIn(
  deps: ServiceDeps,
  providerId: string,
  query: Record<string, string>,
  cookie: string | undefined,
): Promise<{ location: string; username: string }> {
  const rp = relyingParty(deps, providerId);
  const pending = await deps.identity.sealer.openSignIn(cookie);
  if (!pending || pending.provider !== rp.id) {
    // The provider's own refusal reads better than "stale" when the answer is one.
    if (query['error']) throw new SignInError('refused', query['error']);
    throw new SignInError('stale', 'no sign-in of this provider is under way in this browser');
  }
  if (query['state'] !== pending.state)
    throw new SignInError('stale', 'the state does not match this sign-in');
  const signedIn = await rp.complete(query, pending);
  const role = roleOf(rp, signedIn.claims);
  if (!role) {
    const existing = await usersRepo.findUserByIdentity(deps.db, rp.settings.issuer, signedIn.subject);
    if (existing) await shutOut(deps, existing.username, 'no mapped group at sign-in');
    const groups = claimAt(signedIn.claims, rp.settings.roleClaim);
    throw new SignInError(
      'no_role',
      `no mapped group (${rp.settings.roleClaim}: ${JSON.stringify(groups ?? null)})`,
    );
  }
  const user = await upsertUser(deps, rp, signedIn, role);
  const handoff = randomBytes(32).toString('base64url');
  const now = new Date();
  await oidcSessionsRepo.insertOidcSession(deps.db, {
    username: user.username,
    provider: rp.id,
    sid: signedIn.sid,
    idToken: signedIn.idToken,
    refreshToken: signedIn.refreshToken ? deps.identity.sealer.sealAtRest(signedIn.refreshToken) : null,
    handoffHash: sha256(handoff),
    handoffExpiresAt: new Date(now.getTime() + HANDOFF_TTL_MS),
    checkAt: signedIn.refreshToken ? new Date(now.getTime() + recheckMs(deps)) : null,
    expiresAt: new Date(now.getTime() + deps.signer.lifetimeSeconds * 1000),
  });
  deps.logger.info({ username: user.username, provider: rp.id, role }, 'signed in through a provider');
  const fragment = new URLSearchParams({
    handoff,
    ...(pending.returnTo ? { returnTo: pending.returnTo } : {}),
  });
  return {
    location: `${deps.config.PUBLIC_URL}/login/complete#${fragment.toString()}`,
    username: user.username,
  };
}

const recheckMs = (deps: Pick<ServiceDeps, 'config'>) => deps.config.OIDC_RECHECK_MINUTES * 60_000;

/** Trades a sign-in's one-time code for the product's token (the same as after the password form). */
export async function tradeHandoff(deps: ServiceDeps, handoff: string): Promise<TokenObject> {
  const session = await oidcSessionsRepo.consumeHandoff(deps.db, sha256(handoff), new Date());
  if (!session) {
    throw new ValidationError(
      'The sign-in code is not valid: it was used already or has expired.',
      undefined,
      'invalid_handoff',
    );
  }
  const user = await usersRepo.findUser(deps.db, session.username);
  if (!user || !user.active) throw new UnauthorizedError('This account cannot sign in.');
  return issueToken(deps, user);
}

/**
 * A provider's back-channel logout: the logout token checked (signature, issuer, audience, event, no nonce), then
 * the sessions of the user it names (by subject) or of the provider session it names (by `sid`) end: tokens and
 * live sockets, on every process. Answers how many users it signed out.
 */
export async function backchannelLogout(
  deps: ServiceDeps,
  providerId: string,
  logoutToken: string,
): Promise<number> {
  const rp = relyingParty(deps, providerId);
  const target = await rp.verifyLogoutToken(logoutToken);
  const usernames = new Set<string>();
  if (target.subject) {
    const user = await usersRepo.findUserByIdentity(deps.db, rp.settings.issuer, target.subject);
    if (user) usernames.add(user.username);
  }
  if (target.sid && !target.subject) {
    for (const username of await oidcSessionsRepo.usernamesOfSid(deps.db, rp.id, target.sid))
      usernames.add(username);
  }
  for (const username of usernames)
    await endUserSessions(deps, username, `back-channel logout from ${rp.id}`);
  return usernames.size;
}

/**
 * Signs the caller out. A provider's user: their tokens and sockets end here and the answer is the provider's
 * end-session URL (RP-initiated logout), when it has one, to sign out there too. A local user's console forgets
 * its token (as before); nothing else changes, so a local account's other consoles stay signed in.
 */
export async function logout(
  deps: ServiceDeps,
  caller: { username: string },
): Promise<{ redirectTo: string | null }> {
  const session = await oidcSessionsRepo.latestOpenSession(deps.db, caller.username);
  const user = session ? undefined : await usersRepo.findUser(deps.db, caller.username);
  if (!session && !user?.provider) return { redirectTo: null };
  const rp = deps.identity.get(session?.provider ?? user?.provider ?? '');
  await endUserSessions(deps, caller.username, 'signed out');
  if (!rp) return { redirectTo: null };
  try {
    return {
      redirectTo: await rp.endSessionUrl(session?.idToken ?? null, `${deps.config.PUBLIC_URL}/login`),
    };
  } catch (err) {
    deps.logger.warn(
      { err, provider: rp.id },
      "the provider's end-session URL is unknown; signed out here only",
    );
    return { redirectTo: null };
  }
}

/**
 * Checks the groups of the sign-ins that are due (OIDC_RECHECK_MINUTES) with the provider's refresh token: a user
 * the provider refuses (removed, disabled, their session there ended) is signed out; one whose groups map to
 * another role gets it (their tokens end: the console signs in again with the new role); one whose groups map to no
 * role (strict) is signed out and their access tokens revoked. Answers how many sign-ins it checked.
 */
export async function recheckDue(deps: ServiceDeps, now = new Date(), limit = 50): Promise<number> {
  const due = await oidcSessionsRepo.sessionsDue(deps.db, now, limit);
  for (const session of due) {
    try {
      await recheck(deps, session, now);
    } catch (err) {
      // The provider being away is no reason to sign anyone out: the check comes again.
      deps.logger.warn(
        { err, username: session.username, provider: session.provider },
        'provider recheck failed',
      );
      await oidcSessionsRepo.checked(deps.db, session.id, { checkAt: new Date(now.getTime() + 60_000) });
    }
  }
  return due.length;
}

async function recheck(
  deps: ServiceDeps,
  session: oidcSessionsRepo.OidcSessionRow,
  now: Date,
): Promise<void> {
  const rp = deps.identity.get(session.provider);
  const refreshToken = session.refreshToken ? deps.identity.sealer.openAtRest(session.refreshToken) : null;
  const user = await usersRepo.findUser(deps.db, session.username);
  if (!rp || !refreshToken || !user?.subject || now >= session.expiresAt) {
    // Nothing left to check with (a provider no longer configured, another secret) or the token has ended anyway.
    await oidcSessionsRepo.endSession(deps.db, session.id, now);
    return;
  }
  let current: SignedInAtProvider;
  try {
    current = await rp.recheck(refreshToken, user.subject);
  } catch (error) {
    if (error instanceof SignInError && error.reason !== 'unavailable') {
      await endUserSessions(deps, user.username, `the provider refused the recheck: ${error.detail}`);
      return;
    }
    throw error;
  }
  const role = roleOf(rp, current.claims);
  if (!role) {
    await shutOut(deps, user.username, 'no mapped group at the recheck');
    return;
  }
  if (role !== user.role) {
    await inTransaction(deps.db, async (tx) => {
      await usersRepo.updateUser(tx, user.username, { role }, { revokeTokens: true });
      await oidcSessionsRepo.endUserSessions(tx, user.username, now);
    });
    sessionsEnded(deps, user.username);
    deps.logger.info(
      { username: user.username, from: user.role, to: role },
      "provider's role changed at the recheck",
    );
    return;
  }
  await oidcSessionsRepo.checked(deps.db, session.id, {
    checkAt: new Date(now.getTime() + recheckMs(deps)),
    refreshToken:
      current.refreshToken && current.refreshToken !== refreshToken
        ? deps.identity.sealer.sealAtRest(current.refreshToken)
        : undefined,
  });
}
