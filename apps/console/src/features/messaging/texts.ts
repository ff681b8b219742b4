/**
 * Texts of the Messaging screen (back-office §2.7, §5, §8). Quoted spec texts (tab names from libs/domain
 * MESSAGE_TABS, buttons, columns, step names, 'Required') are letter for letter; the others are ours.
 */
export const MESSAGING_TEXTS = {
  title: 'Messaging',
  createNewMessage: 'Create New Message',

  // Columns (back-office §2.7).
  id: 'ID',
  header: 'Header',
  market: 'Market',
  startDate: 'Start Date',
  endDate: 'End Date',
  actions: 'Actions',

  // Row actions (back-office §2.7).
  edit: 'Edit',
  delete: 'Delete',
  view: 'View',
  editAndApprove: 'Edit and Approve',

  // Wizard (back-office §2.7).
  newTitle: 'Create New Message',
  editTitle: (id: number) => `Edit Message - ${id}`,
  approveTitle: (id: number) => `Approve Message - ${id}`,
  stepTimePeriod: 'Select Time Period',
  stepConfigure: 'Configure Notification',
  stepTarget: 'Target Notification',
  body: 'Body',
  callToAction: 'Call To Action',
  serialNumbersFile: 'Serial numbers (.csv)',
  chooseFile: 'Choose File',
  upload: 'Upload',
  serialCount: (count: number) => `${count.toLocaleString('en-US')} serial number${count === 1 ? '' : 's'}`,
  next: 'Next',
  previous: 'Previous',
  cancel: 'Cancel',
  save: 'Save',
  saveAndSubmit: 'Save and Submit',
  saveAndApprove: 'Save and Approve',

  // Read-only dialog.
  viewTitle: (id: number) => `Message - ${id}`,
  close: 'Close',

  // Delete confirmation (ours; the spec shows none for messages).
  deleteTitle: 'Delete Message',
  deleteConfirm: (id: number, header: string) =>
    `Are you sure you want to delete the message ${id} (${header})?`,

  // Results (ours).
  saved: (id: number) => `Message ${id} is saved as a draft.`,
  submitted: (id: number) => `Message ${id} is submitted for approval.`,
  approved: (id: number) => `Message ${id} is approved.`,
  deleted: (id: number) => `Message ${id} is deleted.`,
} as const;
