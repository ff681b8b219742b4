import type { Db } from '../store/database';
import { addTrendSample, pruneTrendSamples, trendSamplesSince } from '../store/repos/trend-repo';

/** A sample of the connected-units trend (for /graph). */
export interface TrendSample {
  at: number;
  connected: number;
}

const MINUTE = 60_000;
/** The trend keeps a day of simulated minutes. */
const KEEP_MS = 24 * 60 * MINUTE;

/**
 * The connected-units trend: one sample per simulated minute in the store, written by whichever process
 * reaches the minute first, so every process draws the same graph.
 */
export class Trend {
  private lastMinute = -1;

  /** Samples the current minute if this process has not yet (call on each read of the store). */
  async sample(db: Db, now: number, connected: number): Promise<void> {
    const minute = Math.floor(now / MINUTE) * MINUTE;
    if (minute === this.lastMinute) return;
    this.lastMinute = minute;
    await addTrendSample(db, new Date(minute), connected);
    if (minute % (60 * MINUTE) === 0) await pruneTrendSamples(db, new Date(minute - KEEP_MS));
  }

  samples(db: Db, now: number): Promise<TrendSample[]> {
    return trendSamplesSince(db, new Date(now - KEEP_MS));
  }
}
