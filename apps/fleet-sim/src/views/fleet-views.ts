import type { TopAligner } from '@equipment-dashboard/api';
import { CommandWaiters } from './command-waiters';
import { FleetFigures } from './fleet-figures';
import { Trend } from './trend';
import { UnitIndex } from './unit-index';

/**
 * What an API process keeps of the store to answer reads fast: the dashboard's figures, the lists'
 * index, the top aligners, the trend, and the calls waiting for a command's outcome. Each is kept
 * current by a feed of the store follower, so every process answers alike.
 */
export interface FleetViews {
  figures: FleetFigures;
  index: UnitIndex;
  /** The ten units with the most alignments, as last read. */
  top: { list: TopAligner[] };
  trend: Trend;
  waiters: CommandWaiters;
}

export function createViews(): FleetViews {
  return { figures: new FleetFigures(), index: new UnitIndex(), top: { list: [] }, trend: new Trend(), waiters: new CommandWaiters() };
}
