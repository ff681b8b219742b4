/**
 * Texts of the Notifications screen (back-office §2.6). Quoted spec texts (column names, the button and
 * the wizard's step names) are letter for letter; the others are ours.
 */
export const NOTIFICATIONS_TEXTS = {
  title: 'Notifications',
  createNotification: 'Create Notification',

  // Columns (back-office §2.6).
  name: 'Name',
  path: 'Path',
  mimeType: 'MIME Type',
  begins: 'Begins',
  ends: 'Ends',
  targetType: 'Target Type',
  target: (family: string, place: string) => `${family} · ${place}`,

  // Wizard steps (back-office §2.6).
  stepTimePeriod: 'Select Time Period',
  stepConfigure: 'Configure Notification',
  stepTarget: 'Target Notification',
  startDate: 'Start Date',
  endDate: 'End Date',
  contentMimeType: 'Content MIME Type',
  contentPath: 'Content Path',
  family: 'Family',
  country: 'Country',
  region: 'Region',
  city: 'City',
  optional: 'Optional: leave blank for the whole country (or region).',
  next: 'Next',
  previous: 'Previous',
  cancel: 'Cancel',
  create: 'Create',
  closeDialog: 'Close',

  // Results (ours).
  created: (name: string) => `Notification ${name} was created.`,
} as const;
