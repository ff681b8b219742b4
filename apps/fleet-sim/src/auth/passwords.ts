import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2';
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Argon2id at OWASP's recommended minimum (m = 19 MiB, t = 2, p = 1), OWASP's first choice for
 * password storage. It runs natively off the event loop, about 25 ms here against about 240 ms for
 * scrypt at an equivalent setting, and that time sits on every sign-in. The parameters live in the
 * PHC string, so hashes made with other settings stay verifiable.
 */
// The library's default algorithm is Argon2id (its `Algorithm` is a const enum, which isolated modules cannot read).
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2_OPTIONS.memoryCost},t=${ARGON2_OPTIONS.timeCost},p=${ARGON2_OPTIONS.parallelism}$`;

/** Hashes of earlier versions: `scrypt$N$r$p$salt$hash`, salt and hash in base64url. */
const SCRYPT_PREFIX = 'scrypt$';
const SCRYPT_KEY_LENGTH = 32;

function normalized(password: string): string {
  return password.normalize('NFKC');
}

/** A PHC-format Argon2id hash with a random salt. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(normalized(password), ARGON2_OPTIONS);
}

function scryptDerive(
  password: string,
  salt: Buffer,
  params: { N: number; r: number; p: number },
): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password, salt, SCRYPT_KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [N, r, p] = parts.slice(1, 4).map((n) => Number.parseInt(n ?? '', 10));
  if (!N || !r || !p) return false;
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  if (expected.length !== SCRYPT_KEY_LENGTH) return false;
  try {
    return timingSafeEqual(await scryptDerive(password, salt, { N, r, p }), expected);
  } catch {
    return false; // parameters out of scrypt's range: a damaged hash
  }
}

/** Constant-time check of a password against a stored hash (Argon2id or legacy scrypt); a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith(SCRYPT_PREFIX)) return verifyScrypt(normalized(password), stored);
  if (!stored.startsWith('$argon2')) return false;
  try {
    return await argon2Verify(stored, normalized(password));
  } catch {
    return false; // not a PHC string the library can read
  }
}

/** True when a stored hash was made with another algorithm or setting: re-hash it at the next sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

let dummyHash: Promise<string> | undefined;
/**
 * A hash to verify against when the user does not exist, so that a wrong username costs the same
 * time as a wrong password and the answer does not tell which one was wrong.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(12).toString('base64url'));
  return dummyHash;
}
