import { z } from 'zod';
import { areaEndpoints, pagedListQuery } from './define';
import { countSchema, paged, timestampSchema } from './primitives';

// The AI entities (back-office §3).

/** One exchange of a chat: the query and the assistant's response. */
export const chatExchangeSchema = z.object({
  query: z.string(),
  response: z.string(),
});

/** An AI chat session (back-office §3). */
export const chatSessionSchema = z.object({
  sessionId: z.string().min(1),
  serialNumber: z.string(),
  isOpen: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  conversation: z.array(chatExchangeSchema),
});
/** See {@link chatSessionSchema}. */
export type ChatSession = z.infer<typeof chatSessionSchema>;

/**
 * AI statistics (back-office §3). Averages are seconds; queueAverage and inFlightAverage are null
 * when there is nothing to average (the console shows 0).
 */
export const aiStatisticsSchema = z.object({
  sessionCount: countSchema,
  openSessionCount: countSchema,
  averageConversationLength: z.number().min(0),
  queueAverage: z.number().min(0).nullable(),
  inFlightAverage: z.number().min(0).nullable(),
});
/** See {@link aiStatisticsSchema}. */
export type AiStatistics = z.infer<typeof aiStatisticsSchema>;

// The old console called a separate AI service with an empty authorization header (back-office §7).
// Here the product's own server answers these paths, so they need the user's token like every call.

const ai = areaEndpoints('ai');

export const readStatistics = ai.get('readStatistics', '/statistics', {
  response: aiStatisticsSchema,
  summary: 'Answers the AI assistant session statistics.',
});

export const readChatSessions = ai.get('readChatSessions', '/chat_sessions/', {
  query: pagedListQuery(),
  response: paged(chatSessionSchema),
  summary: 'Lists AI chat sessions with their conversations, 10 per page, newest first.',
});

/** The AI calls of back-office §7.6. */
export const aiEndpoints = { readStatistics, readChatSessions } as const;
