import { useEffect, useState } from 'react';
import type { Clock } from '@equipment-dashboard/contract';

/**
 * The simulated time now, ticking once a second between reads of the clock: its time when read, plus the real time
 * since, times its speed. A paused clock does not tick.
 */
export function useSimulatedNow(clock: Clock | undefined, readAt: number | undefined): number | undefined {
  const [realNow, setRealNow] = useState(() => Date.now());
  const running = (clock?.speed ?? 0) > 0;
  useEffect(() => {
    setRealNow(Date.now());
    if (!running) return undefined;
    const timer = setInterval(() => setRealNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [running, clock]);
  if (!clock) return undefined;
  const since = readAt === undefined ? 0 : Math.max(0, realNow - readAt);
  return Date.parse(clock.now) + clock.speed * since;
}
