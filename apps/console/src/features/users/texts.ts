/**
 * Texts of the Users screen (back-office §2.5). Quoted spec texts are letter for letter (the edit
 * title and the delete confirmation come from libs/domain); the others are ours.
 */
export const USERS_TEXTS = {
  title: 'Users',
  filterUsername: 'filter username',
  createNewUser: 'Create New User',

  // Columns (back-office §2.5).
  username: 'Username',
  email: 'E-mail',
  role: 'Role',
  active: 'Active',
  actions: 'Actions',
  editUser: 'Edit User',
  deleteUser: 'Delete User',

  // Users of an identity provider (their role comes from the provider's groups).
  signIn: 'Sign-in',
  local: 'Local',
  managedBy: (provider: string) => `Managed by ${provider}`,
  managedHint: (provider: string) =>
    `Managed by ${provider}: the role and e-mail come from the provider's groups at every sign-in. Only Active can be changed here.`,

  // Dialogs.
  password: 'Password',
  passwordHint: 'At least 12 characters.',
  passwordKeep: 'Leave blank to keep the current password.',
  create: 'Create',
  update: 'Update',
  cancel: 'Cancel',
  deleteTitle: 'Delete User',

  // Results and refusals (ours).
  created: (username: string) => `User ${username} was created.`,
  updated: (username: string) => `User ${username} was updated.`,
  deleted: (username: string) => `User ${username} was deleted.`,
  /** The wording every screen uses for a role without the area (docs/decisions.md). */
  noAccess: 'You do not have access to Users.',
} as const;
