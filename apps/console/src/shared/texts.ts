/** Texts of the shared UI pieces (console-core §2 snackbars). */
export const SHARED_TEXTS = {
  close: 'CLOSE',
  closeAlert: 'Close alert',
  /** The close icon of a dialog. */
  closeDialog: 'Close',
  busy: 'Loading…',
  sessionEnded: 'Your session has ended. Please sign in again.',
  chartLoading: 'Loading chart…',
} as const;
