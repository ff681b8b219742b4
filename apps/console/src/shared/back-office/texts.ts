/**
 * Texts of the back-office pieces that several screens share (tables, confirmations, server errors,
 * the country select). None is quoted by the spec; the words are ours.
 */
export const BACK_OFFICE_TEXTS = {
  yes: 'Yes',
  no: 'No',
  cancel: 'Cancel',
  itemsPerPage: 'Items per page',
  total: (count: number) => `${count.toLocaleString('en-US')} in all`,
  unreachable: 'The server cannot be reached. Please try again.',
  listFailed: 'The list could not be loaded.',
  retry: 'Retry',
  country: 'Country',
  countriesFailed: 'The countries could not be loaded.',
  /** The CSV export of a server-paged list: every row matching the filters, not one page. */
  exportCsv: 'Export CSV',
  exportCsvHint: 'Download every row that matches the filters as a CSV file',
  exportCsvDone: (fileName: string) => `${fileName} was downloaded.`,
  exportCsvFailed: (reason: string) => `The CSV export failed: ${reason}`,
} as const;
