import { isFlapping, keptDrops, offlineCounts } from '@equipment-dashboard/domain';
import type { UnitFacts } from '../../read-models/unit-index';
import type { Holding, RuleState } from './alert-book';
import { shownTime, unitKey, type Look } from './look';

/** The subject key of a unit's flapping alert. */
export const flapKey = (serialNumber: string): string => `flap:${serialNumber}`;

/**
 * Each unit's recent disconnects (simulated ms), for the flapping guard: a unit's drop is the time it was last seen
 * online while it is offline, so a drop seen twice (two changes read while it stayed offline) counts once.
 */
export class DropLog {
  private readonly drops = new Map<string, number[]>();
  /** Drops kept per unit and how far back (the widest of the rules' guards). */
  keep = { drops: 4, windowMs: 30 * 60_000 };

  get size(): number {
    return this.drops.size;
  }

  /** Records a drop; answers whether it is new. */
  record(serialNumber: string, at: number): boolean {
    const list = this.drops.get(serialNumber);
    if (!list) {
      this.drops.set(serialNumber, [at]);
      return true;
    }
    if (list.includes(at)) return false;
    list.push(at);
    list.sort((a, b) => a - b);
    if (list.length > this.keep.drops) list.splice(0, list.length - this.keep.drops);
    return true;
  }

  of(serialNumber: string): readonly number[] {
    return this.drops.get(serialNumber) ?? [];
  }

  /** Forgets units whose last drop left every rule's window. */
  prune(now: number): void {
    for (const [serial, list] of this.drops) {
      if ((list[list.length - 1] ?? 0) <= now - this.keep.windowMs) this.drops.delete(serial);
    }
  }
}

/** The unitOffline condition of a unit: offline, and offline since the rule exists (or the rule takes earlier ones). */
export function offlineHolding(rule: RuleState, unit: UnitFacts): Holding | null {
  if (unit.connected) return null;
  // A unit never seen online has been offline since before any rule.
  const since = unit.lastSeenOnlineAt ?? 0;
  if (!offlineCounts(since, rule.createdAt, rule.includeAlreadyOffline)) return null;
  return {
    key: unitKey(unit.serialNumber),
    since,
    subject: { serialNumber: unit.serialNumber, family: unit.family },
    serialNumber: unit.serialNumber,
    family: unit.family,
    summary:
      unit.lastSeenOnlineAt === null
        ? `Unit ${unit.serialNumber} has never been online`
        : `Unit ${unit.serialNumber} offline since ${shownTime(since)}`,
  };
}

/** The flapping guard's condition of a unit: more drops in the window than the rule allows. */
export function flapHolding(
  rule: RuleState,
  unit: UnitFacts,
  drops: readonly number[],
  now: number,
): Holding | null {
  const { drops: max, windowMinutes } = rule.flapping;
  if (!isFlapping(drops, now, max, windowMinutes)) return null;
  const kept = keptDrops(drops, now, max, windowMinutes);
  return {
    key: flapKey(unit.serialNumber),
    kind: 'flapping',
    since: kept[0] ?? now,
    subject: { serialNumber: unit.serialNumber, family: unit.family },
    serialNumber: unit.serialNumber,
    family: unit.family,
    summary: `Unit ${unit.serialNumber} flapping: more than ${max} drops within ${windowMinutes} minutes`,
    immediate: true,
  };
}

/**
 * Looks at one unit of a unitOffline rule's scope: a flapping unit raises its flapping alert instead (its offline
 * alert resolves and waits until it settles); otherwise its offline alert holds or clears.
 */
export function lookAtOfflineUnit(
  rule: RuleState,
  unit: UnitFacts,
  drops: readonly number[],
  look: Look,
  guard = false,
): void {
  const { book, now } = look;
  const key = unitKey(unit.serialNumber);
  const flap = flapHolding(rule, unit, drops, now);
  if (flap) {
    book.hold(rule, flap);
    book.clear(rule, key, 'flapping guard');
    return;
  }
  if (rule.open.has(flapKey(unit.serialNumber))) {
    if (unit.connected) book.clear(rule, key);
    return;
  }
  const holding = offlineHolding(rule, unit);
  if (holding) book.hold(rule, guard ? { ...holding, guard } : holding);
  else book.clear(rule, key);
}

/** Flapping alerts of units that settled (few enough drops left in the window) resolve; their units are looked at again. */
export function settleFlapping(rule: RuleState, drops: DropLog, look: Look): void {
  for (const alert of [...rule.flaps.values()]) {
    const serial = alert.serialNumber ?? '';
    if (isFlapping(drops.of(serial), look.now, rule.flapping.drops, rule.flapping.windowMinutes)) continue;
    look.book.clear(rule, alert.key, 'settled');
    const unit = look.index.unitFacts(serial);
    if (unit && rule.scope.has(unit)) lookAtOfflineUnit(rule, unit, drops.of(serial), look);
  }
}
