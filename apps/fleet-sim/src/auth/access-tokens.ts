import { createHash, randomBytes } from 'node:crypto';

/**
 * The prefix of every personal access token: a call's Bearer token is told apart from a signed session token by
 * it, and secret scanners can recognise a leaked one.
 */
export const ACCESS_TOKEN_PREFIX = 'edpat_';

/**
 * A new personal access token: the prefix and 256 random bits. It is stored only as {@link hashAccessToken}: a
 * plain SHA-256 is enough for a secret with that much entropy (no dictionary to try, 2^256 guesses), and unlike a
 * password hash (Argon2id, ~25 ms by design) it costs nothing on each of a script's calls.
 */
export function newAccessToken(): string {
  return ACCESS_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export function hashAccessToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function isAccessToken(token: string): boolean {
  return token.startsWith(ACCESS_TOKEN_PREFIX);
}
