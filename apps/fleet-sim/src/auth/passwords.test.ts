import { legacyScryptHash } from '../test/legacy-password-hash';
import { hashPassword, needsRehash, verifyPassword } from './passwords';

describe('password hashing', () => {
  it('when a password is hashed, then the hash is an Argon2id PHC string at OWASP minimum and salted', async () => {
    const first = await hashPassword('correct horse battery');
    const second = await hashPassword('correct horse battery');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(needsRehash(first)).toBe(false);
  });

  it('when the right or a wrong password is checked, then only the right one matches', async () => {
    const stored = await hashPassword('correct horse battery');
    await expect(verifyPassword('correct horse battery', stored)).resolves.toBe(true);
    await expect(verifyPassword('correct horse batterY', stored)).resolves.toBe(false);
    await expect(verifyPassword('', stored)).resolves.toBe(false);
  });

  it('when a password is typed in another Unicode form, then it still matches (NFKC)', async () => {
    const stored = await hashPassword('ﬁsh-and-chips'); // the "ﬁ" ligature
    await expect(verifyPassword('fish-and-chips', stored)).resolves.toBe(true);
  });

  it('when a legacy scrypt hash is checked, then it verifies and asks to be re-hashed', async () => {
    const stored = legacyScryptHash('older password');
    await expect(verifyPassword('older password', stored)).resolves.toBe(true);
    await expect(verifyPassword('other password', stored)).resolves.toBe(false);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA')).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['unknown scheme', 'md5$abc'],
    ['scrypt with missing parts', 'scrypt$8192$8$10$salt'],
    ['scrypt with absurd parameters', 'scrypt$3$0$0$c2FsdA$aGFzaA'],
    ['argon2 garbage', '$argon2id$v=19$garbage'],
  ])(
    'when the stored hash is malformed (%s), then nothing matches and nothing throws',
    async (_name, stored) => {
      await expect(verifyPassword('anything', stored)).resolves.toBe(false);
    },
  );
});
