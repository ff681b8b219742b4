import { and, asc, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { oidcSessions } from '../schema';
import { insertOne } from './rows';

export type OidcSessionRow = typeof oidcSessions.$inferSelect;

export function insertOidcSession(db: Db, row: typeof oidcSessions.$inferInsert): Promise<OidcSessionRow> {
  return insertOne(db, oidcSessions, row);
}

/** Uses a hand-off code: answers its session once, while the code is fresh and the session has not ended. */
export async function consumeHandoff(
  db: Db,
  handoffHash: string,
  now: Date,
): Promise<OidcSessionRow | undefined> {
  const [row] = await db
    .update(oidcSessions)
    .set({ handoffHash: null, handoffExpiresAt: null })
    .where(
      and(
        eq(oidcSessions.handoffHash, handoffHash),
        gt(oidcSessions.handoffExpiresAt, sql`${now.toISOString()}::timestamptz`),
        isNull(oidcSessions.endedAt),
      ),
    )
    .returning();
  return row;
}

/** The user's latest sign-in through a provider that has not ended. */
export async function latestOpenSession(db: Db, username: string): Promise<OidcSessionRow | undefined> {
  const [row] = await db
    .select()
    .from(oidcSessions)
    .where(and(eq(oidcSessions.username, username), isNull(oidcSessions.endedAt)))
    .orderBy(desc(oidcSessions.createdAt))
    .limit(1);
  return row;
}

/** Ends every open sign-in of a user (their tokens end with them: see the sessions service). */
export async function endUserSessions(db: Db, username: string, at: Date): Promise<number> {
  const rows = await db
    .update(oidcSessions)
    .set({ endedAt: at, handoffHash: null, refreshToken: null, checkAt: null })
    .where(and(eq(oidcSessions.username, username), isNull(oidcSessions.endedAt)))
    .returning({ id: oidcSessions.id });
  return rows.length;
}

/** The users with an open sign-in of the provider session `sid`. */
export async function usernamesOfSid(db: Db, provider: string, sid: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ username: oidcSessions.username })
    .from(oidcSessions)
    .where(and(eq(oidcSessions.provider, provider), eq(oidcSessions.sid, sid), isNull(oidcSessions.endedAt)));
  return rows.map((r) => r.username);
}

/** Open sign-ins whose groups are due for a check, oldest due first. */
export function sessionsDue(db: Db, now: Date, limit: number): Promise<OidcSessionRow[]> {
  return db
    .select()
    .from(oidcSessions)
    .where(
      and(isNull(oidcSessions.endedAt), lte(oidcSessions.checkAt, sql`${now.toISOString()}::timestamptz`)),
    )
    .orderBy(asc(oidcSessions.checkAt))
    .limit(limit);
}

/** After a check: the next one (null: none), and the refresh token the provider rotated to, if any. */
export async function checked(
  db: Db,
  id: string,
  next: { checkAt: Date | null; refreshToken?: string | null },
): Promise<void> {
  await db
    .update(oidcSessions)
    .set({
      checkAt: next.checkAt,
      ...(next.refreshToken === undefined ? {} : { refreshToken: next.refreshToken }),
    })
    .where(eq(oidcSessions.id, id));
}

/** Ends one sign-in (its product token may still end with the user's tokens; this stops its checks). */
export async function endSession(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(oidcSessions)
    .set({ endedAt: at, handoffHash: null, refreshToken: null, checkAt: null })
    .where(eq(oidcSessions.id, id));
}
