import type { Db } from '../store/database';
import { commandsChangedSince, type CommandRow } from '../store/repos/commands-repo';
import { countsChangedSince, type CountRow } from '../store/repos/counts-repo';
import { changedUnits, tombstonesSince } from '../store/repos/feed-repo';
import type { Feed } from '../store/store-follower';
import { applyUnitChanges, loadIndex } from './unit-feed';
import type { UnitIndex } from './unit-index';

/** The dashboard's counters (`fleet_counts`): all at start, then the changed rows. */
export function countsFeed(take: (rows: CountRow[]) => void): Feed {
  return {
    name: 'counts',
    load: async (db: Db) => take(await countsChangedSince(db, '0')),
    poll: async (db, since) => take(await countsChangedSince(db, since)),
  };
}

/**
 * The lists' index of units: changed units taken from their change records (or read back), departed ones dropped. Units written by this process's
 * own simulator (`ownWriter`) are not read back: the simulator hands them over as it writes them.
 */
export function unitsFeed(
  index: UnitIndex,
  changed: (serials: string[]) => void,
  ownWriter: string | null = null,
): Feed {
  // Change records applied, by id, with their transaction: forgotten once the reads start above it.
  const seen = new Map<number, bigint>();
  return {
    name: 'units',
    load: (db) => loadIndex(db, index),
    poll: async (db, since) => {
      const from = BigInt(since);
      for (const [id, xid] of seen) if (xid < from) seen.delete(id);
      const changes = await changedUnits(db, since, ownWriter, [...seen.keys()]);
      if (changes.logged.length > 0 || changes.serials.length > 0 || index.hasPlaceless) {
        await applyUnitChanges(db, index, changes);
        changed([...new Set([...changes.serials, ...changes.logged.map((row) => row[0])])]);
      }
      for (const record of changes.records) seen.set(record.id, record.xid);
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
