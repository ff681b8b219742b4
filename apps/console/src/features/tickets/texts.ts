import { TICKET_FIELD_TEXTS } from '../../shared/tickets/texts';

/**
 * Texts of the Support Tickets screen (back-office §2.1, §8). Quoted spec texts are letter for letter
 * (the confirmation texts and the dialog title come from libs/domain); the others are ours.
 */
export const TICKETS_TEXTS = {
  title: 'Support Tickets',

  // Toolbar (back-office §2.1).
  onlyMine: 'Only My Tickets',
  includeClosed: 'Include Closed Tickets',
  filterSerialNumber: 'filter serial number',

  // Columns (back-office §2.1).
  id: 'ID',
  serialNumber: 'Serial Number',
  status: 'Status',
  openedAt: 'Opened At',
  openedBy: 'Opened By',
  closedBy: 'Closed By',
  callerName: "Caller's Name",
  actions: 'Actions',
  open: 'OPEN',
  closed: 'CLOSED',
  escalatedTag: 'ESCALATED',

  // Row actions (back-office §2.1).
  viewDetails: 'View details',
  addComment: 'Add comment',
  escalate: 'Escalate',
  deescalate: 'De-escalate',
  close: 'Close',
  escalateTitle: 'Escalate Ticket',
  deescalateTitle: 'De-escalate Ticket',
  closeTitle: 'Close Ticket',
  noDescription: 'no description',

  // Detail dialog (back-office §2.1).
  titleLoading: (id: number) => `Support Ticket - ${id}`,
  ticketTab: 'Ticket',
  attachmentsTab: (count: number) => `Attachments (${count})`,
  noComments: 'NO COMMENTS',
  noAttachments: 'NO ATTACHMENTS',
  newAttachment: 'New Attachment',
  newComment: 'New Comment',
  cancel: 'Cancel',
  comments: 'Comments',
  loading: 'Loading…',
  ticketFailed: 'The ticket could not be loaded.',

  // Ticket fields (back-office §3; labels as the ticket stepper of console-core §3 names them).
  ...TICKET_FIELD_TEXTS,
  family: 'Family',
  escalated: 'Escalated',
  callerEmail: "Caller's Email",
  connected: 'Connected',
  version: 'Version',
  specs: 'Specs',
  notAnswered: '—',

  // Comment dialog (back-office §2.1).
  commentTitle: (id: number) => `New Comment - Support Ticket ${id}`,
  newCommentText: 'New comment text',
  save: 'Save',

  // Attachment dialog (back-office §2.1).
  attachmentTitle: (id: number) => `New Attachment - Support Ticket ${id}`,
  file: 'File (PNG or JPEG)',
  chooseFile: 'Choose File',
  upload: 'Upload',
  notAnImage: 'Only PNG and JPEG images can be attached.',

  // Attachments tab (back-office §2.1).
  download: 'Download',
  openImage: (description: string) => `Open ${description}`,
  byAt: (author: string, at: string) => `${author} · ${at}`,
  downloadFailed: (reason: string) => `The attachment could not be downloaded: ${reason}`,
  imageFailed: 'The image could not be loaded.',

  // Results (ours).
  escalatedDone: (id: number) => `Ticket ${id} is escalated.`,
  deescalatedDone: (id: number) => `Ticket ${id} is no longer escalated.`,
  closedDone: (id: number) => `Ticket ${id} is closed.`,
  commentSaved: (id: number) => `Your comment on ticket ${id} is saved.`,
  attachmentSaved: (id: number) => `The attachment is added to ticket ${id}.`,
} as const;
