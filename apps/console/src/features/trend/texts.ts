/** Texts of the Trend Chart screen (console-core §2). */
export const TREND_TEXTS = {
  title: 'Trend Chart',
  image: 'Trend chart of connected equipment',
  failed: 'The trend chart could not be loaded.',
  retry: 'Try again',
} as const;
