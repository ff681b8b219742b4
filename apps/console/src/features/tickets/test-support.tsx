import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { Attachment, Comment, Ticket, TicketSummary } from '@equipment-dashboard/contract';
import { type Role } from '@equipment-dashboard/domain';
import { findDialog } from '../../shared/testing/dialogs';
import { json, type StubHandler } from '../../test/fetch-stub';
import { openApp } from '../../test/render-app';
import { pagedRoute } from '../../test/lists';

const at = '2024-05-20T12:00:00.000Z';

export function ticket(id: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id,
    serialNumber: `AX1AS${String(id).padStart(4, '0')}`,
    status: 'open',
    closed: false,
    escalated: false,
    createdAt: at,
    issuerUsername: 'support',
    issuerEmail: 'support@example.com',
    closedByUsername: null,
    originatorName: `Caller ${id}`,
    originatorEmail: `caller${id}@shop.example`,
    connected: true,
    version: '5.2.1',
    specs: 'AP-2026-08',
    family: 'aligner',
    model: 'Axial Trak 3300 Dragon',
    techOnSite: true,
    disposition: 'Owned Aligner',
    inService: 'since 2019',
    description: `Problem of ticket ${id}`,
    circumstance: 'During a front-end alignment.',
    issueStartedOn: 'last week',
    environment: 'Shop floor',
    exhibitingNow: null,
    reproducible: false,
    attemptedResolution: 'Restarted the unit.',
    componentsReplaced: 'None',
    other: '',
    comments: [],
    attachments: [],
    ...overrides,
  };
}

export const comment = (id: number, authorUsername: string, text: string, createdAt = at): Comment => ({
  id,
  authorUsername,
  createdAt,
  text,
});

export const attachment = (id: number, description: string, authorUsername = 'engineer'): Attachment => ({
  id,
  fileName: `ticket-1-attachment-${id}.png`,
  thumbFileName: `ticket-1-attachment-${id}-thumb.png`,
  description,
  authorUsername,
  createdAt: at,
});

const summaryOf = ({ comments: _c, attachments: _a, ...summary }: Ticket): TicketSummary => summary;

/** The ticket world of a test: tickets newest first, as the server lists them. */
export interface TicketWorld {
  tickets: Ticket[];
}

/** Twelve tickets: two pages; 12 is escalated, 11 is closed, 3 was opened by admin. */
function twelveTickets(): Ticket[] {
  const tickets: Ticket[] = [];
  for (let id = 12; id >= 1; id -= 1) tickets.push(ticket(id));
  const set = (id: number, patch: Partial<Ticket>) => {
    const index = tickets.findIndex((t) => t.id === id);
    tickets[index] = { ...(tickets[index] as Ticket), ...patch };
  };
  set(12, { escalated: true });
  set(11, { status: 'closed', closed: true, closedByUsername: 'engineer' });
  set(3, { issuerUsername: 'admin' });
  return tickets;
}

/** GET /read/tickets/v1/ as the server answers it: open only unless closed=true, mine by username, serial prefix. */
function readTicketsRoute(world: TicketWorld): StubHandler {
  return pagedRoute(
    () => world.tickets.map(summaryOf),
    (t, params) =>
      (params.get('closed') === 'true' || t.status === 'open') &&
      (params.get('mine') !== 'true' || t.issuerUsername === params.get('username')) &&
      t.serialNumber.startsWith((params.get('filterSerialNumber') ?? '').toUpperCase()),
  );
}

function readTicketRoute(world: TicketWorld): StubHandler {
  return (request) => {
    const id = Number(new URL(request.url).searchParams.get('id'));
    return (
      world.tickets.find((t) => t.id === id) ?? json(404, { error: `No ticket ${id}.`, code: 'not_found' })
    );
  };
}

/** Changes a ticket of the world and answers it, as the ticket writes do. */
export function patchTicket(world: TicketWorld, id: number, patch: Partial<Ticket>): Ticket {
  world.tickets = world.tickets.map((t) => (t.id === id ? { ...t, ...patch } : t));
  return world.tickets.find((t) => t.id === id) as Ticket;
}

export const png = () => new Response(new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }));

/** /SupportTickets for a role over a mutable ticket world, with extra routes per test. */
export function openTickets(
  role: Role = 'support',
  overrides: (world: TicketWorld) => Record<string, StubHandler> = () => ({}),
) {
  const world: TicketWorld = { tickets: twelveTickets() };
  const app = openApp('/SupportTickets', role, {
    '/read/tickets/v1/': readTicketsRoute(world),
    '/read/ticket/v1/': readTicketRoute(world),
    ...overrides(world),
  });
  return { ...app, world };
}

/** The list's row of ticket `id`. */
export const ticketRow = (id: number) => screen.getByRole('row', { name: new RegExp(`^${id} AX1AS`) });

/** Once the list shows, clicks `button` in ticket `id`'s row; answers the dialog titled `title` it opens. */
export async function openRowDialog(user: UserEvent, id: number, button: string, title: string) {
  await screen.findByRole('cell', { name: 'Caller 12' });
  await user.click(within(ticketRow(id)).getByRole('button', { name: button }));
  return findDialog(title);
}

/** The server's sentence for a change to ticket `id`, closed meanwhile. */
export const ticketClosedSentence = (id: number) =>
  `Ticket ${id} is closed: it cannot be changed or commented on.`;

/** The server's refusal of a change to ticket `id`, closed meanwhile. */
export const ticketClosedAnswer = (id: number) =>
  json(409, { error: ticketClosedSentence(id), code: 'ticket_closed' });
