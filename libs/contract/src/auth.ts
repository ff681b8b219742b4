import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@equipment-dashboard/domain';
import { areaEndpoints } from './define';
import { roleSchema } from './primitives';
import { requiredText } from './query';
import { nonBlankText, safeText, TEXT_MAX } from './text';

// The signed-in user (console-core §3).

/** The signed-in user as the token holds it and the live channel announces it (console-core §3). */
export const identitySchema = z.object({
  username: z.string().min(1),
  email: z.string(),
  role: roleSchema,
});
/** See {@link identitySchema}. */
export type Identity = z.infer<typeof identitySchema>;

/** The fixed `client_id` the console sends with the password grant (console-core §7). */
export const TOKEN_CLIENT_ID = 'equipment-dashboard';

/** The only grant the token call accepts. */
export const PASSWORD_GRANT = 'password';

/**
 * The OAuth 2 error code (RFC 6749 §5.2) the server answers, with status 400, for any other
 * `grant_type`. The token body schema raises an issue carrying this code so the server can tell
 * this case apart from other bad input: see {@link isUnsupportedGrantType}.
 */
export const UNSUPPORTED_GRANT_TYPE = 'unsupported_grant_type';

/**
 * The form-encoded body of POST /auth/token/v1: grant_type=password, username, password, client_id.
 * Another grant type is refused with an issue whose message is {@link UNSUPPORTED_GRANT_TYPE}.
 */
export const tokenBodySchema = z.strictObject({
  grant_type: safeText(TEXT_MAX.name).refine((value) => value === PASSWORD_GRANT, {
    message: UNSUPPORTED_GRANT_TYPE,
    params: { reason: UNSUPPORTED_GRANT_TYPE },
    abort: true,
  }),
  username: requiredText,
  password: safeText(TEXT_MAX.secret).min(1, 'Required'),
  client_id: z.literal(TOKEN_CLIENT_ID),
});
/** See {@link tokenBodySchema}. */
export type TokenBody = z.input<typeof tokenBodySchema>;

/** True when the parse failed because of the grant type (answer 400 `unsupported_grant_type`). */
export function isUnsupportedGrantType(error: z.ZodError): boolean {
  return error.issues.some(
    (issue) =>
      issue.code === 'custom' && issue.path[0] === 'grant_type' && issue.message === UNSUPPORTED_GRANT_TYPE,
  );
}

/**
 * The stored token (console-core §3: "holds user with username, email, role"). The spec shows no
 * other field; we answer an OAuth 2 bearer token (RFC 6749 §5.1) plus the user. `expires_in` is in
 * seconds.
 */
export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.literal('bearer'),
  expires_in: z.int().min(1),
  user: identitySchema,
});
/** See {@link tokenResponseSchema}. */
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** A new password: at least MIN_PASSWORD_LENGTH (12) characters, at most TEXT_MAX.secret. */
export const newPasswordSchema = safeText(TEXT_MAX.secret).min(
  MIN_PASSWORD_LENGTH,
  `The password must be ${MIN_PASSWORD_LENGTH} characters or longer`,
);

/**
 * Acknowledgement of a write whose answer the spec does not show (the reset request and the
 * reset): `{ ok: true }`.
 */
export const okSchema = z.object({ ok: z.literal(true) });
/** See {@link okSchema}. */
export type Ok = z.infer<typeof okSchema>;

/** Body of POST /update/user_password/v1; the new password must differ from the current one. */
export const updateUserPasswordBodySchema = z
  .strictObject({
    username: requiredText,
    prevPassword: safeText(TEXT_MAX.secret).min(1, 'Required'),
    newPassword: newPasswordSchema,
  })
  .refine((body) => body.newPassword !== body.prevPassword, {
    message: 'The new password must differ from the current one',
    path: ['newPassword'],
  });

/**
 * Answer of GET /read/expired/v1. The old console only looked at the status and so never saw an
 * expired password; the flag is the intent (console-core §4).
 */
export const expiredResponseSchema = z.object({
  username: z.string().min(1),
  expired: z.boolean(),
});

/** Body of POST /reset/user_password/v1: the token of the reset mail and the new password. */
export const resetUserPasswordBodySchema = z.strictObject({
  token: nonBlankText(TEXT_MAX.secret),
  newPassword: newPasswordSchema,
});

const auth = areaEndpoints('auth');

export const token = auth.post('token', '/auth/token/v1', {
  body: tokenBodySchema,
  bodyEncoding: 'urlencoded',
  response: tokenResponseSchema,
  auth: 'public',
  summary: 'Signs in with the password grant and answers the token to store under user-token.',
});

/**
 * Answer of POST /update/user_password/v1. A password change ends every earlier token of the user
 * (and their live sockets), so the answer carries a fresh token for the console that made the change.
 */
export const passwordChangedSchema = z.object({ ok: z.literal(true), token: tokenResponseSchema });

export const updateUserPassword = auth.post('updateUserPassword', '/update/user_password/v1', {
  body: updateUserPasswordBodySchema,
  response: passwordChangedSchema,
  summary: "Changes the signed-in user's password after checking the current one.",
});

// The console checks expiry for a signed-in user (on load and every 30 minutes), so it has a token.
export const readExpired = auth.get('readExpired', '/read/expired/v1', {
  query: z.object({ username: requiredText }),
  response: expiredResponseSchema,
  summary: "Tells whether the user's password has expired.",
});

export const requestResetUserPassword = auth.post(
  'requestResetUserPassword',
  '/request/reset_user_password/v1',
  {
    body: z.strictObject({ username: requiredText }),
    // Answers ok whether or not the user exists, so the call cannot be used to probe usernames.
    response: okSchema,
    auth: 'public',
    summary: 'Mails the user a link with a reset token to set a new password.',
  },
);

export const resetUserPassword = auth.post('resetUserPassword', '/reset/user_password/v1', {
  body: resetUserPasswordBodySchema,
  response: okSchema,
  auth: 'public',
  summary: 'Sets a new password with the token of a reset mail.',
});

// Signing in with a company's identity provider (OpenID Connect). The browser's redirects (`/auth/oidc/<id>/login`,
// `/auth/oidc/<id>/callback`) and the provider's back-channel logout (`/auth/oidc/<id>/backchannel_logout`) are
// not JSON calls and are not in the contract; these are the console's calls around them.

/** One identity provider of the sign-in page: a button "Sign in with <name>" that opens `/auth/oidc/<id>/login`. */
export const identityProviderSchema = z.object({
  /** The provider's id: `oidc` for the one of the OIDC_* variables, else its OIDC_PROVIDERS id. */
  id: z.string().min(1),
  /** The button's text after "Sign in with" (OIDC_NAME). */
  name: z.string().min(1),
});
/** See {@link identityProviderSchema}. */
export type IdentityProvider = z.infer<typeof identityProviderSchema>;

export const readProviders = auth.get('readProviders', '/auth/providers/v1', {
  response: z.array(identityProviderSchema),
  auth: 'public',
  summary: 'Lists the identity providers the sign-in page offers a button for ([] while OIDC is off).',
});

/** Who may use the local (password) form: everyone, admin accounts only (the break-glass door), or nobody. */
export const LOCAL_LOGIN_MODES = ['all', 'admins', 'off'] as const;
/** One of {@link LOCAL_LOGIN_MODES}. */
export type LocalLoginMode = (typeof LOCAL_LOGIN_MODES)[number];

/** How the sign-in page behaves (LOCAL_LOGIN, OIDC_AUTO_REDIRECT). */
export const signInOptionsSchema = z.object({
  localLogin: z.enum(LOCAL_LOGIN_MODES),
  /** The provider the sign-in page sends the browser to at once (unless `/login?local=1`), or null. */
  autoRedirect: z.string().nullable(),
});
/** See {@link signInOptionsSchema}. */
export type SignInOptions = z.infer<typeof signInOptionsSchema>;

export const readSignInOptions = auth.get('readSignInOptions', '/auth/sign_in_options/v1', {
  response: signInOptionsSchema,
  auth: 'public',
  summary: 'Tells the sign-in page whether to show the local form and whether to go to a provider at once.',
});

/**
 * Body of POST /auth/oidc/token/v1: the one-time code the provider's callback handed the console (in the URL's
 * fragment, never sent to a server), which the console trades for the product's own token.
 */
export const oidcTokenBodySchema = z.strictObject({
  handoff: nonBlankText(TEXT_MAX.secret),
});

export const oidcToken = auth.post('oidcToken', '/auth/oidc/token/v1', {
  body: oidcTokenBodySchema,
  response: tokenResponseSchema,
  auth: 'public',
  summary:
    "Trades the one-time code of a provider's sign-in (valid once, for a minute) for the token to store under user-token.",
});

/** Answer of POST /auth/logout/v1: where the browser goes next to sign out at the provider too (or null). */
export const logoutResponseSchema = z.object({
  ok: z.literal(true),
  /** The provider's end-session URL (RP-initiated logout), for a user signed in through a provider that offers it. */
  redirectTo: z.url().nullable(),
});

export const logout = auth.post('logout', '/auth/logout/v1', {
  response: logoutResponseSchema,
  summary:
    "Signs out: a provider's user's tokens and live sockets end, and the answer says where to sign out at the provider.",
});

/** The calls of console-core §7 "Auth and password", and signing in through an identity provider. */
export const authEndpoints = {
  token,
  updateUserPassword,
  readExpired,
  requestResetUserPassword,
  resetUserPassword,
  readProviders,
  readSignInOptions,
  oidcToken,
  logout,
} as const;
