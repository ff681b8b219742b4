import type { Db } from '../store/database';
import { commandsChangedSince, type CommandRow } from '../store/repos/commands-repo';
import { countsChangedSince } from '../store/repos/counts-repo';
import { changedUnitSerials, tombstonesSince } from '../store/repos/feed-repo';
import type { Feed } from '../store/store-follower';
import type { FiguresChange, FleetFigures } from './fleet-figures';
import { loadIndex, refreshIndex } from './unit-feed';
import type { UnitIndex } from './unit-index';

/** The dashboard's counters (`fleet_counts`). */
export function countsFeed(figures: FleetFigures, changed: (change: FiguresChange) => void): Feed {
  return {
    name: 'counts',
    load: async (db: Db) => void figures.apply(await countsChangedSince(db, '0')),
    poll: async (db, since) => {
      const change = figures.apply(await countsChangedSince(db, since));
      if (change.counters || change.installed || change.staged.length > 0) changed(change);
    },
  };
}

/** The lists' index of units: changed units re-read, departed ones dropped. */
export function unitsFeed(index: UnitIndex, changed: (serials: string[]) => void): Feed {
  return {
    name: 'units',
    load: (db) => loadIndex(db, index),
    poll: async (db, since) => {
      const serials = await changedUnitSerials(db, since);
      if (serials.length === 0) return;
      await refreshIndex(db, index, serials);
      changed(serials);
    },
  };
}

/** Units deleted or renamed away. */
export function tombstonesFeed(removed: (serials: string[]) => void): Feed {
  return {
    name: 'tombstones',
    poll: async (db, since) => {
      const serials = await tombstonesSince(db, since);
      if (serials.length > 0) removed(serials);
    },
  };
}

/** Commands queued, taken and answered. */
export function commandsFeed(changed: (rows: CommandRow[]) => void): Feed {
  return {
    name: 'commands',
    poll: async (db, since) => {
      const rows = await commandsChangedSince(db, since);
      if (rows.length > 0) changed(rows);
    },
  };
}
