import { randomUUID } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '@equipment-dashboard/domain';

export interface TokenClaims {
  username: string;
  role: Role;
  /** The user's token version when the token was issued; a later password/role/active change bumps it. */
  version: number;
  /** The account the token was issued to: a later account of the same name has another. */
  accountId: string;
  expiresAt: Date;
}

/** Signs and verifies access tokens (HS256 JWT with an expiry). */
export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly issuer = 'fleet-sim',
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  get lifetimeSeconds(): number {
    return this.ttlSeconds;
  }

  async sign(
    claims: { username: string; role: Role; version: number; accountId: string },
    now = new Date(),
  ): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new SignJWT({ role: claims.role, ver: claims.version, acc: claims.accountId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.username)
      .setIssuer(this.issuer)
      .setJti(randomUUID())
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
  }

  /** The token's claims, or null when it is malformed, forged or expired. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: this.issuer, algorithms: ['HS256'] });
      const { sub, exp, role, ver, acc } = payload;
      // A token without the account (issued before tokens carried it) is not valid either: its user signs in again.
      if (
        typeof sub !== 'string' ||
        !isRole(role) ||
        typeof ver !== 'number' ||
        typeof acc !== 'string' ||
        !acc ||
        !exp
      )
        return null;
      return { username: sub, role, version: ver, accountId: acc, expiresAt: new Date(exp * 1000) };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }
}

/** The bearer token of an Authorization header, if any. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}
