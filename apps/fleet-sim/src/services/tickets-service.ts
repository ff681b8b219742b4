import type {
  CreateTicketBody,
  Ticket,
  TicketHistoryItem,
  TicketStatistics,
} from '@equipment-dashboard/contract';
import {
  FAMILIES,
  TICKET_DISPOSITIONS,
  ticketTexts,
  type Family,
  type TicketDisposition,
} from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { ForbiddenError, NotFoundError } from '../core/errors';
import * as ticketsRepo from '../store/repos/tickets-repo';
import { findUnit } from '../store/repos/units-repo';
import { ticketEvent } from '../store/repos/history-events';
import { withHistory } from './history-service';
import { radarTouched } from './radar-service';
import type { ServiceDeps } from './service-deps';

const iso = (d: Date) => d.toISOString();

function dispositionOf(value: string): TicketDisposition | null {
  return (TICKET_DISPOSITIONS as readonly string[]).includes(value) ? (value as TicketDisposition) : null;
}

function familyOf(value: string): Family {
  return (FAMILIES as readonly string[]).includes(value) ? (value as Family) : 'aligner';
}

function comments(rows: ticketsRepo.CommentRow[]) {
  return rows.map((c) => ({
    id: c.id,
    authorUsername: c.authorUsername,
    createdAt: iso(c.createdAt),
    text: c.text,
  }));
}

/** What the caller reported, as a ticket and the unit's ticket history both answer it. */
function reportOf(row: ticketsRepo.TicketRow) {
  return {
    techOnSite: row.techOnSite,
    disposition: dispositionOf(row.disposition),
    inService: row.inService,
    description: row.description,
    circumstance: row.circumstance,
    issueStartedOn: row.issueStartedOn,
    environment: row.environment,
    exhibitingNow: row.exhibitingNow,
    reproducible: row.reproducible,
    attemptedResolution: row.attemptedResolution,
    componentsReplaced: row.componentsReplaced,
    other: row.other,
  };
}

export function ticketOf(row: ticketsRepo.TicketRow, commentRows: ticketsRepo.CommentRow[]): Ticket {
  return {
    id: row.id,
    serialNumber: row.serialNumber,
    status: row.status === 'closed' ? 'closed' : 'open',
    closed: row.status === 'closed',
    escalated: row.escalated,
    createdAt: iso(row.createdAt),
    issuerUsername: row.issuerUsername,
    issuerEmail: row.issuerEmail,
    closedByUsername: row.closedByUsername,
    originatorName: row.originatorName,
    originatorEmail: row.originatorEmail,
    connected: row.connected,
    version: row.version,
    specs: row.specs,
    family: familyOf(row.family),
    model: row.model,
    ...reportOf(row),
    comments: comments(commentRows),
    attachments: [],
  };
}

/**
 * Opens a ticket for a unit (console-core §2 ticket stepper). The issuer is the signed-in user. An
 * escalated ticket mails engineering (console-core §3 "Escalate to engineering (generate emails)").
 * Consoles hear REPORT_SUPPORT_TICKET_CREATED and the new statistics.
 */
export async function createTicket(
  deps: ServiceDeps,
  caller: AuthUser,
  input: CreateTicketBody & { escalated: boolean },
): Promise<Ticket> {
  if (input.issuerUsername !== caller.username)
    throw new ForbiddenError('The issuer must be the signed-in user.');
  if (!(await findUnit(deps.db, input.serialNumber)))
    throw new NotFoundError(`No unit with serial number ${input.serialNumber}.`);
  const row = await withHistory(
    deps,
    (t) =>
      ticketsRepo.insertTicket(t, {
        serialNumber: input.serialNumber,
        status: 'open',
        escalated: input.escalated,
        issuerUsername: caller.username,
        issuerEmail: input.issuerEmail || caller.email,
        ...ticketTexts(input),
        techOnSite: input.techOnSite ?? null,
        exhibitingNow: input.exhibitingNow ?? null,
        reproducible: input.reproducible ?? null,
        disposition: input.disposition ?? '',
        version: input.version,
        specs: input.specs ?? 'unknown',
        connected: input.connected,
        family: input.family,
        model: input.model,
      }),
    (created) => [
      ticketEvent(created.serialNumber, created.id, 'opened', caller.username, deps.clock.nowDate()),
    ],
  );
  const ticket = ticketOf(row, []);
  deps.live.emit('REPORT_SUPPORT_TICKET_CREATED', {
    id: ticket.id,
    serialNumber: ticket.serialNumber,
    openedBy: caller.username,
  });
  deps.live.emit('SUPPORT_TICKET_STATISTICS', await ticketStatistics(deps));
  await radarTouched(deps, [ticket.serialNumber]).catch((err: unknown) =>
    deps.logger.warn({ err }, 'radar update failed'),
  );
  if (ticket.escalated) await mailEngineering(deps, ticket, 'New escalated ticket');
  deps.logger.info(
    { ticket: ticket.id, serialNumber: ticket.serialNumber, by: caller.username },
    'ticket created',
  );
  return ticket;
}

export async function mailEngineering(deps: ServiceDeps, ticket: Ticket, what: string): Promise<void> {
  await deps.mailer.send({
    to: deps.config.ENGINEERING_MAIL,
    subject: `${what}: ticket ${ticket.id} for aligner ${ticket.serialNumber}`,
    text:
      `${what}: support ticket ${ticket.id} for aligner ${ticket.serialNumber} (${ticket.family} ${ticket.version}).\n` +
      `Opened by ${ticket.issuerUsername} on ${ticket.createdAt}.\n\nDescription:\n${ticket.description || '(none)'}\n\n` +
      `Attempted resolution:\n${ticket.attemptedResolution || '(none)'}\n`,
  });
}

/** Every ticket of a unit with its comments, newest first (console-core §7 ticketHistory). */
export async function ticketHistory(deps: ServiceDeps, serialNumber: string): Promise<TicketHistoryItem[]> {
  const rows = await ticketsRepo.ticketsOfUnit(deps.db, serialNumber);
  const all = await ticketsRepo.commentsOf(
    deps.db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    version: row.version,
    specs: row.specs,
    connected: row.connected,
    openedBy: row.issuerUsername,
    createdAt: iso(row.createdAt),
    callerName: row.originatorName,
    callerEmail: row.originatorEmail,
    ...reportOf(row),
    comments: comments(all.filter((c) => c.ticketId === row.id)),
  }));
}

/** Ticket counts for the home dashboard: open, closed, total, and per issuer. */
export async function ticketStatistics(deps: ServiceDeps): Promise<TicketStatistics> {
  const rows = await ticketsRepo.ticketCountsByIssuer(deps.db);
  const open = new Map<string, number>();
  const all = new Map<string, number>();
  let openTicketCount = 0;
  let closedTicketCount = 0;
  for (const row of rows) {
    all.set(row.issuerUsername, (all.get(row.issuerUsername) ?? 0) + row.n);
    if (row.status === 'closed') closedTicketCount += row.n;
    else {
      openTicketCount += row.n;
      open.set(row.issuerUsername, (open.get(row.issuerUsername) ?? 0) + row.n);
    }
  }
  const list = (m: Map<string, number>) =>
    [...m]
      .map(([issuerUsername, total]) => ({ issuerUsername, total }))
      .sort((a, b) => b.total - a.total || a.issuerUsername.localeCompare(b.issuerUsername));
  return {
    openTicketCount,
    closedTicketCount,
    totalTickets: openTicketCount + closedTicketCount,
    openTicketsByIssuer: list(open),
    ticketsByIssuer: list(all),
  };
}
