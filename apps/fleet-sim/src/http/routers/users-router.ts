import { usersEndpoints } from '@equipment-dashboard/contract';
import * as users from '../../services/users-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Users of back-office §7.4: admin only (the contract's usersAdmin permission). */
export function mountUsers(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(usersEndpoints.readUsers, ({ query }) => users.listUsers(deps, query))
    .on(usersEndpoints.createUser, ({ body }) => users.createUser(deps, body))
    .on(usersEndpoints.updateUser, ({ body, user }) => users.updateUser(deps, user, body))
    .on(usersEndpoints.deleteUser, async ({ body, user }) => {
      await users.deleteUser(deps, user, body.username);
      return { username: body.username, deleted: true as const };
    });
}
