/**
 * User form rules (back-office §2.5, §5).
 */

/** The create-user form. */
export interface CreateUserForm {
  /** Username. */
  username: string;
  /** Initial password. */
  password: string;
  /** E-mail. */
  email: string;
  /** Role. */
  role: string;
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/**
 * True when Create is enabled: username, password, email and role are all non-empty (back-office §5).
 * Values of only spaces count as empty. The server also checks that the role is a known role
 * (`isRole`).
 */
export function canCreateUser(form: CreateUserForm): boolean {
  return filled(form.username) && filled(form.password) && filled(form.email) && filled(form.role);
}

/**
 * True when Update is enabled (back-office §5): the password is non-empty (a blank password means no
 * change), or the role changed to a non-empty value, or the email changed to a non-empty value.
 */
export function canUpdateUser(
  form: { password: string; email: string; role: string },
  original: { email: string; role: string },
): boolean {
  return (
    filled(form.password) ||
    (filled(form.role) && form.role !== original.role) ||
    (filled(form.email) && form.email !== original.email)
  );
}

/** The edit dialog title: 'Update User - ann' (back-office §2.5). */
export function updateUserTitle(username: string): string {
  return `Update User - ${username}`;
}

/** The delete confirmation: 'Are you sure you want to delete the user ann?' (back-office §2.5). */
export function deleteUserConfirmText(username: string): string {
  return `Are you sure you want to delete the user ${username}?`;
}
