import type { ClockState } from '../fleet/clock';
import { CLOCK_KEY } from '../fleet/fleet-settings';
import { ValidationError } from '../core/errors';
import { parseDuration } from '../core/duration';
import { replaceSetting } from '../store/repos/settings-repo';
import type { ServiceDeps } from './service-deps';

/** The simulated clock as testers read it, with the simulator's counts when this process runs one. */
export function readClock(deps: ServiceDeps) {
  return {
    now: new Date(deps.clock.now()).toISOString(),
    speed: deps.clock.speed,
    stats: {
      unitChanges: deps.sim?.engine.state.changes ?? 0,
      rowsWritten: deps.sim?.engine.rowsWritten ?? 0,
    },
  };
}

/**
 * Sets, steps or re-speeds the simulated clock: the new clock is stored (one row every process follows)
 * before the answer, and this process's simulator plays the time at once.
 */
export async function changeClock(
  deps: ServiceDeps,
  change: { time?: string; step?: string | number; speed?: number },
): Promise<ClockState> {
  const clock = deps.clock;
  try {
    if (change.time !== undefined) clock.setTime(Date.parse(change.time));
    if (change.step !== undefined) clock.step(parseDuration(change.step));
    if (change.speed !== undefined) clock.setSpeed(change.speed);
  } catch (error) {
    throw new ValidationError((error as Error).message);
  }
  const state = clock.state();
  await replaceSetting(deps.db, CLOCK_KEY, state);
  await deps.follower.wake({ world: true });
  return state;
}
