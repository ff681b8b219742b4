import { and, count, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { passwordResetTokens, users } from '../schema';
import { deleteWhere, findOne, insertOne, pageOf } from './rows';
import { inTransaction } from '../transaction';

export type UserRow = typeof users.$inferSelect;

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function findUser(db: Db, username: string): Promise<UserRow | undefined> {
  return findOne(db, users, eq(users.username, username));
}

/** The user of an identity provider's subject (the key of such a user: never the e-mail). */
export async function findUserByIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  return findOne(db, users, and(eq(users.issuer, issuer), eq(users.subject, subject)));
}

export async function listUsers(db: Db, options: { page: number; filterUsername?: string }) {
  const where = options.filterUsername
    ? ilike(users.username, `%${escapeLike(options.filterUsername)}%`)
    : undefined;
  return pageOf(db, users, { page: options.page, where, orderBy: [users.username] });
}

export async function insertUser(db: Db, row: typeof users.$inferInsert): Promise<UserRow> {
  return insertOne(db, users, row);
}

/**
 * Changes a user. A new password (`passwordChangedAt` given: a change, a reset or an admin's; not a re-hash of the
 * same password at sign-in) also voids every reset link of the user still unused, in the same transaction: an
 * older link must not set the password again after the user chose one.
 */
export async function updateUser(
  db: Db,
  username: string,
  changes: Partial<Pick<UserRow, 'email' | 'role' | 'active' | 'passwordHash' | 'passwordChangedAt'>>,
  options: { revokeTokens: boolean },
): Promise<UserRow | undefined> {
  const update = async (tx: Db) => {
    const [row] = await tx
      .update(users)
      .set({
        ...changes,
        updatedAt: new Date(),
        ...(options.revokeTokens ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.username, username))
      .returning();
    if (row && changes.passwordChangedAt) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: changes.passwordChangedAt })
        .where(and(eq(passwordResetTokens.username, row.username), isNull(passwordResetTokens.usedAt)));
    }
    return row;
  };
  return changes.passwordChangedAt ? inTransaction(db, update) : update(db);
}

export async function deleteUser(db: Db, username: string): Promise<boolean> {
  return deleteWhere(db, users, eq(users.username, username));
}

export async function countActiveUsersWithRoles(db: Db, roles: readonly string[]): Promise<number> {
  if (roles.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(inArray(users.role, [...roles]), eq(users.active, true)));
  return row?.n ?? 0;
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

export async function insertResetToken(db: Db, row: typeof passwordResetTokens.$inferInsert): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** Marks the token used and returns it, only if it exists, is unused and has not expired. */
export async function consumeResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        sql`${passwordResetTokens.usedAt} IS NULL`,
        sql`${passwordResetTokens.expiresAt} > ${now.toISOString()}`,
      ),
    )
    .returning();
  return row;
}
