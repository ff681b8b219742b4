/** Texts of the shared UI pieces (console-core §2 snackbars). */
export const SHARED_TEXTS = {
  close: 'CLOSE',
  closeAlert: 'Close alert',
  /** The close icon of a dialog. */
  closeDialog: 'Close',
  busy: 'Loading…',
  sessionEnded: 'Your session has ended. Please sign in again.',
  chartLoading: 'Loading chart…',
  /** A phone's filters sheet: its button (with how many filters are set) and its title. */
  filters: (set = 0) => (set > 0 ? `Filters (${set})` : 'Filters'),
  filtersTitle: 'Filters',
  showResults: 'Show results',
  /** The title of a list's folded columns on a phone. */
  moreOfRow: 'More',
} as const;
