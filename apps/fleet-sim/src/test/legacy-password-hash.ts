import { randomBytes, scryptSync } from 'node:crypto';

/** A password hash in the format of earlier versions (`scrypt$N$r$p$salt$hash`), to test their upgrade. */
export function legacyScryptHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 2 ** 13, r: 8, p: 10, maxmem: 256 * 1024 * 1024 });
  return ['scrypt', 2 ** 13, 8, 10, salt.toString('base64url'), key.toString('base64url')].join('$');
}
