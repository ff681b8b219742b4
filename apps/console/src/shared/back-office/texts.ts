/**
 * Texts of the back-office pieces that several screens share (tables, confirmations, server errors,
 * the country select). None is quoted by the spec; the words are ours.
 */
export const BACK_OFFICE_TEXTS = {
  yes: 'Yes',
  no: 'No',
  closeDialog: 'Close',
  itemsPerPage: 'Items per page',
  total: (count: number) => `${count.toLocaleString('en-US')} in all`,
  unreachable: 'The server cannot be reached. Please try again.',
  listFailed: 'The list could not be loaded.',
  retry: 'Retry',
  country: 'Country',
  countriesFailed: 'The countries could not be loaded.',
} as const;
