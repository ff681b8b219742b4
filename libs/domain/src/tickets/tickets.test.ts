import fc from 'fast-check';
import {
  TICKET_CONFIRM_TEXTS,
  booleanToYesNo,
  canSendComment,
  canUploadAttachment,
  isAllowedAttachmentType,
  ticketDialogTitle,
  ticketRowActions,
  ticketTexts,
  TICKET_TEXT_FIELDS,
  yesNoToBoolean,
} from './tickets';

describe('ticketRowActions', () => {
  it('when a ticket is open and not escalated, then comment, escalate and close are offered', () => {
    // back-office §2.1: Add comment, only if open; Escalate, only if open and not escalated; Close, only if open
    expect(ticketRowActions({ status: 'open', escalated: false })).toEqual({
      view: true,
      comment: true,
      escalate: true,
      deescalate: false,
      close: true,
    });
  });

  it('when a ticket is open and escalated, then de-escalate replaces escalate', () => {
    // back-office §2.1: De-escalate, only if open and escalated
    expect(ticketRowActions({ status: 'open', escalated: true })).toMatchObject({
      escalate: false,
      deescalate: true,
    });
  });

  it('when a ticket is closed, then only view is offered', () => {
    // back-office §4: open to closed is irreversible, and a closed ticket takes no comments
    fc.assert(
      fc.property(fc.boolean(), (escalated) => {
        expect(ticketRowActions({ status: 'closed', escalated })).toEqual({
          view: true,
          comment: false,
          escalate: false,
          deescalate: false,
          close: false,
        });
      }),
    );
  });
});

describe('texts', () => {
  it('when confirming, then the texts are the spec texts', () => {
    // back-office §2.1: Confirmation texts
    expect(TICKET_CONFIRM_TEXTS.close).toBe(
      'Close this ticket? Closed tickets cannot be commented on and cannot be reopened.',
    );
    expect(TICKET_CONFIRM_TEXTS.escalate).toBe(
      'Escalate this ticket? Escalated tickets will generate e-mails to engineering.',
    );
    expect(TICKET_CONFIRM_TEXTS.deescalate).toBe(
      'De-escalate this ticket? De-escalated tickets will no longer generate e-mails to engineering.',
    );
  });

  it('when the dialog opens, then its title is Support Ticket - id - STATUS', () => {
    // back-office §2.1: Ticket detail dialog, titled Support Ticket - id - OPEN or CLOSED
    expect(ticketDialogTitle(12, 'open')).toBe('Support Ticket - 12 - OPEN');
    expect(ticketDialogTitle('7', 'closed')).toBe('Support Ticket - 7 - CLOSED');
  });
});

describe('attachments', () => {
  it('when the file is PNG or JPEG, then the type is allowed', () => {
    // back-office §9: Attachment types: PNG, JPEG
    expect(isAllowedAttachmentType('image/png')).toBe(true);
    expect(isAllowedAttachmentType('IMAGE/JPEG')).toBe(true);
    expect(isAllowedAttachmentType('image/gif')).toBe(false);
    expect(isAllowedAttachmentType(undefined)).toBe(false);
  });

  it('when a file and a description are present, then upload is enabled', () => {
    // back-office §2.1: Upload is disabled until a file is chosen and the description is non-empty
    expect(canUploadAttachment({ file: { type: 'image/png' }, description: 'front camera' })).toBe(true);
    expect(canUploadAttachment({ file: null, description: 'x' })).toBe(false);
    expect(canUploadAttachment({ file: { type: 'image/png' }, description: '  ' })).toBe(false);
    expect(canUploadAttachment({ file: { type: 'application/pdf' }, description: 'x' })).toBe(false);
  });
});

describe('yes/no', () => {
  it('when a select reads Yes or No, then it maps to a boolean', () => {
    // console-core §5: Yes/No selects map to booleans
    expect(yesNoToBoolean('Yes')).toBe(true);
    expect(yesNoToBoolean('No')).toBe(false);
    expect(yesNoToBoolean(' yes ')).toBe(true);
    expect(yesNoToBoolean(true)).toBe(true);
    expect(yesNoToBoolean(undefined)).toBe(false);
    expect(booleanToYesNo(true)).toBe('Yes');
    expect(booleanToYesNo(null)).toBe('No');
  });

  it('when a comment is empty, then nothing is sent', () => {
    // back-office §5: Empty or cancelled text sends nothing
    expect(canSendComment('')).toBe(false);
    expect(canSendComment('  ')).toBe(false);
    expect(canSendComment(null)).toBe(false);
    expect(canSendComment('ok')).toBe(true);
  });
});

describe('ticketTexts', () => {
  it('when some answers are left out or null, then each of them is blank and the given ones are kept', () => {
    const texts = ticketTexts({ description: 'Left camera dead', other: null });
    expect(Object.keys(texts)).toEqual([...TICKET_TEXT_FIELDS]);
    expect(texts.description).toBe('Left camera dead');
    expect(texts.other).toBe('');
    expect(texts.originatorName).toBe('');
  });
});
