import type { UnitHistoryKind } from '@equipment-dashboard/contract';
import type { HistoryEvent } from './history-repo';

// The timeline entries of the changes the API and the units' commands make, worded as the History tab shows them.
// The units' own changes (connection, version, update phase) are worded in SQL by runtime-repo's write-behind.

interface CommandFacts {
  serialNumber: string;
  command: string;
  username: string;
  status: string;
  result: unknown;
  createdAt: Date;
  completedAt: Date | null;
}

const event = (kind: UnitHistoryKind, e: Omit<HistoryEvent, 'kind'>): HistoryEvent => ({ kind, ...e });

/** A command queued for a unit, by whom. */
export function commandQueuedEvent(row: CommandFacts): HistoryEvent {
  return event('commandQueued', {
    serialNumber: row.serialNumber,
    summary: `Command ${row.command} sent by ${row.username}`,
    detail: { command: row.command },
    actor: row.username,
    at: row.createdAt,
  });
}

/** How a command ended (completed, failed with the unit's reason, expired); the actor is who sent it. */
export function commandEndedEvent(row: CommandFacts): HistoryEvent {
  const reason = (row.result as { error?: unknown } | null)?.error;
  const why = row.status !== 'completed' && typeof reason === 'string' ? `: ${reason}` : '';
  return event('commandEnded', {
    serialNumber: row.serialNumber,
    summary: `Command ${row.command} ${row.status}${why}`,
    detail: { command: row.command, outcome: row.status },
    actor: row.username,
    at: row.completedAt ?? row.createdAt,
  });
}

/** An update staged on a unit (auto: by the update scheduler on the user's behalf) or unstaged. */
export function stagingEvent(
  serialNumber: string,
  change: { semantic: string; auto: boolean } | null,
  by: string,
  at: Date,
): HistoryEvent {
  if (!change) return event('unstaged', { serialNumber, summary: `Update unstaged by ${by}`, actor: by, at });
  return event('staged', {
    serialNumber,
    summary: `Update ${change.semantic} staged by ${by}${change.auto ? ' (scheduled)' : ''}`,
    detail: { version: change.semantic, auto: change.auto },
    actor: by,
    at,
  });
}

/** A support ticket opened or closed on a unit. */
export function ticketEvent(
  serialNumber: string,
  id: number,
  change: 'opened' | 'closed',
  by: string,
  at: Date,
): HistoryEvent {
  return event(change === 'opened' ? 'ticketOpened' : 'ticketClosed', {
    serialNumber,
    summary: `Ticket ${id} ${change} by ${by}`,
    detail: { ticketId: id },
    actor: by,
    at,
  });
}
