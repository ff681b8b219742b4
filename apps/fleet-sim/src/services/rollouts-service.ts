import type { Rollout, RolloutDetail, VersionRecord } from '@equipment-dashboard/contract';
import { createRolloutBodySchema, ROLLOUT_FAILED_LIST_MAX } from '@equipment-dashboard/contract';
import {
  assignPhases,
  compareVersions,
  emptyRolloutCounts,
  PERMISSIONS,
  rolloutTransition,
  ROLLOUT_UNIT_STATES,
  staffPauseReason,
  type Family,
  type RolloutAction,
  type RolloutState,
  type RolloutUnitState,
} from '@equipment-dashboard/domain';
import type { z } from 'zod';
import type { AuthUser } from '../auth/auth-user';
import { ConflictError, HttpError, NotFoundError, ValidationError } from '../core/errors';
import { serialsOfCsv } from '../core/serial-csv';
import { findSoftwareUpdate, readFamilyUpdates } from '../store/repos/releases-repo';
import * as repo from '../store/repos/rollouts-repo';
import type { EquipmentFilters } from '../read-models/unit-index';
import { equipmentFiltersOf } from './alert-scope';
import { resolveSavedView } from './saved-views-service';
import type { ServiceDeps } from './service-deps';
import { unstage } from './staging-service';

type CreateInput = z.output<typeof createRolloutBodySchema>;

/** What a rollout keeps in its `target` column besides how the target was chosen. */
export interface StoredTarget {
  kind: 'view' | 'filters' | 'csv';
  viewId?: number;
  viewName?: string;
  filters?: Record<string, string>;
  fileName?: string;
  excluded?: number;
  /** Failures of a phase staff accepted by resuming the rollout after a pause (they leave that phase's verdict). */
  accepted?: { phase: number; failed: number };
}

/** The serials of a rollout's CSV target (400 when the text is not CSV). */
export function targetSerialsOfCsv(text: string): string[] {
  try {
    return serialsOfCsv(text);
  } catch (error) {
    throw new ValidationError(
      `The CSV file cannot be read: ${(error as Error).message}`,
      [{ path: 'target.csv', message: 'Not a CSV file.' }],
      'invalid_csv',
    );
  }
}

/**
 * The family's published updates, newest version first (the New rollout dialog's choices): read from the store,
 * not this process's cache, so an update another API process published a moment ago is offered too.
 */
export async function rolloutVersions(
  deps: Pick<ServiceDeps, 'db'>,
  family: Family,
): Promise<VersionRecord[]> {
  const rows = await readFamilyUpdates(deps.db, family);
  return rows
    .sort((a, b) => compareVersions(b.semantic, a.semantic) || b.createdAt.getTime() - a.createdAt.getTime())
    .map((row) => ({ semantic: row.semantic, meta: row.meta, path: row.path }));
}

/** The target's serials, restricted to the rollout's family, and how the target was chosen. */
async function resolveTarget(
  deps: ServiceDeps,
  user: AuthUser,
  input: CreateInput,
): Promise<{ serials: string[]; target: StoredTarget }> {
  const t = input.target;
  if (t.kind === 'csv') {
    const named = targetSerialsOfCsv(t.csv ?? '');
    const serials = await repo.serialsOfFamily(deps.db, named, input.family);
    return {
      serials,
      target: { kind: 'csv', fileName: t.fileName, excluded: named.length - serials.length },
    };
  }
  let filters: EquipmentFilters;
  let target: StoredTarget;
  if (t.kind === 'view') {
    const view = await resolveSavedView(deps, user, t.viewId ?? 0);
    if (view.screen !== 'equipment') {
      throw new ValidationError(
        `Saved view ${view.name} is a view of another list; a rollout targets a view of the equipment list.`,
        [{ path: 'target.viewId', message: 'Not an equipment list view.' }],
      );
    }
    filters = equipmentFiltersOf(view.query);
    target = { kind: 'view', viewId: view.id, viewName: view.name, filters };
  } else {
    filters = equipmentFiltersOf(t.filters ?? {});
    target = { kind: 'filters', filters };
  }
  const all = deps.readModels.index.serialsMatchingEquipment(filters);
  const serials = deps.readModels.index.serialsMatchingEquipment({ ...filters, filterFamily: input.family });
  return {
    serials: filters.filterFamily && filters.filterFamily !== input.family ? [] : serials,
    target: { ...target, excluded: all.length - serials.length },
  };
}

/** A rollout row and its counts as the contract shows it. */
export function rolloutOf(
  row: repo.RolloutRow,
  counts: readonly { phase: number; state: string; n: number }[],
): Rollout {
  const phases = row.phases.map((percent) => ({ percent, total: 0, counts: emptyRolloutCounts() }));
  for (const c of counts) {
    const phase = phases[c.phase];
    if (!phase || !(ROLLOUT_UNIT_STATES as readonly string[]).includes(c.state)) continue;
    phase.counts[c.state as RolloutUnitState] += c.n;
    phase.total += c.n;
  }
  const target = row.target as unknown as StoredTarget;
  return {
    id: row.id,
    name: row.name,
    family: row.family as Family,
    version: { semantic: row.version, meta: '' },
    path: row.path,
    target: {
      kind: target.kind,
      viewId: target.viewId,
      viewName: target.viewName,
      filters: target.filters,
      fileName: target.fileName,
      excluded: target.excluded,
    },
    phases,
    failureThreshold: row.failureThreshold,
    successThreshold: row.successThreshold,
    window:
      row.windowStartHour === null || row.windowEndHour === null
        ? null
        : { startHour: row.windowStartHour, endHour: row.windowEndHour },
    state: row.state as RolloutState,
    currentPhase: row.currentPhase,
    pauseReason: row.pauseReason,
    totalUnits: phases.reduce((sum, p) => sum + p.total, 0),
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A rollout as it is now in the store (for answers and the live event). */
export async function currentRollout(deps: Pick<ServiceDeps, 'db'>, row: repo.RolloutRow): Promise<Rollout> {
  return rolloutOf(row, await repo.phaseCounts(deps.db, [row.id]));
}

/**
 * Tells the consoles of users who may read rollouts that one changed (after the change is committed): the event
 * carries the whole rollout, which the rollouts list refuses to other roles.
 */
export async function announceRollout(deps: ServiceDeps, row: repo.RolloutRow): Promise<Rollout> {
  const rollout = await currentRollout(deps, row);
  deps.live.emitToPermitted(PERMISSIONS.viewRollouts, 'ROLLOUT_UPDATED', rollout);
  return rollout;
}

/**
 * Creates a rollout: the published version, the target's units of the family fixed now in a stable
 * shuffled order, each with its phase, all stored in one transaction; the driver stages the first phase.
 */
export async function createRollout(deps: ServiceDeps, user: AuthUser, input: CreateInput): Promise<Rollout> {
  const family = input.family as Family;
  const published =
    deps.world.latest.find(family, input.version) ??
    (await findSoftwareUpdate(deps.db, family, input.version));
  if (!published) {
    throw new ValidationError(`No ${family} update ${input.version} has been published.`, [
      { path: 'version', message: 'Not a published version of the family.' },
    ]);
  }
  const { serials, target } = await resolveTarget(deps, user, input);
  if (serials.length === 0) {
    throw new ValidationError(
      `The target holds no ${family} units.`,
      [{ path: 'target', message: `No ${family} units.` }],
      'empty_target',
    );
  }
  const now = deps.clock.nowDate();
  const units = assignPhases(serials, input.phases, `${input.name}/${now.getTime()}`);
  const row = await repo.insertRollout(
    deps.db,
    {
      name: input.name,
      family,
      version: published.semantic,
      path: published.path,
      target: target as unknown as Record<string, unknown>,
      phases: input.phases,
      failureThreshold: input.failureThreshold,
      successThreshold: input.successThreshold,
      windowStartHour: input.window?.startHour ?? null,
      windowEndHour: input.window?.endHour ?? null,
      state: 'running',
      currentPhase: 0,
      createdBy: user.username,
      createdAt: now,
      updatedAt: now,
    },
    units,
    now,
  );
  deps.logger.info(
    { rollout: row.id, family, version: published.semantic, units: units.length, by: user.username },
    'rollout created',
  );
  const rollout = await announceRollout(deps, row);
  deps.wakeups.wake('rollout-driver');
  return rollout;
}

export async function listRollouts(
  deps: ServiceDeps,
  query: { page: number; filterName?: string },
): Promise<{ docs: Rollout[]; totalDocs: number }> {
  const { docs, totalDocs } = await repo.listRollouts(deps.db, query);
  const counts = await repo.phaseCounts(
    deps.db,
    docs.map((d) => d.id),
  );
  return {
    totalDocs,
    docs: docs.map((row) =>
      rolloutOf(
        row,
        counts.filter((c) => c.rolloutId === row.id),
      ),
    ),
  };
}

async function requireRollout(deps: ServiceDeps, id: number): Promise<repo.RolloutRow> {
  const row = await repo.findRollout(deps.db, id);
  if (!row) throw new NotFoundError(`No rollout ${id}.`, { id });
  return row;
}

export async function readRollout(deps: ServiceDeps, id: number): Promise<RolloutDetail> {
  const row = await requireRollout(deps, id);
  const [rollout, failed, skipped] = await Promise.all([
    currentRollout(deps, row),
    repo.unitsInState(deps.db, id, 'failed', ROLLOUT_FAILED_LIST_MAX),
    repo.skippedReasons(deps.db, id),
  ]);
  return {
    ...rollout,
    failedUnits: failed.map((u) => ({
      serialNumber: u.serialNumber,
      phase: u.phase,
      reason: u.reason,
      lastState: u.lastState,
      updatedAt: u.updatedAt.toISOString(),
    })),
    skippedReasons: skipped,
  };
}

const ACTION_WORDS: Record<RolloutAction, string> = { pause: 'paused', resume: 'resumed', abort: 'aborted' };

/**
 * Pause, resume or abort: 409 when the rollout's state does not allow it (resuming a running
 * rollout, anything on an aborted or finished one). Resuming accepts the current phase's failures so far; aborting
 * unstages the units that have not started downloading. Answers once the change is committed.
 */
export async function changeRolloutState(
  deps: ServiceDeps,
  user: AuthUser,
  id: number,
  action: RolloutAction,
): Promise<Rollout> {
  const row = await requireRollout(deps, id);
  const to = rolloutTransition(row.state as RolloutState, action);
  if (!to) {
    throw new ConflictError(
      `Rollout ${id} is ${row.state}: it cannot be ${ACTION_WORDS[action]}.`,
      { id, state: row.state },
      'rollout_state',
    );
  }
  const set: Parameters<typeof repo.changeRollout>[3] = { state: to };
  if (action === 'pause') set.pauseReason = staffPauseReason(user.username);
  if (action === 'resume') {
    set.pauseReason = null;
    const counts = await repo.phaseCounts(deps.db, [id]);
    const failed = counts
      .filter((c) => c.phase === row.currentPhase && c.state === 'failed')
      .reduce((sum, c) => sum + c.n, 0);
    set.target = { ...row.target, accepted: { phase: row.currentPhase, failed } };
  }
  const changed = await repo.changeRollout(
    deps.db,
    id,
    [row.state as RolloutState],
    set,
    deps.clock.nowDate(),
  );
  if (!changed)
    throw new ConflictError(
      `Rollout ${id} changed while this call ran; read it again.`,
      { id },
      'rollout_state',
    );
  if (action === 'abort') await unstageWaiting(deps, changed);
  deps.logger.info({ rollout: id, action, by: user.username }, `rollout ${ACTION_WORDS[action]}`);
  const rollout = await announceRollout(deps, (await repo.findRollout(deps.db, id)) ?? changed);
  if (action === 'resume') deps.wakeups.wake('rollout-driver');
  return rollout;
}

/** Keyed by the process's store follower: the driver runs on its own copy of the dependencies (a fenced store). */
const chains = new WeakMap<object, Promise<unknown>>();

/** Runs `work` after this process's earlier rollout work (the driver's passes, aborts) has ended. */
export function exclusiveRolloutWork<T>(deps: ServiceDeps, work: () => Promise<T>): Promise<T> {
  const before = chains.get(deps.follower) ?? Promise.resolve();
  const run = before.then(work, work);
  chains.set(
    deps.follower,
    run.catch(() => undefined),
  );
  return run;
}

/** Who a rollout's stagings are done as: the staff member who created it. */
export const rolloutActor = (row: repo.RolloutRow): AuthUser => ({
  username: row.createdBy,
  email: '',
  role: 'admin',
});

/**
 * Unstages an aborted rollout's units that were staged but have not started downloading, and marks every
 * waiting unit skipped ("rollout aborted"); units already downloading or installing go on and are followed.
 */
async function unstageWaiting(deps: ServiceDeps, row: repo.RolloutRow): Promise<boolean> {
  return exclusiveRolloutWork(deps, async () => {
    const waiting = await repo.pendingUnits(deps.db, row.id);
    const changes: repo.RolloutUnitChange[] = [];
    for (const ru of waiting) {
      if (ru.startedAt) {
        try {
          await unstage(deps, rolloutActor(row), row.family as Family, ru.serialNumber);
        } catch (error) {
          // Nothing staged any more (the unit took it meanwhile, or someone unstaged it): nothing to undo.
          if (!(error instanceof HttpError) || error.status >= 500) throw error;
        }
      }
      changes.push({
        serialNumber: ru.serialNumber,
        state: 'skipped',
        reason: 'rollout aborted',
        lastState: ru.lastState,
        at: deps.clock.nowDate(),
      });
    }
    await repo.updateRolloutUnits(deps.db, row.id, changes);
    return changes.length > 0;
  });
}
