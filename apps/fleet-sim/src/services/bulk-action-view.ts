import type {
  BulkAction,
  BulkActionKind,
  BulkActionProgress,
  BulkReasonCount,
} from '@equipment-dashboard/contract';
import type { BulkActionRow, StoredOutcomes, StoredSelection } from '../store/repos/bulk-actions-repo';

// A bulk job's row as the calls and the live event answer it.

/** The stored selection of a row. */
export const selectionOf = (row: BulkActionRow): StoredSelection =>
  row.selection as unknown as StoredSelection;
/** The stored outcomes of a row. */
export const outcomesOf = (row: BulkActionRow): StoredOutcomes => row.outcomes as StoredOutcomes;

/** The reason counts, most frequent first. */
function reasonsOf(outcomes: StoredOutcomes): BulkReasonCount[] {
  return Object.entries(outcomes.reasons ?? {})
    .map(([key, count]) => {
      const at = key.indexOf(':');
      return { outcome: key.slice(0, at) as BulkReasonCount['outcome'], reason: key.slice(at + 1), count };
    })
    .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason));
}

/** A row as the live event carries it: progress, without the units. */
export function progressOf(row: BulkActionRow): BulkActionProgress {
  return {
    id: row.id,
    action: row.action as BulkActionKind,
    state: row.state as BulkActionProgress['state'],
    total: row.total,
    done: row.done,
    skipped: row.skipped,
    failed: row.failed,
    reasons: reasonsOf(outcomesOf(row)),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** A row as the calls answer it. */
export function bulkActionOf(row: BulkActionRow): BulkAction {
  const selection = selectionOf(row);
  return {
    ...progressOf(row),
    selection: { kind: selection.kind, ...(selection.query ? { query: selection.query } : {}) },
    units: outcomesOf(row).units ?? [],
  };
}
