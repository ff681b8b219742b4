import { exampleAiStatistics, exampleChatSession } from '@equipment-dashboard/contract/testing';
import { describeSlice, json } from './testing/slice-harness';
import { aiApi } from './ai.api';

describeSlice('ai', aiApi.endpoints, {
  readStatistics: { arg: undefined, respond: () => json(exampleAiStatistics) },
  readChatSessions: {
    arg: { page: 1 },
    query: { page: '1' },
    respond: () => json({ docs: [exampleChatSession], totalDocs: 1 }),
  },
});
