import { canCreateUser, canUpdateUser, deleteUserConfirmText, updateUserTitle } from './users';

const form = { username: 'ann', password: 'pw', email: 'ann@example.com', role: 'support' };

describe('canCreateUser', () => {
  it('when username, password, email and role are set, then Create is enabled', () => {
    // back-office §5: Create is enabled only when username, password, email and role are all non-empty.
    expect(canCreateUser(form)).toBe(true);
  });

  it('when any one is empty, then Create is disabled', () => {
    // back-office §5: all non-empty
    for (const key of ['username', 'password', 'email', 'role'] as const) {
      expect(canCreateUser({ ...form, [key]: '' })).toBe(false);
      expect(canCreateUser({ ...form, [key]: '  ' })).toBe(false);
    }
  });
});

describe('canUpdateUser', () => {
  const original = { email: 'ann@example.com', role: 'support' };

  it('when nothing changed and the password is blank, then Update is disabled', () => {
    // back-office §5: A blank password means no change.
    expect(canUpdateUser({ password: '', email: original.email, role: original.role }, original)).toBe(false);
  });

  it('when the password is set, then Update is enabled', () => {
    // back-office §5: Update is enabled only if the password is non-empty, or ...
    expect(canUpdateUser({ password: 'new', email: original.email, role: original.role }, original)).toBe(
      true,
    );
  });

  it('when the role or email changed to a non-empty value, then Update is enabled', () => {
    // back-office §5: or the role changed to a non-empty value, or the email changed to a non-empty value
    expect(canUpdateUser({ password: '', email: original.email, role: 'engineer' }, original)).toBe(true);
    expect(canUpdateUser({ password: '', email: 'new@example.com', role: original.role }, original)).toBe(
      true,
    );
  });

  it('when the role or email changed to empty, then Update stays disabled', () => {
    // back-office §5: changed to a non-empty value
    expect(canUpdateUser({ password: '', email: '', role: '' }, original)).toBe(false);
  });
});

describe('texts', () => {
  it('when editing or deleting, then the title and confirmation carry the username', () => {
    // back-office §2.5: titled Update User - username; 'Are you sure you want to delete the user username?'
    expect(updateUserTitle('ann')).toBe('Update User - ann');
    expect(deleteUserConfirmText('ann')).toBe('Are you sure you want to delete the user ann?');
  });
});
