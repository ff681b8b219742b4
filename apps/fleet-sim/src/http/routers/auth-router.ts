import { authEndpoints, isUnsupportedGrantType, tokenBodySchema } from '@equipment-dashboard/contract';
import type { RequestHandler } from 'express';
import * as auth from '../../services/auth-service';
import * as oidc from '../../services/oidc-service';
import type { ServiceDeps } from '../../services/service-deps';
import type { ApiRouter } from '../api-router';
import { zodDetails } from '../../core/zod-details';

/**
 * The token endpoint answers RFC 6749 §5.2 errors: a grant type other than `password` is 400
 * `unsupported_grant_type`, other bad input 400 `invalid_request`, bad credentials 401 `invalid_grant`.
 */
export const tokenRequestGuard: RequestHandler = (req, _res, next) => {
  const parsed = tokenBodySchema.safeParse(req.body ?? {});
  if (parsed.success) return next();
  if (isUnsupportedGrantType(parsed.error)) {
    return next(new auth.OAuthError(400, 'unsupported_grant_type', 'Only grant_type=password is supported.'));
  }
  return next(
    new auth.OAuthError(
      400,
      'invalid_request',
      'The sign-in request is not valid.',
      zodDetails(parsed.error),
    ),
  );
};

export function mountAuth(api: ApiRouter, deps: ServiceDeps): void {
  api.router.post(authEndpoints.token.path, tokenRequestGuard);
  api
    .on(authEndpoints.token, ({ body }) => auth.signIn(deps, body))
    .on(authEndpoints.updateUserPassword, async ({ body, user }) => {
      const token = await auth.changePassword(deps, user, body);
      return { ok: true as const, token };
    })
    .on(authEndpoints.readExpired, async ({ query, user }) => {
      const { username, expired } = await auth.passwordExpiry(deps, user, query.username);
      return { username, expired };
    })
    .on(authEndpoints.requestResetUserPassword, ({ body }) => {
      auth.requestPasswordReset(deps, body.username);
      return { ok: true as const };
    })
    .on(authEndpoints.resetUserPassword, async ({ body }) => {
      await auth.resetPassword(deps, body);
      return { ok: true as const };
    })
    .on(authEndpoints.readProviders, () => oidc.listProviders(deps))
    .on(authEndpoints.readSignInOptions, () => oidc.signInOptions(deps))
    .on(authEndpoints.oidcToken, ({ body }) => oidc.tradeHandoff(deps, body.handoff))
    .on(authEndpoints.logout, async ({ user }) => {
      const { redirectTo } = await oidc.logout(deps, user);
      return { ok: true as const, redirectTo };
    });
}
