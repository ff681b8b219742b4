import { screen, waitFor, within } from '@testing-library/react';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import {
  attachment,
  comment,
  openRowDialog,
  openTickets,
  patchTicket,
  png,
  ticketClosedAnswer,
  ticketClosedSentence,
  ticketRow,
  type TicketWorld,
} from './test-support';

/** Ticket 10 with two comments and one attachment, ticket 9 with nothing. */
function withHistory(world: TicketWorld) {
  patchTicket(world, 10, {
    comments: [
      comment(1, 'engineer', 'Checked the logs.', '2024-05-20T12:00:00.000Z'),
      comment(2, 'support', 'Customer called again.', '2024-05-21T08:30:15.000Z'),
    ],
    attachments: [attachment(7, 'Wheel clamp photo'), attachment(8, '')],
  });
}

async function openDetail(user: ReturnType<typeof openTickets>['user'], id: number, status = 'OPEN') {
  const dialog = await openRowDialog(user, id, 'View details', `Support Ticket - ${id} - ${status}`);
  await within(dialog).findByText('Caller 10'.replace('10', String(id)));
  return dialog;
}

/** The tickets screen with {@link withHistory}, the images of its two attachments answered. */
const openWithHistory = () =>
  openTickets('support', (world) => {
    withHistory(world);
    return { '/api/v1/ticket_attachment/7': png, '/api/v1/ticket_attachment/8': png };
  });

/** Ticket 10's detail dialog on its Attachments tab: the list of its two attachments. */
async function openAttachments(user: ReturnType<typeof openTickets>['user']) {
  const dialog = await openDetail(user, 10);
  await user.click(within(dialog).getByRole('tab', { name: 'Attachments (2)' }));
  return within(dialog).findByRole('list', { name: 'Attachments (2)' });
}

describe('ticket detail dialog', () => {
  it("when an open ticket is viewed, then 'Support Ticket - id - OPEN' shows its fields, its comments, Attachments (count), New Attachment, New Comment and Cancel", async () => {
    const { user } = openWithHistory();
    const dialog = await openDetail(user, 10);
    expect(within(dialog).getByRole('tab', { name: 'Ticket' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Attachments (2)' })).toBeInTheDocument();
    expect(within(dialog).getByText('Problem of ticket 10')).toBeInTheDocument();
    expect(within(dialog).getByText('Owned Aligner')).toBeInTheDocument();
    expect(within(dialog).getByText('caller10@shop.example')).toBeInTheDocument();
    const comments = within(dialog).getByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('Checked the logs.')).toBeInTheDocument();
    expect(within(comments).getByText('engineer')).toBeInTheDocument();
    expect(within(comments).getAllByText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toHaveLength(2);
    for (const name of ['New Attachment', 'New Comment', 'Cancel']) {
      expect(within(dialog).getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('when a closed ticket is viewed, then the title says CLOSED, NO COMMENTS shows, and only Cancel is offered', async () => {
    const { user } = openTickets('support');
    await screen.findByRole('cell', { name: 'Caller 12' });
    await user.click(screen.getByRole('checkbox', { name: 'Include Closed Tickets' }));
    await screen.findByText('CLOSED');
    await user.click(within(ticketRow(11)).getByRole('button', { name: 'View details' }));
    const dialog = await findDialog('Support Ticket - 11 - CLOSED');
    expect(await within(dialog).findByText('NO COMMENTS')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'New Comment' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'New Attachment' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Attachments (0)' }));
    expect(await within(dialog).findByText('NO ATTACHMENTS')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialogOpen('Support Ticket - 11 - CLOSED')).toBe(false));
  });

  it("when the Attachments tab opens, then each shows its thumbnail, description (or 'no description'), creator, time and Download; a thumbnail opens the large image", async () => {
    const { user, stub } = openWithHistory();
    const list = await openAttachments(user);
    const first = within(list).getByRole('listitem', { name: 'Wheel clamp photo' });
    expect(within(first).getByText(/^engineer · \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(list).getByRole('listitem', { name: 'no description' })).toBeInTheDocument();
    expect(await within(first).findByRole('img', { name: 'Wheel clamp photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    const thumbCalls = stub.callsTo('/api/v1/ticket_attachment/7');
    expect(new URL(thumbCalls[0]?.url ?? '').searchParams.get('thumbnail')).toBe('true');

    await user.click(within(first).getByRole('button', { name: 'Open Wheel clamp photo' }));
    const overlay = await findDialog('Wheel clamp photo');
    expect(await within(overlay).findByRole('img', { name: 'Wheel clamp photo' })).toBeInTheDocument();
    const full = stub.callsTo('/api/v1/ticket_attachment/7').filter((r) => !r.url.includes('thumbnail'));
    expect(full).toHaveLength(1);
    expect(full[0]?.headers.get('authorization')).toBe('Bearer token-support');
  });

  it('when Download is pressed, then the full file is fetched with the token and handed to the browser under its file name', async () => {
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('ticket-1-attachment-7.png');
    });
    const { user, stub } = openWithHistory();
    const list = await openAttachments(user);
    await user.click(
      within(within(list).getByRole('listitem', { name: 'Wheel clamp photo' })).getByRole('button', {
        name: 'Download',
      }),
    );
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(
      stub.callsTo('/api/v1/ticket_attachment/7').filter((r) => !r.url.includes('thumbnail')),
    ).toHaveLength(1);
    click.mockRestore();
  });
});

describe('comment dialog', () => {
  it("when New Comment is pressed, then the previous comments show above 'New comment text'; Save waits for text and sends it; the detail shows it", async () => {
    let sent: unknown = null;
    const { user } = openTickets('support', (world) => {
      withHistory(world);
      return {
        '/api/v1/ticket_attachment/7': png,
        '/api/v1/ticket_attachment/8': png,
        'POST /create/comment/v1/': async (request) => {
          sent = await request.json();
          const created = comment(3, 'support', 'Replaced the cable.', '2024-05-22T09:00:00.000Z');
          const current = world.tickets.find((t) => t.id === 10);
          patchTicket(world, 10, { comments: [...(current?.comments ?? []), created] });
          return created;
        },
      };
    });
    const detail = await openDetail(user, 10);
    await user.click(within(detail).getByRole('button', { name: 'New Comment' }));
    const dialog = await findDialog('New Comment - Support Ticket 10');
    expect(within(dialog).getByText('Customer called again.')).toBeInTheDocument();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('New comment text'), '   ');
    expect(save).toBeDisabled();
    await user.type(within(dialog).getByLabelText('New comment text'), 'Replaced the cable.');
    expect(save).toBeEnabled();
    await user.click(save);
    await waitFor(() =>
      expect(sent).toEqual({ ticketId: 10, authorUsername: 'support', text: '   Replaced the cable.' }),
    );
    await waitFor(() => expect(dialogOpen('New Comment - Support Ticket 10')).toBe(false));
    expect(await within(detail).findByText('Replaced the cable.')).toBeInTheDocument();
  });

  it('when Add comment is used from the row and Cancel is pressed, then nothing is sent', async () => {
    const { user, stub } = openTickets();
    const dialog = await openRowDialog(user, 9, 'Add comment', 'New Comment - Support Ticket 9');
    expect(await within(dialog).findByText('NO COMMENTS')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('New comment text'), 'never sent');
    await user.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1) as HTMLElement);
    await waitFor(() => expect(dialogOpen('New Comment - Support Ticket 9')).toBe(false));
    expect(stub.callsTo('/create/comment/v1/')).toHaveLength(0);
  });

  it('when the server refuses the comment, then its sentence shows and the text stays', async () => {
    const { user } = openTickets('support', () => ({
      'POST /create/comment/v1/': ticketClosedAnswer(9),
    }));
    const dialog = await openRowDialog(user, 9, 'Add comment', 'New Comment - Support Ticket 9');
    await user.type(within(dialog).getByLabelText('New comment text'), 'too late');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ticketClosedSentence(9));
    expect(within(dialog).getByLabelText('New comment text')).toHaveValue('too late');
  });
});

describe('attachment dialog', () => {
  it('when a PNG and a description are given, then Upload enables and sends them as multipart with the ticket and author; the count rises', async () => {
    let sent: { query: Record<string, string>; description: string | null; file: string | null } | null =
      null;
    const { user } = openTickets('support', (world) => ({
      'POST /upload_ticket_attachment': async (request) => {
        const form = await request.formData();
        const file = form.get('file');
        sent = {
          query: Object.fromEntries(new URL(request.url).searchParams),
          description: form.get('description') as string | null,
          file: file instanceof Blob ? (file as File).name : null,
        };
        const created = attachment(9, 'Cracked lens');
        patchTicket(world, 9, { attachments: [created] });
        return created;
      },
      '/api/v1/ticket_attachment/9': png,
    }));
    const detail = await openDetail(user, 9);
    expect(within(detail).getByRole('tab', { name: 'Attachments (0)' })).toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: 'New Attachment' }));
    const dialog = await findDialog('New Attachment - Support Ticket 9');
    const upload = within(dialog).getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Description'), 'Cracked lens');
    expect(upload).toBeDisabled();
    const input = dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg');
    await user.upload(
      input,
      new File([new Uint8Array([137, 80, 78, 71])], 'lens.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('lens.png')).toBeInTheDocument();
    expect(upload).toBeEnabled();
    await user.clear(within(dialog).getByLabelText('Description'));
    expect(upload).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Description'), 'Cracked lens');
    await user.click(upload);
    await waitFor(() =>
      expect(sent).toEqual({
        query: { ticketId: '9', authorUsername: 'support' },
        description: 'Cracked lens',
        file: 'lens.png',
      }),
    );
    await waitFor(() => expect(dialogOpen('New Attachment - Support Ticket 9')).toBe(false));
    expect(await within(detail).findByRole('tab', { name: 'Attachments (1)' })).toBeInTheDocument();
  });

  it('when the server refuses the file, then its sentence shows in the dialog', async () => {
    const { user } = openTickets('support', () => ({
      'POST /upload_ticket_attachment': json(400, {
        error: 'Only PNG and JPEG images can be attached.',
        code: 'unsupported_file_type',
        details: [{ path: 'file', message: 'not PNG or JPEG (image/png)' }],
      }),
    }));
    const detail = await openDetail(user, 9);
    await user.click(within(detail).getByRole('button', { name: 'New Attachment' }));
    const dialog = await findDialog('New Attachment - Support Ticket 9');
    await user.type(within(dialog).getByLabelText('Description'), 'fake');
    await user.upload(
      dialog.querySelector<HTMLInputElement>('input[type="file"]') as HTMLInputElement,
      new File(['not an image'], 'fake.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Only PNG and JPEG images can be attached.');
    expect(alert).toHaveTextContent('file: not PNG or JPEG (image/png)');
  });
});
