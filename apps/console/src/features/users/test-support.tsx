import type { User } from '@equipment-dashboard/contract';
import { PAGE_SIZE, type Role } from '@equipment-dashboard/domain';
import { stubFetch, type StubHandler } from '../../test/fetch-stub';
import { dashboardRoutes, tokenFor } from '../../test/fixtures';
import { renderApp } from '../../test/render-app';

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
  return (request) => {
    const params = new URL(request.url).searchParams;
    const page = Number(params.get('page') ?? '1');
    const filter = (params.get('filterUsername') ?? '').toLowerCase();
    const rows = users().filter((u) => u.username.toLowerCase().includes(filter));
    return { docs: rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), totalDocs: rows.length };
  };
}

/** /Users for a role, over a mutable user list, with extra routes (the writes) per test. */
export function openUsers(role: Role = 'admin', overrides: Record<string, StubHandler> = {}) {
  const world = { users: twelveUsers() };
  const stub = stubFetch(
    dashboardRoutes({
      '/read/users/v1/': readUsersRoute(() => world.users),
      ...overrides,
    }),
  );
  const app = renderApp({ route: '/Users', token: tokenFor(role) });
  return { ...app, stub, world };
}

export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams);
