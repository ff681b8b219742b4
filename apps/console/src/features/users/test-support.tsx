import type { User } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { type StubHandler } from '../../test/fetch-stub';
import { openApp } from '../../test/render-app';
import { pagedRoute } from '../../test/lists';

export const user = (username: string, overrides: Partial<User> = {}): User => ({
  username,
  email: `${username}@example.com`,
  role: 'support',
  active: true,
  ...overrides,
});

/** Twelve users: two pages. */
function twelveUsers(): User[] {
  const users = [
    user('admin', { role: 'admin' }),
    user('ann', { role: 'engineer' }),
    user('kmiller', { active: false }),
  ];
  for (let n = 1; users.length < 12; n += 1) users.push(user(`user${String(n).padStart(2, '0')}`));
  return users;
}

/** GET /read/users/v1/ over a mutable list: the filter matches anywhere, ignoring case (as the server). */
function readUsersRoute(users: () => User[]): StubHandler {
  return pagedRoute(users, (u, params) =>
    u.username.toLowerCase().includes((params.get('filterUsername') ?? '').toLowerCase()),
  );
}

/** /Users for a role, over a mutable user list, with extra routes (the writes) per test. */
export function openUsers(role: Role = 'admin', overrides: Record<string, StubHandler> = {}) {
  const world = { users: twelveUsers() };
  const app = openApp('/Users', role, { '/read/users/v1/': readUsersRoute(() => world.users), ...overrides });
  return { ...app, world };
}
