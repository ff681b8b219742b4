import { z } from 'zod';
import { endpoint } from './endpoint';
import { aiStatisticsSchema, chatSessionSchema, paged } from './entities';
import { pageQuery } from './query';

// The old console called a separate AI service with an empty authorization header (back-office §7).
// Here the product's own server answers these paths, so they need the user's token like every call.

export const readStatistics = endpoint({
  name: 'ai.readStatistics',
  method: 'GET',
  path: '/statistics',
  response: aiStatisticsSchema,
  auth: 'token',
  summary: 'Answers the AI assistant session statistics.',
});

export const readChatSessions = endpoint({
  name: 'ai.readChatSessions',
  method: 'GET',
  path: '/chat_sessions/',
  query: z.object({ page: pageQuery }),
  response: paged(chatSessionSchema),
  auth: 'token',
  summary: 'Lists AI chat sessions with their conversations, 10 per page, newest first.',
});

/** The AI calls of back-office §7.6. */
export const aiEndpoints = { readStatistics, readChatSessions } as const;
