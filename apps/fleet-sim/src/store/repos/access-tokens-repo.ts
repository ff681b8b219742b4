import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { accessTokens, users } from '../schema';
import { findOne, insertOne, pageOf, type Page } from './rows';

export type AccessTokenRow = typeof accessTokens.$inferSelect;
type UserRow = typeof users.$inferSelect;

export function insertAccessToken(db: Db, row: typeof accessTokens.$inferInsert): Promise<AccessTokenRow> {
  return insertOne(db, accessTokens, row);
}

/** The token of a hash and its user's current row, one indexed read (every call of a script makes it). */
export async function findByHash(
  db: Db,
  tokenHash: string,
): Promise<{ token: AccessTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: accessTokens, user: users })
    .from(accessTokens)
    .innerJoin(users, eq(users.username, accessTokens.username))
    .where(eq(accessTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** The tokens not revoked, newest first: a user's, or everyone's (username undefined). */
export function listAccessTokens(
  db: Db,
  query: { page: number; username?: string },
): Promise<Page<AccessTokenRow>> {
  return pageOf(db, accessTokens, {
    page: query.page,
    where: and(
      isNull(accessTokens.revokedAt),
      query.username === undefined ? undefined : eq(accessTokens.username, query.username),
    ),
    orderBy: [desc(accessTokens.createdAt), accessTokens.id],
  });
}

export async function findAccessToken(db: Db, id: string): Promise<AccessTokenRow | undefined> {
  return findOne(db, accessTokens, eq(accessTokens.id, id));
}

/** Revokes a token not revoked yet; answers it, or undefined when there was none to revoke. */
export async function revokeAccessToken(
  db: Db,
  id: string,
  by: string,
  at: Date,
): Promise<AccessTokenRow | undefined> {
  const [row] = await db
    .update(accessTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(accessTokens.id, id), isNull(accessTokens.revokedAt)))
    .returning();
  return row;
}

/**
 * Records a use unless one was recorded within `withinMs`: a script calling many times a second writes once a
 * minute, whichever process it reaches. Answers whether it wrote.
 */
export async function touchAccessToken(db: Db, id: string, at: Date, withinMs: number): Promise<boolean> {
  const rows = await db
    .update(accessTokens)
    .set({ lastUsedAt: at })
    .where(
      and(
        eq(accessTokens.id, id),
        or(
          isNull(accessTokens.lastUsedAt),
          lt(accessTokens.lastUsedAt, sql`${new Date(at.getTime() - withinMs).toISOString()}::timestamptz`),
        ),
      ),
    )
    .returning({ id: accessTokens.id });
  return rows.length > 0;
}

/** Revokes every token of a user not revoked yet; answers their ids. */
export async function revokeUserAccessTokens(
  db: Db,
  username: string,
  by: string,
  at: Date,
): Promise<string[]> {
  const rows = await db
    .update(accessTokens)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(accessTokens.username, username), isNull(accessTokens.revokedAt)))
    .returning({ id: accessTokens.id });
  return rows.map((r) => r.id);
}
