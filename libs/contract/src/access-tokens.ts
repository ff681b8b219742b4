import { z } from 'zod';
import { ACCESS_TOKEN_MAX_DAYS, ACCESS_TOKEN_NAME_MAX } from '@equipment-dashboard/domain';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, roleSchema, timestampSchema } from './primitives';
import { nonBlankText, TEXT_MAX } from './text';

// Personal access tokens: a named Bearer token for scripts (the CLI's FLEET_TOKEN, CI, testers' tools), shown once.

/**
 * Body of POST /create/access_token/v1. The expiry is `expiresAt` (at most a year ahead) or `expiresInDays`
 * (1 to 365), not both; with neither the token lives 30 days. The role is at most the creator's (a role within
 * it: no permission or screen the creator lacks); without one it is the creator's own.
 */
export const createAccessTokenBodySchema = z
  .strictObject({
    name: nonBlankText(ACCESS_TOKEN_NAME_MAX),
    expiresAt: timestampSchema.optional(),
    expiresInDays: z.int().min(1).max(ACCESS_TOKEN_MAX_DAYS).optional(),
    role: roleSchema.optional(),
  })
  .refine((body) => body.expiresAt === undefined || body.expiresInDays === undefined, {
    message: 'Give expiresAt or expiresInDays, not both',
    path: ['expiresInDays'],
  });
/** See {@link createAccessTokenBodySchema}. */
export type CreateAccessTokenBody = z.input<typeof createAccessTokenBodySchema>;

/** A token's days of life when the request names none. */
export const ACCESS_TOKEN_DEFAULT_DAYS = 30;

/** Answer of POST /create/access_token/v1: the token itself, shown this once (only its hash is stored). */
export const createdAccessTokenSchema = z.object({
  id: z.string().min(1),
  token: z.string().min(1),
});

/** A personal access token as the list shows it: never the token, only what identifies and describes it. */
export const accessTokenSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  /** The user the token acts as. */
  username: z.string().min(1),
  role: roleSchema,
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  /** When a call last carried it (kept to the minute), or null when never. */
  lastUsedAt: timestampSchema.nullable(),
  /** True once its expiry has passed (an expired token is listed until it is deleted). */
  expired: z.boolean(),
});
/** See {@link accessTokenSchema}. */
export type AccessToken = z.infer<typeof accessTokenSchema>;

/** Body of POST /delete/access_token/v1: the token's id. */
export const deleteAccessTokenBodySchema = z.strictObject({ id: nonBlankText(TEXT_MAX.name) });

/** Answer of POST /delete/access_token/v1. */
export const deletedAccessTokenSchema = z.object({ id: z.string().min(1), revoked: z.literal(true) });

const accessTokens = areaEndpoints('accessTokens');

export const createAccessToken = accessTokens.post('createAccessToken', '/create/access_token/v1', {
  body: createAccessTokenBodySchema,
  response: createdAccessTokenSchema,
  summary:
    'Creates a personal access token for the caller (at most their role, at most a year); answers it once.',
});

export const readAccessTokens = accessTokens.get('readAccessTokens', '/read/access_tokens/v1/', {
  query: pagedListQuery(),
  response: paged(accessTokenSchema),
  summary: "Lists the caller's access tokens (an admin's: everyone's), newest first, with their last use.",
});

export const deleteAccessToken = accessTokens.post('deleteAccessToken', '/delete/access_token/v1', {
  body: deleteAccessTokenBodySchema,
  response: deletedAccessTokenSchema,
  summary:
    "Revokes an access token (one's own; an admin any): its next call is refused and its sockets close.",
});

/** The personal access token calls. */
export const accessTokensEndpoints = {
  createAccessToken,
  readAccessTokens,
  deleteAccessToken,
} as const;
