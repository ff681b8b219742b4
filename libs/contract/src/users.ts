import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { newPasswordSchema } from './auth';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, roleSchema } from './primitives';
import { filterQuery, requiredText } from './query';
import { TEXT_MAX, tooLongMessage } from './text';

// The user entity (back-office §3).

/**
 * A console user (back-office §3). The stored record also has `password`; it is never part of any
 * answer, so it is not a field of this schema.
 */
export const userSchema = z.object({
  username: z.string().min(1),
  email: z.string(),
  role: roleSchema,
  active: z.boolean(),
  /**
   * The identity provider that manages the user (its name, the sign-in button's text), or null for a local user.
   * A managed user's role comes from the provider's groups at every sign-in: the Users screen does not edit it.
   */
  provider: z.string().nullable().optional(),
});
/** See {@link userSchema}. */
export type User = z.infer<typeof userSchema>;

/** An e-mail address; its format already refuses NUL and broken Unicode. */
const emailSchema = z.email().max(TEXT_MAX.email, tooLongMessage(TEXT_MAX.email));

/** Body of POST /create/user/v1/: every field is required (back-office §5). */
export const createUserBodySchema = z.strictObject({
  username: requiredText,
  password: newPasswordSchema,
  email: emailSchema,
  role: roleSchema,
  active: z.boolean(),
});

/**
 * Body of POST /update/user/v1/ ("same fields"). The user is found by `username`. A blank or absent
 * password means no change (back-office §5); any other field left out keeps its value.
 */
export const updateUserBodySchema = z.strictObject({
  username: requiredText,
  password: z
    .union([z.literal(''), newPasswordSchema])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  email: emailSchema.optional(),
  role: roleSchema.optional(),
  active: z.boolean().optional(),
});

/** Answer of POST /delete/user/v1 (not shown in the spec). */
export const deletedUserSchema = z.object({ username: z.string().min(1), deleted: z.literal(true) });

const users = areaEndpoints('users');

export const readUsers = users.get('readUsers', '/read/users/v1/', {
  // filterUsername matches from the start of the username, ignoring case.
  query: pagedListQuery({ filterUsername: filterQuery }),
  response: paged(userSchema),
  permission: PERMISSIONS.usersAdmin,
  summary: 'Lists console users (never their passwords), 10 per page, by username.',
});

export const createUser = users.post('createUser', '/create/user/v1/', {
  body: createUserBodySchema,
  // Not shown in the spec: the stored user, without its password.
  response: userSchema,
  permission: PERMISSIONS.usersAdmin,
  summary: 'Creates a console user (409 when the username exists).',
});

export const updateUser = users.post('updateUser', '/update/user/v1/', {
  body: updateUserBodySchema,
  response: userSchema,
  permission: PERMISSIONS.usersAdmin,
  summary: "Changes a user's password, e-mail, role or active flag.",
});

export const deleteUser = users.post('deleteUser', '/delete/user/v1', {
  body: z.strictObject({ username: requiredText }),
  response: deletedUserSchema,
  permission: PERMISSIONS.usersAdmin,
  summary: 'Deletes a console user (an admin cannot delete itself: 409).',
});

/** The user calls of back-office §7.4. */
export const usersEndpoints = { readUsers, createUser, updateUser, deleteUser } as const;
