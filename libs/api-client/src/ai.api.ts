import {
  type QueryOf,
  readChatSessions,
  readStatistics,
  type ResponseOf,
} from '@equipment-dashboard/contract';
import { baseApi } from './base-api';
import { listTags, toRequest } from './request';

/** AIKnow: assistant statistics and chat sessions (back-office §7.6). */
export const aiApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    readStatistics: build.query<ResponseOf<typeof readStatistics>, void>({
      query: () => toRequest(readStatistics),
      providesTags: ['AiStatistics'],
    }),
    readChatSessions: build.query<ResponseOf<typeof readChatSessions>, QueryOf<typeof readChatSessions>>({
      query: (query) => toRequest(readChatSessions, { query }),
      providesTags: (result) => listTags('ChatSession', result?.docs, (session) => session.sessionId),
    }),
  }),
});

export const { useReadStatisticsQuery, useReadChatSessionsQuery } = aiApi;
