import {
  followUnit,
  phaseVerdict,
  emptyRolloutCounts,
  withinWindow,
  type Family,
  type RolloutUnitState,
} from '@equipment-dashboard/domain';
import { HttpError } from '../core/errors';
import { metrics } from '../core/metrics';
import { startLeadingJob } from '../core/repeating-job';
import { isPending, desiredOf, updateStateFor } from '../fleet/desired-state';
import * as repo from '../store/repos/rollouts-repo';
import { findUnitsWithDesired, type UnitWithDesired } from '../store/repos/units-repo';
import { numberOrNull } from '../store/repos/rows';
import {
  announceRollout,
  exclusiveRolloutWork,
  rolloutActor,
  type StoredTarget,
} from '../services/rollouts-service';
import type { ServiceDeps } from '../services/service-deps';
import { stage } from '../services/staging-service';

/*
 * The rollout driver: on the simulated clock, it follows every staged unit of every rollout to Install
 * Complete or failure, stages the current phase's units of running rollouts (inside their maintenance window),
 * and moves a rollout to its next phase, or pauses it, by the phase verdict of libs/domain. One process drives
 * (the one holding the rollout lock); within it, ticks and the API's aborts run one after another.
 */

/** Units read from the store per statement. */
const READ_CHUNK = 1_000;
/** Units staged between two looks at the rollout's state (an abort or pause meanwhile stops the staging). */
const STAGE_CHUNK = 100;

async function unitsBySerial(
  deps: ServiceDeps,
  serials: readonly string[],
): Promise<Map<string, UnitWithDesired>> {
  const out = new Map<string, UnitWithDesired>();
  for (let i = 0; i < serials.length; i += READ_CHUNK) {
    for (const row of await findUnitsWithDesired(deps.db, serials.slice(i, i + READ_CHUNK)))
      out.set(row.unit.serialNumber, row);
  }
  return out;
}

/** A rollout unit's move to `state` (why, and the unit's last updater state) at `now`. */
function unitChange(
  serialNumber: string,
  state: RolloutUnitState,
  reason: string | null,
  lastState: string | null,
  now: number,
): repo.RolloutUnitChange {
  return { serialNumber, state, reason, lastState, at: new Date(now) };
}

/** Follows a rollout's staged units still under way; answers whether any changed. */
async function followUnits(deps: ServiceDeps, row: repo.RolloutRow): Promise<boolean> {
  const underWay = await repo.unitsUnderWay(deps.db, row.id);
  if (underWay.length === 0) return false;
  const units = await unitsBySerial(
    deps,
    underWay.map((u) => u.serialNumber),
  );
  const now = deps.clock.now();
  const changes: repo.RolloutUnitChange[] = [];
  for (const ru of underWay) {
    const found = units.get(ru.serialNumber);
    if (!found) {
      changes.push(unitChange(ru.serialNumber, 'failed', 'the unit was deleted', ru.lastState, now));
      continue;
    }
    const { unit, desired: desiredRow } = found;
    const desired = desiredOf(desiredRow);
    const doneRev = Number(unit.stagedRevDone);
    const updateState = updateStateFor(unit.updateState, numberOrNull(unit.flowRev), desired, doneRev).state;
    const next = followUnit(
      {
        state: ru.state as RolloutUnitState,
        since: ru.updatedAt.getTime(),
        updateState,
        versionSemantic: unit.versionSemantic,
        stagingPending: isPending(desired, doneRev),
      },
      row.version,
      now,
    );
    if (next.state === ru.state && updateState === ru.lastState) continue;
    // The time in a state counts from when the unit entered it (a new updater state alone keeps it).
    const at = next.state === ru.state ? ru.updatedAt : new Date(now);
    changes.push({
      serialNumber: ru.serialNumber,
      state: next.state,
      reason: next.reason,
      lastState: updateState,
      at,
    });
  }
  await repo.updateRolloutUnits(deps.db, row.id, changes);
  return changes.length > 0;
}

/** Who stages a rollout's units: the staff member who created it. */

/** Stages the waiting units of a phase that are inside their window; refusals become skipped with the reason. */
async function stagePhase(deps: ServiceDeps, row: repo.RolloutRow, phase: number): Promise<boolean> {
  const waiting = await repo.unstagedUnits(deps.db, row.id, phase);
  if (waiting.length === 0) return false;
  const window =
    row.windowStartHour === null || row.windowEndHour === null
      ? null
      : { startHour: row.windowStartHour, endHour: row.windowEndHour };
  let changed = false;
  for (let i = 0; i < waiting.length; i += STAGE_CHUNK) {
    const current = await repo.findRollout(deps.db, row.id);
    if (current?.state !== 'running') break;
    const slice = waiting.slice(i, i + STAGE_CHUNK);
    const units = await unitsBySerial(
      deps,
      slice.map((u) => u.serialNumber),
    );
    const changes: repo.RolloutUnitChange[] = [];
    for (const ru of slice) {
      const now = deps.clock.now();
      const found = units.get(ru.serialNumber);
      if (!found) {
        changes.push(unitChange(ru.serialNumber, 'skipped', 'the unit no longer exists', null, now));
        continue;
      }
      if (!withinWindow(now, found.unit.geolocation?.time_zone?.offset, window)) continue;
      try {
        await stage(deps, rolloutActor(row), row.family as Family, {
          serialNumber: ru.serialNumber,
          version: { semantic: row.version, meta: '' },
          path: row.path,
        });
        changes.push({
          ...unitChange(ru.serialNumber, 'pending', null, 'READY_TO_DOWNLOAD', now),
          startedAt: new Date(now),
        });
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) throw error;
        changes.push(unitChange(ru.serialNumber, 'skipped', error.message, null, now));
      }
    }
    await repo.updateRolloutUnits(deps.db, row.id, changes);
    changed ||= changes.length > 0;
  }
  return changed;
}

/** Stages, and moves the rollout on or pauses it by its current phase's verdict; answers whether anything changed. */
async function driveRunning(deps: ServiceDeps, start: repo.RolloutRow): Promise<boolean> {
  let row = start;
  let changed = false;
  // A phase that passes at once (no units, all skipped) lets the next one start in the same tick.
  for (let guard = 0; guard <= row.phases.length; guard++) {
    if (row.state !== 'running') break;
    const phase = row.currentPhase;
    changed = (await stagePhase(deps, row, phase)) || changed;
    const counts = emptyRolloutCounts();
    for (const c of await repo.phaseCounts(deps.db, [row.id])) {
      if (c.phase === phase) counts[c.state as RolloutUnitState] += c.n;
    }
    const accepted = (row.target as unknown as StoredTarget).accepted;
    const verdict = phaseVerdict(phase, counts, row, accepted?.phase === phase ? accepted.failed : 0);
    if (verdict.kind === 'wait') break;
    const now = deps.clock.nowDate();
    const last = phase >= row.phases.length - 1;
    const next =
      verdict.kind === 'pause'
        ? await repo.changeRollout(
            deps.db,
            row.id,
            ['running'],
            { state: 'paused', pauseReason: verdict.reason },
            now,
          )
        : last
          ? await repo.changeRollout(deps.db, row.id, ['running'], { state: 'finished' }, now)
          : await repo.changeRollout(deps.db, row.id, ['running'], { currentPhase: phase + 1 }, now);
    if (!next) break;
    changed = true;
    deps.logger.info(
      { rollout: row.id, phase: phase + 1, verdict: verdict.kind, state: next.state },
      'rollout phase verdict',
    );
    row = next;
  }
  return changed;
}

/** One pass of the driver over every rollout with work; answers how many rollouts changed. */
export function driveRollouts(deps: ServiceDeps): Promise<number> {
  return exclusiveRolloutWork(deps, async () => {
    const running = await repo.rolloutsIn(deps.db, ['running']);
    metrics.rolloutsRunning.set(running.length);
    const ids = new Set([...running.map((r) => r.id), ...(await repo.rolloutsWithUnitsUnderWay(deps.db))]);
    let changedRollouts = 0;
    for (const id of [...ids].sort((a, b) => a - b)) {
      const row = await repo.findRollout(deps.db, id);
      if (!row) continue;
      let changed = await followUnits(deps, row);
      if (row.state === 'running') changed = (await driveRunning(deps, row)) || changed;
      if (!changed) continue;
      changedRollouts += 1;
      const now = (await repo.findRollout(deps.db, id)) ?? row;
      await announceRollout(deps, now);
    }
    return changedRollouts;
  });
}

/**
 * Drives rollouts every few seconds of real time and after every clock jump, while `leads` says this process
 * holds the rollout lock (every process tries, so another takes over when it stops); answers a stop function (it
 * answers once the pass under way has ended).
 */
export function startRolloutDriver(
  deps: ServiceDeps,
  leads: () => Promise<boolean> = async () => true,
  everyMs = 2_000,
): () => Promise<void> {
  const job = startLeadingJob(deps, leads, () => driveRollouts(deps), {
    everyMs,
    failure: 'driving rollouts failed',
  });
  const unregister = deps.wakeups.register('rollout-driver', job.wake);
  return () => {
    unregister();
    return job.stop();
  };
}
