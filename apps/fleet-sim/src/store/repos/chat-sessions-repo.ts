import { count, desc, sql } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import type { Db } from '../database';
import { chatSessions } from '../schema';

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/** A page of chat sessions, newest first. */
export async function listChatSessions(
  db: Db,
  page: number,
): Promise<{ docs: ChatSessionRow[]; totalDocs: number }> {
  const [docs, [total]] = await Promise.all([
    db
      .select()
      .from(chatSessions)
      .orderBy(desc(chatSessions.createdAt), desc(chatSessions.sessionId))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(chatSessions),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}

/** Counts and averages over every session, in one query (averages are null when nothing to average). */
export async function chatStatistics(db: Db): Promise<{
  sessions: number;
  open: number;
  averageLength: number | null;
  queueAverage: number | null;
  engineAverage: number | null;
}> {
  const [row] = await db
    .select({
      sessions: sql<number>`count(*)::int`,
      open: sql<number>`(count(*) filter (where ${chatSessions.isOpen}))::int`,
      averageLength: sql<number | null>`avg(jsonb_array_length(${chatSessions.conversation}))::float8`,
      queueAverage: sql<number | null>`avg(${chatSessions.queueWaitSeconds})::float8`,
      engineAverage: sql<number | null>`avg(${chatSessions.engineSeconds})::float8`,
    })
    .from(chatSessions);
  return row ?? { sessions: 0, open: 0, averageLength: null, queueAverage: null, engineAverage: null };
}
