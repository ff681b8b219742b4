import { UPDATE_FAILED_STATE } from '@equipment-dashboard/domain';
import { failedRolloutUnitCounts, failedRolloutUnits } from '../../store/repos/alert-sources-repo';
import type { Db } from '../../store/database';
import type { UnitFacts } from '../../read-models/unit-index';
import type { RuleState } from './alert-book';
import { shownTime, unitKey, type Look } from './look';

/** A unit of a rollout that failed or timed out. */
export interface RolloutFailure {
  rolloutId: number;
  serialNumber: string;
  reason: string | null;
  failedAt: number;
}

/**
 * Looks at one unit of an updateFailed rule's scope: a unit whose updater state becomes the failed one raises an
 * alert; the alert clears once the unit moves on from the state it failed in (a new staging, another update).
 * `wasFailed`: the unit was already failed before this change (no new failure).
 */
export function lookAtUpdatedUnit(rule: RuleState, unit: UnitFacts, wasFailed: boolean, look: Look): void {
  const key = unitKey(unit.serialNumber);
  const failed = unit.state === UPDATE_FAILED_STATE;
  const open = rule.open.get(key);
  if (failed && !wasFailed && !open) {
    look.book.hold(rule, {
      key,
      since: look.now,
      subject: { serialNumber: unit.serialNumber, family: unit.family },
      serialNumber: unit.serialNumber,
      family: unit.family,
      summary: `Update failed on ${unit.serialNumber} at ${shownTime(look.now)}`,
      baseline: UPDATE_FAILED_STATE,
    });
    return;
  }
  if (!open) return;
  // An alert loaded from the store has no baseline: the unit's state when the evaluator took over stands for it.
  open.baseline ??= unit.state;
  if (!failed && unit.state !== open.baseline) look.book.clear(rule, key);
}

/** A rollout's failed or timed-out unit: an alert for it (once per failure: the store is asked whether it had one). */
export function lookAtRolloutFailure(
  rule: RuleState,
  failure: RolloutFailure,
  unit: UnitFacts | undefined,
  look: Look,
): void {
  if (failure.failedAt < rule.createdAt) return;
  look.book.hold(rule, {
    key: unitKey(failure.serialNumber),
    since: failure.failedAt,
    subject: { serialNumber: failure.serialNumber, family: unit?.family, rolloutId: failure.rolloutId },
    serialNumber: failure.serialNumber,
    family: unit?.family ?? null,
    summary: `Update failed on ${failure.serialNumber} in rollout ${failure.rolloutId}: ${failure.reason ?? 'failed'}`,
    baseline: unit?.state ?? null,
    guard: true,
  });
}

/** The units known to be in the failed updater state: a unit entering it is a new failure. */
export class FailedUnits {
  private readonly known = new Set<string>();

  get size(): number {
    return this.known.size;
  }

  /** Takes whether a unit is failed now; answers whether it was failed before. */
  take(failed: boolean, serialNumber: string): boolean {
    const was = this.known.has(serialNumber);
    if (failed) this.known.add(serialNumber);
    else if (was) this.known.delete(serialNumber);
    return was;
  }

  clear(): void {
    this.known.clear();
  }
}

/** Follows rollouts' failed units: each call answers the failures not seen before (all of them at the first call). */
export class RolloutFailures {
  private readonly seen = new Map<number, { count: number; serials: Set<string> }>();

  async next(db: Db): Promise<RolloutFailure[]> {
    const out: RolloutFailure[] = [];
    for (const [rolloutId, count] of await failedRolloutUnitCounts(db)) {
      const seen = this.seen.get(rolloutId) ?? { count: 0, serials: new Set<string>() };
      if (count === seen.count) continue;
      for (const row of await failedRolloutUnits(db, rolloutId)) {
        if (seen.serials.has(row.serialNumber)) continue;
        seen.serials.add(row.serialNumber);
        out.push({ rolloutId, ...row });
      }
      seen.count = count;
      this.seen.set(rolloutId, seen);
    }
    return out;
  }

  clear(): void {
    this.seen.clear();
  }
}
