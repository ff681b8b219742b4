import fc from 'fast-check';
import {
  PASSWORDS_DIFFER_MESSAGE,
  PASSWORD_TOO_SHORT_MESSAGE,
  canSetPassword,
  canSubmitPasswordChange,
  isPasswordExpired,
  passwordChangeProblems,
  passwordLength,
  setPasswordProblems,
} from './passwords';

describe('change password', () => {
  it('when the current password is set and the new one is 12+ characters and different, then it can be submitted', () => {
    // console-core §5: Change password: submit disabled when current empty, new shorter than 12, or equal
    expect(canSubmitPasswordChange({ currentPassword: 'old', newPassword: 'abcdefghijkl' })).toBe(true);
    expect(passwordChangeProblems({ currentPassword: 'old', newPassword: 'abcdefghijkl' })).toEqual([]);
  });

  it('when the current password is empty, then it cannot be submitted and says why', () => {
    // console-core §5: submit disabled when current password is empty
    expect(canSubmitPasswordChange({ currentPassword: '', newPassword: 'abcdefghijkl' })).toBe(false);
    expect(passwordChangeProblems({ currentPassword: '', newPassword: 'abcdefghijkl' })).toEqual([
      'Enter your current password.',
    ]);
  });

  it('when the new password has 11 characters, then it cannot be submitted', () => {
    // console-core §5: the new one is shorter than 12 characters; §9 minimum password length 12
    expect(canSubmitPasswordChange({ currentPassword: 'old', newPassword: 'abcdefghijk' })).toBe(false);
    expect(passwordChangeProblems({ currentPassword: 'old', newPassword: 'abcdefghijk' })).toEqual([
      PASSWORD_TOO_SHORT_MESSAGE,
    ]);
    expect(PASSWORD_TOO_SHORT_MESSAGE).toBe('The new password must be 12 characters or longer.');
  });

  it('when the new password equals the current one, then it cannot be submitted', () => {
    // console-core §5: or equals the current one
    const same = { currentPassword: 'abcdefghijkl', newPassword: 'abcdefghijkl' };
    expect(canSubmitPasswordChange(same)).toBe(false);
    expect(passwordChangeProblems(same)).toEqual([
      'The new password must be different from the current password.',
    ]);
  });

  it('when any form is checked, then it can be submitted exactly when the three rules hold', () => {
    // console-core §5: Change password rules
    fc.assert(
      fc.property(fc.string(), fc.string({ maxLength: 20 }), (currentPassword, newPassword) => {
        const expected =
          currentPassword !== '' && passwordLength(newPassword) >= 12 && newPassword !== currentPassword;
        expect(canSubmitPasswordChange({ currentPassword, newPassword })).toBe(expected);
      }),
    );
  });

  it('when the password holds emoji, then each counts as one character', () => {
    // console-core §9: Minimum password length 12 (decision: characters are code points)
    expect(passwordLength('🔑'.repeat(12))).toBe(12);
    expect(canSubmitPasswordChange({ currentPassword: 'x', newPassword: '🔑'.repeat(12) })).toBe(true);
  });
});

describe('set password', () => {
  it('when the password is 12+ characters and verified, then it can be set', () => {
    // console-core §5: Set new password: disabled while empty, shorter than 12, or different from the verify field
    expect(canSetPassword({ newPassword: 'abcdefghijkl', verifyPassword: 'abcdefghijkl' })).toBe(true);
  });

  it('when empty, short or different, then it cannot be set and the problems are listed', () => {
    // console-core §5: Set new password: disabled while empty, shorter than 12, or different from the verify field
    expect(setPasswordProblems({ newPassword: '', verifyPassword: '' })).toEqual([
      PASSWORD_TOO_SHORT_MESSAGE,
    ]);
    expect(setPasswordProblems({ newPassword: 'short', verifyPassword: 'other' })).toEqual([
      PASSWORD_TOO_SHORT_MESSAGE,
      PASSWORDS_DIFFER_MESSAGE,
    ]);
    expect(canSetPassword({ newPassword: 'abcdefghijkl', verifyPassword: 'abcdefghijkL' })).toBe(false);
  });
});

describe('isPasswordExpired', () => {
  const changedAt = new Date('2024-01-01T00:00:00Z');

  it('when the max age is 0, then the password never expires', () => {
    // ARCHITECTURE: PASSWORD_MAX_AGE_DAYS (0 = never)
    expect(isPasswordExpired(changedAt, new Date('2099-01-01T00:00:00Z'), 0)).toBe(false);
  });

  it('when the max age has passed, then the password is expired', () => {
    // console-core §4: Password expiry is checked on load and every 30 minutes
    expect(isPasswordExpired(changedAt, new Date('2024-01-31T00:00:00Z'), 30)).toBe(true);
    expect(isPasswordExpired(changedAt, new Date('2024-01-30T23:59:59Z'), 30)).toBe(false);
  });

  it('when the change date cannot be read, then the password counts as expired', () => {
    // console-core §4: expiry (decision: a broken record forces a change)
    expect(isPasswordExpired(new Date('nope'), new Date(), 30)).toBe(true);
  });
});
