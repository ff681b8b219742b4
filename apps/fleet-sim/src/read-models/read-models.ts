import type { CountRow } from '../store/repos/counts-repo';
import type { DesiredRow } from '../store/repos/desired-repo';
import { CommandWaiters } from './command-waiters';
import { FleetFigures, type FiguresChange } from './fleet-figures';
import { Trend } from './trend';
import { UnitIndex, type IndexedUnit } from './unit-index';

/** A committed change of the fleet, as a write of this process answered it or as the store's feed read it. */
export interface CommittedChange {
  /** Counter rows of the dashboard's figures. */
  counts?: readonly CountRow[];
  /** Units as the lists index them. */
  units?: readonly IndexedUnit[];
  /** Units that left the fleet. */
  removed?: readonly string[];
  /** Desired stagings (a simulator follows those of its units). */
  desired?: readonly DesiredRow[];
}

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
  /**
   * Takes a committed change: the one path by which a write of this process (as soon as it commits) and the store's
   * feed (every process's writes) reach the figures, the index and the listeners (this process's simulator). Taking
   * the same change twice changes nothing.
   */
  takeCommitted(change: CommittedChange): void;
  /** Listens to takeCommitted; answers how to stop listening. */
  onCommitted(listener: (change: CommittedChange) => void): () => void;
  /** Listens to what moved in the figures (the live channel's events); answers how to stop listening. */
  onFiguresChanged(listener: (change: FiguresChange) => void): () => void;
  /**
   * Tells the listeners which units the index just took or dropped: the one path by which this process's own
   * simulator's writes and other processes' (the store's feed) reach whatever follows units (the live bridge,
   * the alert evaluator).
   */
  unitsChanged(serials: readonly string[]): void;
  /** Listens to unitsChanged; answers how to stop listening. */
  onUnitsChanged(listener: (serials: readonly string[]) => void): () => void;
}

/** The read models of a process. */
export function createReadModels(): ReadModels {
  const figures = new FleetFigures();
  const index = new UnitIndex();
  const unitListeners = new Set<(serials: readonly string[]) => void>();
  const committedListeners = new Set<(change: CommittedChange) => void>();
  const figuresListeners = new Set<(change: FiguresChange) => void>();
  return {
    figures,
    index,
    trend: new Trend(),
    waiters: new CommandWaiters(),
    takeCommitted(change) {
      if (change.counts && change.counts.length > 0) {
        const moved = figures.apply(change.counts);
        if (moved.counters || moved.installed || moved.top || moved.staged.length > 0)
          for (const listener of figuresListeners) listener(moved);
      }
      if (change.units && change.units.length > 0) index.upsert(change.units);
      if (change.removed && change.removed.length > 0) index.remove(change.removed);
      for (const listener of committedListeners) listener(change);
    },
    onCommitted(listener) {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },
    onFiguresChanged(listener) {
      figuresListeners.add(listener);
      return () => figuresListeners.delete(listener);
    },
    unitsChanged(serials) {
      if (serials.length > 0) for (const listener of unitListeners) listener(serials);
    },
    onUnitsChanged(listener) {
      unitListeners.add(listener);
      return () => unitListeners.delete(listener);
    },
  };
}
