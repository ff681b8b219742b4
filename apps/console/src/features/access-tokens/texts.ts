/** Texts of the Access tokens screen (personal tokens for scripts). */
export const ACCESS_TOKENS_TEXTS = {
  title: 'Access tokens',
  intro:
    'A token lets a script (the simulator command line with FLEET_TOKEN, CI, a tester tool) call the API as you, with at most your role. It is shown once; revoke it when it is no longer needed.',
  create: 'Create token',
  name: 'Name',
  user: 'User',
  role: 'Role',
  created: 'Created',
  expires: 'Expires',
  lastUsed: 'Last used',
  never: 'never',
  expired: 'expired',
  actions: 'Actions',
  revoke: 'Revoke',
  revokeTitle: 'Revoke token',
  revokeText: (name: string) =>
    `Revoke the token "${name}"? Scripts using it are refused from their next call and its live connections close.`,
  revoked: (name: string) => `The token "${name}" was revoked.`,
  expiresIn: 'Expires in',
  days: (n: number) => (n === 365 ? '1 year' : `${n} days`),
  cancel: 'Cancel',
  createdTitle: 'Your new token',
  createdText:
    'Copy it now: it is shown only this once. It is stored only as a hash and cannot be shown again.',
  tokenLabel: 'Token',
  done: 'Done',
} as const;
