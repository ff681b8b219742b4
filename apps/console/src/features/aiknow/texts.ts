/**
 * Texts of the AIKnow screen (back-office §2.11). The title, column names, 'View Chat Details',
 * 'Chat Session' and 'NO EXCHANGES' are the spec's; the labels of the five figures are ours (the spec
 * describes them: total, open, average queries, queue wait, engine response).
 */
export const AIKNOW_TEXTS = {
  title: 'AIKnow',
  statisticsTab: 'Statistics',
  chatsTab: 'Chats',

  // Statistics (ours, after the spec's descriptions).
  sessionCount: 'Total Sessions Recorded',
  openSessionCount: 'Currently Open Sessions',
  averageConversationLength: 'Average Queries per Session',
  queueAverage: 'Average Queue Wait Time',
  inFlightAverage: 'Average Engine Response Time',
  seconds: (value: string) => `${value}s`,

  // Chats.
  sessionId: 'Session ID',
  serialNumber: 'Serial Number',
  open: 'Open',
  createdAt: 'Created At',
  updatedAt: 'Updated At',
  actions: 'Actions',
  viewChatDetails: 'View Chat Details',
  yes: 'yes',
  no: 'no',

  // Chat Session modal.
  chatSession: 'Chat Session',
  noExchanges: 'NO EXCHANGES',
  query: 'Query',
  response: 'Response',
  exchanges: 'Exchanges',
} as const;
