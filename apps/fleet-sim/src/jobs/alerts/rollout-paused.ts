import { pausedItself } from '@equipment-dashboard/domain';
import type { Holding, RuleState } from './alert-book';
import { shownTime, type Look } from './look';

/** A rollout paused now, as the evaluator reads it. */
export interface PausedRollout {
  id: number;
  name: string;
  pauseReason: string | null;
  pausedAt: number;
}

/** The subject key of a rollout's alert. */
export const rolloutKey = (id: number): string => `rollout:${id}`;

/** The rolloutPaused condition of a paused rollout, or null when staff paused it. */
export function rolloutHolding(rollout: PausedRollout): Holding | null {
  if (!pausedItself(rollout.pauseReason)) return null;
  return {
    key: rolloutKey(rollout.id),
    since: rollout.pausedAt,
    subject: { rolloutId: rollout.id },
    serialNumber: null,
    family: null,
    summary:
      `Rollout ${rollout.name} paused itself at ${shownTime(rollout.pausedAt)}: ${rollout.pauseReason ?? ''}`.trim(),
  };
}

/** Looks at a rolloutPaused rule: one alert per rollout paused by itself, until it is resumed, aborted or finished. */
export function lookAtRollouts(rule: RuleState, paused: readonly PausedRollout[], look: Look): void {
  const held = new Set<string>();
  for (const rollout of paused) {
    const holding = rolloutHolding(rollout);
    if (!holding) continue;
    held.add(holding.key);
    look.book.hold(rule, holding);
  }
  for (const key of [...rule.open.keys()]) if (!held.has(key)) look.book.clear(rule, key);
}
