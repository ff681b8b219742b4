/** The texts of the unit's History tab, in one place. */
export const HISTORY_TEXTS = {
  detailsTab: 'Details',
  historyTab: 'History',
  time: 'Time',
  what: 'What',
  who: 'Who',
  unit: 'the unit',
  empty: 'Nothing recorded yet.',
} as const;
