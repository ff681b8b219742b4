import { readChatSessions, readStatistics } from '@equipment-dashboard/contract';
import { injectAreaEndpoints } from './contract-calls';
import { listTags } from './request';

/** AIKnow: assistant statistics and chat sessions (back-office §7.6). */
export const aiApi = injectAreaEndpoints((call) => ({
  readStatistics: call.query(readStatistics, ['AiStatistics']),
  readChatSessions: call.query(readChatSessions, (result) =>
    listTags('ChatSession', result?.docs, (session) => session.sessionId),
  ),
}));

export const { useReadStatisticsQuery, useReadChatSessionsQuery } = aiApi;
