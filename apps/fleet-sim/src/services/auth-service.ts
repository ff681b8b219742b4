import { createHash, randomBytes } from 'node:crypto';
import {
  can,
  isPasswordExpired,
  isRole,
  MIN_PASSWORD_LENGTH,
  PERMISSIONS,
  passwordChangeProblems,
  roleWithin,
} from '@equipment-dashboard/domain';
import { hashAccessToken, isAccessToken } from '../auth/access-tokens';
import type { AuthUser } from '../auth/auth-user';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../auth/passwords';
import { bearerToken } from '../auth/tokens';
import {
  ConflictError,
  ForbiddenError,
  HttpError,
  NotFoundError,
  UnauthorizedError,
  ValidationError,
} from '../core/errors';
import * as accessTokensRepo from '../store/repos/access-tokens-repo';
import * as usersRepo from '../store/repos/users-repo';
import { inTransaction } from '../store/transaction';
import type { ServiceDeps } from './service-deps';
import { sessionsEnded } from './sessions-service';

/** How long a password-reset link works (one hour). */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/** The token object the console stores under `user-token` (OAuth 2 password-grant answer plus the user). */
export interface TokenObject {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  user: AuthUser;
}

/** RFC 6749 §5.2 errors of the token endpoint: `error` is the standard code. */
export class OAuthError extends HttpError {
  constructor(
    status: number,
    code: 'invalid_grant' | 'unsupported_grant_type' | 'invalid_request',
    readonly description: string,
    details?: unknown,
  ) {
    super(status, code, description, details);
  }

  override toBody(): Record<string, unknown> {
    return {
      error: this.code,
      error_description: this.description,
      ...(this.details === undefined ? {} : { details: this.details }),
    };
  }
}

const INVALID_CREDENTIALS = 'The username or password is not correct.';
const LOCAL_LOGIN_OFF =
  "Signing in with a password is off here: sign in with your company's identity provider.";
const LOCAL_LOGIN_ADMINS =
  "Signing in with a password is kept for admin accounts: sign in with your company's identity provider.";
const MANAGED_PASSWORD =
  "This account signs in with the company's identity provider: it has no password here.";

function toAuthUser(row: usersRepo.UserRow): AuthUser {
  if (!isRole(row.role)) throw new UnauthorizedError('This account has an unknown role.');
  return { username: row.username, email: row.email, role: row.role };
}

function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The product's token of a user: the same after the password form and after an identity provider. */
export async function issueToken(deps: ServiceDeps, row: usersRepo.UserRow): Promise<TokenObject> {
  const user = toAuthUser(row);
  const access_token = await deps.signer.sign({
    username: user.username,
    role: user.role,
    version: row.tokenVersion,
    accountId: row.accountId,
  });
  return { access_token, token_type: 'bearer', expires_in: deps.signer.lifetimeSeconds, user };
}

/**
 * The password grant. A wrong username, a wrong password and an inactive account all answer the same
 * 401 after the same hashing work, so the answer tells nothing about which accounts exist. A hash of an
 * earlier algorithm or setting is replaced by a current one while the password is at hand.
 */
export async function signIn(
  deps: ServiceDeps,
  input: { username: string; password: string },
): Promise<TokenObject> {
  if (deps.config.LOCAL_LOGIN === 'off') {
    throw new OAuthError(400, 'unsupported_grant_type', LOCAL_LOGIN_OFF);
  }
  const row = await usersRepo.findUser(deps.db, input.username);
  const matches = await verifyPassword(input.password, row?.passwordHash ?? (await dummyPasswordHash()));
  if (!row || !matches || !row.active) throw new OAuthError(401, 'invalid_grant', INVALID_CREDENTIALS);
  // Past the password check only: the answer tells nothing of an account whose password the caller lacks.
  if (deps.config.LOCAL_LOGIN === 'admins' && !can(row.role, PERMISSIONS.usersAdmin)) {
    throw new OAuthError(401, 'invalid_grant', LOCAL_LOGIN_ADMINS);
  }
  if (needsRehash(row.passwordHash)) {
    const passwordHash = await hashPassword(input.password);
    await usersRepo.updateUser(deps.db, row.username, { passwordHash }, { revokeTokens: false });
  }
  deps.logger.info({ username: row.username }, 'signed in');
  return issueToken(deps, row);
}

/** A verified token's user and when the token stops working (a live socket ends then). */
export interface Session {
  user: AuthUser;
  expiresAt: Date;
  /** The personal access token's id, when the token is one (its sockets close when it is revoked). */
  accessTokenId?: string;
}

/** A use of an access token is recorded at most this often (a script's every call would be a write). */
export const ACCESS_TOKEN_USE_RESOLUTION_MS = 60_000;

/**
 * A personal access token: known by its hash, not revoked, not expired, its account still the one it was made
 * for and active, and its role still within the user's (a user moved to a smaller role does not keep a larger
 * token). Read from the store at every call, so a revocation holds on the next call in every process.
 */
async function authenticateAccessToken(deps: Pick<ServiceDeps, 'db'>, token: string): Promise<Session> {
  const found = await accessTokensRepo.findByHash(deps.db, hashAccessToken(token));
  const now = new Date();
  if (
    !found ||
    found.token.revokedAt ||
    found.token.expiresAt <= now ||
    found.user.accountId !== found.token.accountId ||
    !found.user.active ||
    !isRole(found.token.role) ||
    !isRole(found.user.role) ||
    !roleWithin(found.token.role, found.user.role)
  ) {
    throw new UnauthorizedError(
      'The access token is not valid: it was revoked, has expired or exceeds its role.',
    );
  }
  const { token: row, user } = found;
  const last = row.lastUsedAt?.getTime() ?? 0;
  if (now.getTime() - last >= ACCESS_TOKEN_USE_RESOLUTION_MS) {
    // Best effort: a lost last-use time is not worth failing the call for.
    void accessTokensRepo
      .touchAccessToken(deps.db, row.id, now, ACCESS_TOKEN_USE_RESOLUTION_MS)
      .catch(() => undefined);
  }
  return {
    user: {
      username: user.username,
      email: user.email,
      role: row.role as AuthUser['role'],
      accessTokenId: row.id,
    },
    expiresAt: row.expiresAt,
    accessTokenId: row.id,
  };
}

/**
 * Resolves a bearer token to the current user and the token's expiry: signature, expiry, the account (not only
 * its name: a deleted user's token is no key to a new account of the same name), active flag and token version.
 */
export async function authenticateSession(
  deps: Pick<ServiceDeps, 'db' | 'signer' | 'sessions'>,
  token: string | null,
): Promise<Session> {
  if (!token) throw new UnauthorizedError();
  if (isAccessToken(token)) return authenticateAccessToken(deps, token);
  const claims = await deps.signer.verify(token);
  if (!claims) throw new UnauthorizedError('The access token is not valid or has expired.');
  const row = await deps.sessions.get(claims.username, (username) => usersRepo.findUser(deps.db, username));
  if (!row || row.accountId !== claims.accountId || !row.active || row.tokenVersion !== claims.version) {
    throw new UnauthorizedError('The access token is no longer valid. Please sign in again.');
  }
  return { user: toAuthUser(row), expiresAt: claims.expiresAt };
}

/** Resolves a bearer token to the current user (see {@link authenticateSession}). */
export async function authenticate(deps: ServiceDeps, token: string | null): Promise<AuthUser> {
  return (await authenticateSession(deps, token)).user;
}

export function tokenFromHeader(header: string | undefined): string | null {
  return bearerToken(header);
}

/**
 * Changes the caller's own password. The previous password must match and the new one follow the
 * rules of libs/domain. Earlier tokens stop working and live sockets are closed; the answer carries
 * a fresh token so the console that made the change stays signed in.
 */
export async function changePassword(
  deps: ServiceDeps,
  caller: AuthUser,
  input: { username: string; prevPassword: string; newPassword: string },
): Promise<TokenObject> {
  if (input.username !== caller.username) throw new ForbiddenError('You can only change your own password.');
  if ((await usersRepo.findUser(deps.db, caller.username))?.provider) {
    throw new ConflictError(MANAGED_PASSWORD, undefined, 'managed_by_provider');
  }
  const problems = passwordChangeProblems({
    currentPassword: input.prevPassword,
    newPassword: input.newPassword,
  });
  if (problems.length)
    throw new ValidationError(
      problems.join(' '),
      problems.map((message) => ({ message })),
    );
  const row = await usersRepo.findUser(deps.db, caller.username);
  if (!row) throw new UnauthorizedError();
  if (!(await verifyPassword(input.prevPassword, row.passwordHash))) {
    throw new ValidationError('The current password is not correct.', [
      { path: 'prevPassword', message: 'incorrect' },
    ]);
  }
  const updated = await usersRepo.updateUser(
    deps.db,
    caller.username,
    { passwordHash: await hashPassword(input.newPassword), passwordChangedAt: new Date() },
    { revokeTokens: true },
  );
  if (!updated) throw new UnauthorizedError();
  sessionsEnded(deps, caller.username);
  deps.logger.info({ username: caller.username }, 'password changed');
  return issueToken(deps, updated);
}

/** Whether the user's password is older than PASSWORD_MAX_AGE_DAYS (0 = never expires). */
export async function passwordExpiry(
  deps: ServiceDeps,
  caller: AuthUser,
  username: string,
): Promise<{ username: string; expired: boolean; passwordChangedAt: string; maxAgeDays: number }> {
  if (username !== caller.username && !can(caller.role, PERMISSIONS.usersAdmin)) {
    throw new ForbiddenError('You can only check your own password expiry.');
  }
  const row = await usersRepo.findUser(deps.db, username);
  if (!row) throw new NotFoundError(`No user ${username}.`);
  const maxAgeDays = deps.config.PASSWORD_MAX_AGE_DAYS;
  return {
    username,
    expired: isPasswordExpired(row.passwordChangedAt, new Date(), maxAgeDays),
    passwordChangedAt: row.passwordChangedAt.toISOString(),
    maxAgeDays,
  };
}

/**
 * Asks for a reset link: the work (look the user up, store a link, mail it) starts and the call returns at once,
 * so the answer is the same, and as quick, whether the user exists or not: neither its body nor its time can be
 * used to find accounts. A failure of the work is logged; the asker is never told.
 */
export function requestPasswordReset(deps: ServiceDeps, username: string): void {
  sendResetLink(deps, username).catch((err: unknown) =>
    deps.logger.error({ err, username }, 'password reset request failed'),
  );
}

/** Mails a single-use reset link when the user exists and is active; nothing otherwise. */
async function sendResetLink(deps: ServiceDeps, username: string): Promise<void> {
  const row = await usersRepo.findUser(deps.db, username);
  if (!row || !row.active || row.provider) {
    deps.logger.info(
      { username },
      "password reset requested for an unknown, inactive or provider's user; nothing sent",
    );
    return;
  }
  const token = randomBytes(32).toString('base64url');
  await usersRepo.insertResetToken(deps.db, {
    tokenHash: hashResetToken(token),
    username: row.username,
    expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  });
  const link = `${deps.config.PUBLIC_URL}/reset_password?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({
    to: row.email,
    subject: 'Equipment Dashboard: reset your password',
    text:
      `Hello ${row.username},\n\nSomeone asked to reset the password of your Equipment Dashboard account.\n` +
      `To set a new password, open this link within one hour:\n\n${link}\n\n` +
      'If you did not ask for this, ignore this mail: your password stays as it is.\n',
    html:
      `<p>Hello ${row.username},</p><p>Someone asked to reset the password of your Equipment Dashboard account.</p>` +
      `<p>To set a new password, open this link within one hour:</p><p><a href="${link}">${link}</a></p>` +
      '<p>If you did not ask for this, ignore this mail: your password stays as it is.</p>',
  });
}

/** Sets a new password from a reset link; the link works once and for one hour. */
export async function resetPassword(
  deps: ServiceDeps,
  input: { token: string; newPassword: string },
): Promise<void> {
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
    throw new ValidationError(`The new password must be ${MIN_PASSWORD_LENGTH} characters or longer.`, [
      { path: 'newPassword', message: 'too short' },
    ]);
  }
  const passwordHash = await hashPassword(input.newPassword);
  // The link is used and the password set together (which voids the user's other unused links), or neither is.
  const used = await inTransaction(deps.db, async (tx) => {
    const now = new Date();
    const token = await usersRepo.consumeResetToken(tx, hashResetToken(input.token), now);
    if (token)
      await usersRepo.updateUser(
        tx,
        token.username,
        { passwordHash, passwordChangedAt: now },
        { revokeTokens: true },
      );
    return token;
  });
  if (!used)
    throw new ValidationError(
      'The reset link is not valid: it was already used or has expired.',
      undefined,
      'invalid_token',
    );
  sessionsEnded(deps, used.username);
  deps.logger.info({ username: used.username }, 'password reset');
}
