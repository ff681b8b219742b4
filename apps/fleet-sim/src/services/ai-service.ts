import type { AiStatistics, ChatSession, Paged } from '@equipment-dashboard/contract';
import * as chatsRepo from '../store/repos/chat-sessions-repo';
import type { ServiceDeps } from './service-deps';

const finite = (value: number | null): number | null =>
  value === null || !Number.isFinite(Number(value)) ? null : Math.max(0, Number(value));

/**
 * Back-office §2.11 Statistics: sessions, open sessions, the average number of exchanges per session
 * (0 with no sessions), and the average queue wait and engine response times in seconds over the
 * sessions that measured them (null when none did; the console shows 0).
 */
export async function aiStatistics(deps: ServiceDeps): Promise<AiStatistics> {
  const row = await chatsRepo.chatStatistics(deps.db);
  return {
    sessionCount: row.sessions,
    openSessionCount: row.open,
    averageConversationLength: finite(row.averageLength) ?? 0,
    queueAverage: finite(row.queueAverage),
    inFlightAverage: finite(row.engineAverage),
  };
}

/** A stored chat session as the contract answers it. */
export function chatSessionOf(row: chatsRepo.ChatSessionRow): ChatSession {
  return {
    sessionId: row.sessionId,
    serialNumber: row.serialNumber,
    isOpen: row.isOpen,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    conversation: row.conversation.map((exchange) => ({
      query: exchange.query,
      response: exchange.response,
    })),
  };
}

/** Back-office §2.11 Chats: 10 sessions per page, newest first, with their conversations. */
export async function listChatSessions(deps: ServiceDeps, page: number): Promise<Paged<ChatSession>> {
  const { docs, totalDocs } = await chatsRepo.listChatSessions(deps.db, page);
  return { docs: docs.map(chatSessionOf), totalDocs };
}
