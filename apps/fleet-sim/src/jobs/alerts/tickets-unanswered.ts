import { ALERT_RULE_DEFAULTS } from '@equipment-dashboard/domain';
import type { Holding, RuleState } from './alert-book';
import type { Look } from './look';

/** An open escalated ticket, as the evaluator reads it. */
export interface EscalatedTicket {
  id: number;
  serialNumber: string;
  family: string;
  /** Its last comment, or its opening when it has none. */
  lastActivityAt: number;
  comments: number;
}

/** The subject key of a ticket's alert. */
export const ticketKey = (id: number): string => `ticket:${id}`;

/**
 * The ticketsUnanswered condition of a ticket: no comment for more than the rule's hours since its last comment
 * (or its opening). It holds from the moment those hours are up.
 */
export function ticketHolding(rule: RuleState, ticket: EscalatedTicket, now: number): Holding | null {
  const hours = rule.threshold ?? ALERT_RULE_DEFAULTS.ticketHours;
  const since = ticket.lastActivityAt + hours * 3_600_000;
  if (now < since) return null;
  const waited = Math.floor((now - ticket.lastActivityAt) / 3_600_000);
  return {
    key: ticketKey(ticket.id),
    since,
    subject: { ticketId: ticket.id, serialNumber: ticket.serialNumber },
    serialNumber: null,
    family: ticket.family,
    summary: `Escalated ticket ${ticket.id} on ${ticket.serialNumber} without a comment for ${waited} hours`,
  };
}

/** Looks at a ticketsUnanswered rule: one alert per escalated open ticket left without a comment too long. */
export function lookAtTickets(rule: RuleState, tickets: readonly EscalatedTicket[], look: Look): void {
  const held = new Set<string>();
  for (const ticket of tickets) {
    const holding = ticketHolding(rule, ticket, look.now);
    if (!holding) continue;
    held.add(holding.key);
    look.book.hold(rule, holding);
  }
  for (const key of [...rule.open.keys()]) if (!held.has(key)) look.book.clear(rule, key);
}
