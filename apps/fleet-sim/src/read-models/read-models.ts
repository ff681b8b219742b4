import type { CountRow } from '../store/repos/counts-repo';
import type { Db } from '../store/database';
import { CommandWaiters } from './command-waiters';
import { FleetFigures, type FiguresChange } from './fleet-figures';
import { refreshIndex } from './unit-feed';
import { Trend } from './trend';
import { UnitIndex } from './unit-index';

/**
 * What an API process keeps of the store to answer reads fast: the dashboard's figures (with the top
 * aligners), the lists' index, the trend, and the calls waiting for a command's outcome. Each is kept
 * current by a feed of the store follower, so every process answers alike.
 */
export interface ReadModels {
  figures: FleetFigures;
  index: UnitIndex;
  trend: Trend;
  waiters: CommandWaiters;
  /** Takes counter rows (read by the counts feed, or returned by a write of this process) and tells what moved. */
  takeCounts(rows: readonly CountRow[]): void;
  /** Re-reads some units into the index at once (after a write of this process). */
  takeUnits(db: Db, serials: readonly string[]): Promise<void>;
  /**
   * Tells the listeners which units the index just took or dropped: the one path by which this process's own
   * simulator's writes and other processes' (the store's feed) reach whatever follows units (the live bridge,
   * the alert evaluator).
   */
  unitsChanged(serials: readonly string[]): void;
  /** Listens to unitsChanged; answers how to stop listening. */
  onUnitsChanged(listener: (serials: readonly string[]) => void): () => void;
}

/** The read models of a process; `figuresChanged` hears what moved in the figures (the live channel's events). */
export function createReadModels(
  figuresChanged: (change: FiguresChange) => void = () => undefined,
): ReadModels {
  const figures = new FleetFigures();
  const index = new UnitIndex();
  const unitListeners = new Set<(serials: readonly string[]) => void>();
  return {
    figures,
    index,
    trend: new Trend(),
    waiters: new CommandWaiters(),
    takeCounts(rows) {
      const change = figures.apply(rows);
      if (change.counters || change.installed || change.top || change.staged.length > 0)
        figuresChanged(change);
    },
    takeUnits: (db, serials) => refreshIndex(db, index, serials),
    unitsChanged(serials) {
      if (serials.length > 0) for (const listener of unitListeners) listener(serials);
    },
    onUnitsChanged(listener) {
      unitListeners.add(listener);
      return () => unitListeners.delete(listener);
    },
  };
}
