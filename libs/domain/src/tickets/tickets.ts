/**
 * Support ticket rules (back-office §2.1, §4, §5; console-core §3, §5): which row actions a ticket
 * offers, the confirmation texts, the dialog title and the attachment rule.
 */
import { ATTACHMENT_MIME_TYPES } from '../constants/constants';

/** A ticket's status (back-office §3). Open to closed is irreversible (back-office §4). */
export type TicketStatus = 'open' | 'closed';

/** The row actions of one ticket in the Support Tickets table. */
export interface TicketRowActions {
  /** View details: always. */
  view: true;
  /** Add comment: only while open. */
  comment: boolean;
  /** Escalate: only while open and not escalated. */
  escalate: boolean;
  /** De-escalate: only while open and escalated. */
  deescalate: boolean;
  /** Close: only while open. */
  close: boolean;
}

/**
 * The row actions a ticket offers (back-office §2.1). The server refuses the same transitions: a closed
 * ticket takes no comment, escalation change or second close (back-office §4).
 */
export function ticketRowActions(ticket: { status: TicketStatus; escalated: boolean }): TicketRowActions {
  const open = ticket.status === 'open';
  return {
    view: true,
    comment: open,
    escalate: open && !ticket.escalated,
    deescalate: open && ticket.escalated === true,
    close: open,
  };
}

/** Confirmation texts of the ticket actions, exactly as back-office §2.1 gives them. */
export const TICKET_CONFIRM_TEXTS = {
  close: 'Close this ticket? Closed tickets cannot be commented on and cannot be reopened.',
  escalate: 'Escalate this ticket? Escalated tickets will generate e-mails to engineering.',
  deescalate: 'De-escalate this ticket? De-escalated tickets will no longer generate e-mails to engineering.',
} as const;

/** The ticket detail dialog title: 'Support Ticket - 12 - OPEN' (back-office §2.1). */
export function ticketDialogTitle(id: number | string, status: TicketStatus): string {
  return `Support Ticket - ${id} - ${String(status).toUpperCase()}`;
}

/** True for the attachment types PNG and JPEG (back-office §2.1, §9). Case-insensitive; parameters ignored. */
export function isAllowedAttachmentType(mime: string | null | undefined): boolean {
  if (typeof mime !== 'string') return false;
  const base = mime.split(';')[0]?.trim().toLowerCase() ?? '';
  return (ATTACHMENT_MIME_TYPES as readonly string[]).includes(base);
}

/**
 * True when an attachment may be uploaded: a PNG or JPEG file and a non-empty description (back-office
 * §2.1, §5). Decision: a description of only spaces counts as empty.
 */
export function canUploadAttachment(form: { file?: { type: string } | null; description: string }): boolean {
  return (
    form.file !== null &&
    form.file !== undefined &&
    isAllowedAttachmentType(form.file.type) &&
    typeof form.description === 'string' &&
    form.description.trim() !== ''
  );
}

/** What a Yes/No select shows (console-core §5). */
export type YesNo = 'Yes' | 'No';

/**
 * A Yes/No select value as a boolean (console-core §5: "Yes/No selects map to booleans"). 'Yes' (any
 * case, trimmed) and `true` are true. Decision: everything else, including an unanswered select, is
 * false, since the ticket has no required fields and the payload carries booleans.
 */
export function yesNoToBoolean(value: string | boolean | null | undefined): boolean {
  if (typeof value === 'boolean') return value;
  return typeof value === 'string' && value.trim().toLowerCase() === 'yes';
}

/** A boolean as the Yes/No text the ticket fields and the users table show (back-office §2.5). */
export function booleanToYesNo(value: boolean | null | undefined): YesNo {
  return value === true ? 'Yes' : 'No';
}

/** True when a comment would be sent: empty or only-space text sends nothing (back-office §5). */
export function canSendComment(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.trim() !== '';
}

/** The free-text answers of a ticket's form (console-core §3), in the form's order. */
export const TICKET_TEXT_FIELDS = [
  'originatorName',
  'originatorEmail',
  'inService',
  'componentsReplaced',
  'description',
  'circumstance',
  'attemptedResolution',
  'environment',
  'other',
  'issueStartedOn',
] as const;
/** One of {@link TICKET_TEXT_FIELDS}. */
export type TicketTextField = (typeof TICKET_TEXT_FIELDS)[number];

/**
 * A ticket's free-text answers from a form or a request, each blank where it was left out: the console sends them
 * so and the server stores them so (no field of a ticket is required).
 */
export function ticketTexts(
  source: Partial<Record<TicketTextField, string | null>>,
): Record<TicketTextField, string> {
  return Object.fromEntries(TICKET_TEXT_FIELDS.map((field) => [field, source[field] ?? ''])) as Record<
    TicketTextField,
    string
  >;
}
