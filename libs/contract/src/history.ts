import { z } from 'zod';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, timestampSchema } from './primitives';
import { requiredText } from './query';

// A unit's timeline ("Unit history"): what happened to it, newest first.

/** What a timeline entry records. */
export const UNIT_HISTORY_KINDS = [
  'connected',
  'disconnected',
  'versionChanged',
  'updatePhase',
  'commandQueued',
  'commandEnded',
  'staged',
  'unstaged',
  'ticketOpened',
  'ticketClosed',
  'alert',
] as const;
/** One of {@link UNIT_HISTORY_KINDS}. */
export type UnitHistoryKind = (typeof UNIT_HISTORY_KINDS)[number];

/**
 * One event of a unit's timeline: `summary` says what happened as the timeline shows it, `actor` who
 * caused it (null when the unit did it itself), `at` when (simulated clock).
 */
export const unitHistoryEntrySchema = z.object({
  id: z.int().min(1),
  serialNumber: z.string().min(1),
  kind: z.union([z.enum(UNIT_HISTORY_KINDS), z.string().min(1)]),
  summary: z.string(),
  actor: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  at: timestampSchema,
});
/** See {@link unitHistoryEntrySchema}. */
export type UnitHistoryEntry = z.infer<typeof unitHistoryEntrySchema>;

const history = areaEndpoints('history');

export const readAlignerHistory = history.get('readAlignerHistory', '/read/aligner_history/v1', {
  query: pagedListQuery({ serialNumber: requiredText }),
  response: paged(unitHistoryEntrySchema),
  summary: "Lists a unit's timeline, newest first, 10 per page (404 for an unknown unit).",
});

/** A unit's timeline: connections, update phases, versions, commands, stagings, tickets and alerts. */
export const historyEndpoints = { readAlignerHistory } as const;
