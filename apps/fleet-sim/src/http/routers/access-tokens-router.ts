import { accessTokensEndpoints } from '@equipment-dashboard/contract';
import * as accessTokens from '../../services/access-tokens-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';

/** Personal access tokens: create (shown once), list with their last use, revoke. */
export function mountAccessTokens(api: ApiRouter, deps: ServiceDeps): void {
  api
    .on(accessTokensEndpoints.createAccessToken, ({ body, user }) =>
      accessTokens.createAccessToken(deps, user, body),
    )
    .on(accessTokensEndpoints.readAccessTokens, ({ query, user }) =>
      accessTokens.listAccessTokens(deps, user, query),
    )
    .on(accessTokensEndpoints.deleteAccessToken, ({ body, user }) =>
      accessTokens.revokeAccessToken(deps, user, body.id),
    );
}
