import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import type { SignInChecks } from './relying-party';

/** A sign-in under way, as its cookie holds it between the start and the provider's callback. */
export interface PendingSignIn extends SignInChecks {
  provider: string;
  /** A console path to go back to (already checked), or null for the dashboard. */
  returnTo: string | null;
}

/** How long a sign-in may take at the provider (the cookie's life). */
export const SIGN_IN_TTL_SECONDS = 10 * 60;

const FIELDS = ['provider', 'state', 'nonce', 'codeVerifier'] as const;

/**
 * Seals what the server keeps outside the store, with keys of the token secret: the pending sign-in's cookie (an
 * encrypted JWT, A256GCM: the browser holds it but can neither read the PKCE verifier nor change the state) and
 * the providers' refresh tokens at rest (AES-256-GCM: a copy of the store alone does not hold usable ones).
 */
export class Sealer {
  private readonly cookieKey: Uint8Array;
  private readonly storeKey: Buffer;

  constructor(secret: string) {
    const derive = (label: string) => createHash('sha256').update(`${label}\0${secret}`).digest();
    this.cookieKey = new Uint8Array(derive('oidc-sign-in-cookie'));
    this.storeKey = derive('oidc-refresh-token');
  }

  sealSignIn(pending: PendingSignIn, now = new Date()): Promise<string> {
    const iat = Math.floor(now.getTime() / 1000);
    return new EncryptJWT({ ...pending })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + SIGN_IN_TTL_SECONDS)
      .encrypt(this.cookieKey);
  }

  /** The pending sign-in of a cookie, or null when it is missing, tampered with or expired. */
  async openSignIn(cookie: string | undefined): Promise<PendingSignIn | null> {
    if (!cookie) return null;
    try {
      const { payload } = await jwtDecrypt(cookie, this.cookieKey);
      if (!FIELDS.every((f) => typeof payload[f] === 'string' && payload[f])) return null;
      const returnTo = typeof payload['returnTo'] === 'string' ? payload['returnTo'] : null;
      return {
        provider: payload['provider'] as string,
        state: payload['state'] as string,
        nonce: payload['nonce'] as string,
        codeVerifier: payload['codeVerifier'] as string,
        returnTo,
      };
    } catch (error) {
      if (error instanceof errors.JOSEError) return null;
      throw error;
    }
  }

  sealAtRest(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.storeKey, iv);
    const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [iv, cipher.getAuthTag(), sealed].map((b) => b.toString('base64url')).join('.');
  }

  /** The text sealed by {@link sealAtRest}, or null when it cannot be opened (another secret, damaged). */
  openAtRest(sealed: string): string | null {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !data) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.storeKey, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
