import type { BulkAction, BulkActionKind } from '@equipment-dashboard/contract';
import { mayReadBulkAction } from '@equipment-dashboard/domain';
import type { AuthUser } from '../auth/auth-user';
import { NotFoundError, ValidationError } from '../core/errors';
import { findBulkAction, insertBulkAction, type StoredSelection } from '../store/repos/bulk-actions-repo';
import type { EquipmentFilters } from '../read-models/unit-index';
import { bulkActionOf } from './bulk-action-view';
import type { ServiceDeps } from './service-deps';

export type BulkSelectionInput = { serials: string[] } | { query: EquipmentFilters };

/** The distinct serials of a selection: as named, or every unit the equipment list's filters match now. */
function serialsOf(deps: ServiceDeps, selection: BulkSelectionInput): StoredSelection {
  if ('serials' in selection)
    return { kind: 'serials', serials: [...new Set(selection.serials.map((s) => s.trim()))] };
  const query = Object.fromEntries(
    Object.entries(selection.query).filter(([, v]) => v !== undefined),
  ) as EquipmentFilters;
  return { kind: 'query', query, serials: deps.readModels.index.serialsMatchingEquipment(query) };
}

/**
 * Starts a bulk action: the selection is resolved now (a query's matches as they are at this moment,
 * so that whichever process runs or resumes the job works on the same units), the job is committed as running
 * with its total, and answered at once; any API process's runner takes it from the store and works through it.
 */
export async function createBulkAction(
  deps: ServiceDeps,
  user: AuthUser,
  input: { action: BulkActionKind; selection: BulkSelectionInput },
): Promise<BulkAction> {
  const selection = serialsOf(deps, input.selection);
  if (selection.serials.length === 0)
    throw new ValidationError('No unit matches the selection.', undefined, 'empty_selection');
  const row = await insertBulkAction(deps.db, {
    action: input.action,
    selection,
    total: selection.serials.length,
    createdBy: user.username,
  });
  deps.logger.info(
    { job: row.id, action: row.action, total: row.total, by: user.username },
    'bulk action created',
  );
  deps.wakeups.wake('bulk-action-runner');
  return bulkActionOf(row);
}

/** Reads a job: 404 when unknown, and when the caller may not read it (not its creator, not an admin). */
export async function readBulkAction(deps: ServiceDeps, caller: AuthUser, id: number): Promise<BulkAction> {
  const row = await findBulkAction(deps.db, id);
  if (!row || !mayReadBulkAction(caller, row)) throw new NotFoundError(`No bulk action ${id}.`);
  return bulkActionOf(row);
}
