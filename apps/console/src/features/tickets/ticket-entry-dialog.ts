/** The props of a dialog that adds an entry (a comment, an attachment) to a ticket under its author's name. */
export interface TicketEntryDialogProps {
  ticketId: number;
  authorUsername: string;
  onClose: () => void;
  /** The entry was saved to the ticket. */
  onSaved: (ticketId: number) => void;
}
