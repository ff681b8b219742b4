import { act, screen, waitFor, within } from '@testing-library/react';
import { dialogOpen, findDialog } from '../../shared/testing/dialogs';
import { json } from '../../test/fetch-stub';
import {
  openRowDialog,
  openTickets,
  patchTicket,
  ticketClosedAnswer,
  ticketClosedSentence,
  ticketRow,
} from './test-support';
import { bodyRows, queryOf } from '../../test/lists';

const listCalls = (stub: ReturnType<typeof openTickets>['stub']) =>
  stub.callsTo('/read/tickets/v1/').map(queryOf);

describe('Support Tickets list', () => {
  it('when it opens, then the toolbar, the columns and the first 10 open tickets show, newest first', async () => {
    const { stub } = openTickets();
    expect(await screen.findByRole('cell', { name: 'Caller 12' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Only My Tickets' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Include Closed Tickets' })).not.toBeChecked();
    expect(screen.getByPlaceholderText('filter serial number')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'ID',
      'Serial Number',
      'Status',
      'Opened At',
      'Opened By',
      'Closed By',
      "Caller's Name",
      'Actions',
    ]);
    expect(bodyRows()).toHaveLength(10);
    expect(within(ticketRow(12)).getByText('OPEN')).toBeInTheDocument();
    expect(within(ticketRow(12)).getByText('ESCALATED')).toBeInTheDocument();
    expect(
      within(ticketRow(12)).getByRole('cell', { name: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ }),
    ).toBeInTheDocument();
    expect(within(ticketRow(12)).getByRole('link', { name: 'AX1AS0012' })).toHaveAttribute(
      'href',
      '/Aligners?serial=AX1AS0012',
    );
    expect(screen.queryByRole('row', { name: /^11 / })).not.toBeInTheDocument();
    expect(listCalls(stub)[0]).toEqual({ page: '1', closed: 'false', mine: 'false', username: 'support' });
    expect(document.querySelector('.ant-pagination-options .ant-select')).toHaveClass('ant-select-disabled');
  });

  it('when the toolbar changes, then the list is asked with mine, closed and the serial filter from page 1', async () => {
    const { stub, user } = openTickets('admin');
    await screen.findByRole('cell', { name: 'Caller 12' });
    await user.click(screen.getByTitle('2'));
    await screen.findByRole('cell', { name: 'Caller 1' });
    await user.click(screen.getByRole('checkbox', { name: 'Include Closed Tickets' }));
    expect(await screen.findByText('CLOSED')).toBeInTheDocument();
    expect(within(ticketRow(11)).getByRole('cell', { name: 'engineer' })).toBeInTheDocument();
    expect(listCalls(stub).at(-1)).toEqual({ page: '1', closed: 'true', mine: 'false', username: 'admin' });
    await user.click(screen.getByRole('checkbox', { name: 'Only My Tickets' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(ticketRow(3)).toBeInTheDocument();
    expect(listCalls(stub).at(-1)).toEqual({ page: '1', closed: 'true', mine: 'true', username: 'admin' });
    await user.click(screen.getByRole('checkbox', { name: 'Only My Tickets' }));
    await user.type(screen.getByPlaceholderText('filter serial number'), 'ax1as001');
    await waitFor(() =>
      expect(listCalls(stub).at(-1)).toEqual({
        page: '1',
        closed: 'true',
        mine: 'false',
        username: 'admin',
        filterSerialNumber: 'ax1as001',
      }),
    );
    expect(listCalls(stub).filter((query) => query['filterSerialNumber'] !== undefined)).toHaveLength(1);
  });

  it('when a row is open, then View details, Add comment and Close show, with Escalate or De-escalate by its state; a closed row shows only View details', async () => {
    const { user } = openTickets('support');
    await screen.findByRole('cell', { name: 'Caller 12' });
    const names = (id: number) =>
      within(ticketRow(id))
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label'));
    expect(names(12)).toEqual(['View details', 'Add comment', 'De-escalate', 'Close']);
    expect(names(10)).toEqual(['View details', 'Add comment', 'Escalate', 'Close']);
    await user.click(screen.getByRole('checkbox', { name: 'Include Closed Tickets' }));
    await screen.findByText('CLOSED');
    expect(names(11)).toEqual(['View details']);
  });

  it('when View details is hovered, then the description shows', async () => {
    const { user } = openTickets();
    await screen.findByRole('cell', { name: 'Caller 12' });
    await user.hover(within(ticketRow(10)).getByRole('button', { name: 'View details' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Problem of ticket 10');
  });

  it('when a guest looks, then only View details is offered', async () => {
    openTickets('guest');
    await screen.findByRole('cell', { name: 'Caller 12' });
    expect(
      within(ticketRow(12))
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['View details']);
  });

  it.each([
    [
      'Escalate',
      10,
      'Escalate this ticket? Escalated tickets will generate e-mails to engineering.',
      '/update/ticket_escalated/v1/',
      { id: 10 },
    ],
    [
      'De-escalate',
      12,
      'De-escalate this ticket? De-escalated tickets will no longer generate e-mails to engineering.',
      '/update/ticket_deescalated/v1/',
      { id: 12 },
    ],
    [
      'Close',
      10,
      'Close this ticket? Closed tickets cannot be commented on and cannot be reopened.',
      '/update/ticket_closed/v1/',
      { id: 10, username: 'support' },
    ],
  ])(
    'when %s is confirmed on ticket %i, then the exact question asks, the call is made and the list refreshes',
    async (label, id, question, path, body) => {
      let sent: unknown = null;
      const { stub, user } = openTickets('support', (world) => ({
        [`POST ${path}`]: async (request) => {
          sent = await request.json();
          const patch =
            label === 'Close'
              ? { status: 'closed' as const, closed: true, closedByUsername: 'support' }
              : { escalated: label === 'Escalate' };
          return patchTicket(world, id, patch);
        },
      }));
      await screen.findByRole('cell', { name: 'Caller 12' });
      const before = stub.callsTo('/read/tickets/v1/').length;
      await user.click(within(ticketRow(id)).getByRole('button', { name: label }));
      const dialog = await findDialog(new RegExp(`Ticket ${id}$`));
      expect(within(dialog).getByText(question)).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
      await waitFor(() => expect(sent).toEqual(body));
      await waitFor(() => expect(stub.callsTo('/read/tickets/v1/').length).toBeGreaterThan(before));
      if (label === 'Close')
        await waitFor(() =>
          expect(screen.queryByRole('cell', { name: `Caller ${id}` })).not.toBeInTheDocument(),
        );
      if (label === 'Escalate')
        await waitFor(() => expect(within(ticketRow(id)).getByText('ESCALATED')).toBeInTheDocument());
      if (label === 'De-escalate')
        await waitFor(() => expect(within(ticketRow(id)).queryByText('ESCALATED')).not.toBeInTheDocument());
    },
  );

  it('when No is pressed on a confirmation, then nothing is sent', async () => {
    const { stub, user } = openTickets();
    const dialog = await openRowDialog(user, 10, 'Close', 'Close Ticket 10');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(dialogOpen('Close Ticket 10')).toBe(false));
    expect(stub.callsTo('/update/ticket_closed/v1/')).toHaveLength(0);
  });

  it('when the server refuses a close (closed meanwhile), then its sentence shows in the confirmation', async () => {
    const { user } = openTickets('support', () => ({
      'POST /update/ticket_closed/v1/': ticketClosedAnswer(10),
    }));
    const dialog = await openRowDialog(user, 10, 'Close', 'Close Ticket 10');
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ticketClosedSentence(10));
  });

  it('when a live ticket event arrives, then the list is asked again and shows the new ticket', async () => {
    const { stub, live, world } = openTickets();
    await screen.findByRole('cell', { name: 'Caller 12' });
    act(() => live.last().serverConnects());
    const before = stub.callsTo('/read/tickets/v1/').length;
    world.tickets = [
      {
        ...(world.tickets[0] as (typeof world.tickets)[number]),
        id: 13,
        serialNumber: 'AX1AS0013',
        originatorName: 'Caller 13',
        escalated: false,
      },
      ...world.tickets,
    ];
    act(() =>
      live.last().serverEmits('REPORT_SUPPORT_TICKET_CREATED', {
        id: 13,
        serialNumber: 'AX1AS0013',
        openedBy: 'engineer',
      }),
    );
    expect(await screen.findByRole('cell', { name: 'Caller 13' })).toBeInTheDocument();
    expect(stub.callsTo('/read/tickets/v1/').length).toBeGreaterThan(before);
    expect(screen.getByText('New ticket 13 for aligner AX1AS0013 created by engineer.')).toBeInTheDocument();
  });

  it('when the list cannot be loaded, then the server sentence shows', async () => {
    openTickets('support', () => ({
      '/read/tickets/v1/': json(503, { error: 'The gateway is down.', code: 'unavailable' }),
    }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The gateway is down.');
  });
});
