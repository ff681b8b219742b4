import { desc, sql } from 'drizzle-orm';
import type { Db } from '../database';
import { chatSessions } from '../schema';
import { pageOf, type Page } from './rows';

export type ChatSessionRow = typeof chatSessions.$inferSelect;

/** A page of chat sessions, newest first. */
export async function listChatSessions(db: Db, page: number): Promise<Page<ChatSessionRow>> {
  return pageOf(db, chatSessions, {
    page,
    orderBy: [desc(chatSessions.createdAt), desc(chatSessions.sessionId)],
  });
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
