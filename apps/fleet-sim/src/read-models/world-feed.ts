import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { ClockState, SimClock } from '../fleet/clock';
import {
  CLOCK_KEY,
  DEFAULT_FLEET_SETTINGS,
  FLEET_SETTINGS_KEY,
  WORLD_RESTORED_KEY,
  type FleetSettings,
} from '../fleet/fleet-settings';
import type { BackendStatusBoard } from '../fleet/backend-status';
import type { LatestVersions } from './latest-versions';
import type { Db } from '../store/database';
import { lastSoftwareUpdateId, readSoftwareUpdates } from '../store/repos/releases-repo';
import { readServices } from '../store/repos/services-repo';
import { readSettings } from '../store/repos/settings-repo';
import type { Feed } from '../store/store-follower';

/** The world every process shares through the store: the clock, the services, the fleet's settings, the releases. */
export interface World {
  clock: SimClock;
  services: BackendStatusBoard;
  latest: LatestVersions;
  settings: FleetSettings;
}

export interface WorldListener {
  servicesChanged?(): void;
  settingsChanged?(settings: FleetSettings): void;
  /** A snapshot was restored: what a process keeps of the world beyond these rows is read again. */
  worldRestored?(): void;
}

/** Other processes' changes of the world show within this long (this process's own at once). */
const WORLD_EVERY_MS = 1_000;

/** Follows the small shared rows of the world (read whole: a handful of rows), once a second or when this process changed them. */
export function worldFeed(world: World, listener: WorldListener = {}): Feed {
  let releasesSeen = -1;
  let readAt = 0;
  let settingsSeen = '';
  let restoredSeen: string | null = null;
  const read = async (db: Db) => {
    // The clock's row first: a service or release written before the clock is then seen by the reads after it.
    const settings = await readSettings(db, [CLOCK_KEY, FLEET_SETTINGS_KEY, WORLD_RESTORED_KEY]);
    const restored = JSON.stringify(settings.get(WORLD_RESTORED_KEY) ?? null);
    const wasRestored = restoredSeen !== null && restored !== restoredSeen;
    restoredSeen = restored;
    if (wasRestored) {
      // The releases published since the snapshot are gone: the latest versions are read again from the rows.
      world.latest.clear();
      releasesSeen = -1;
    }
    const [services, lastRelease] = await Promise.all([readServices(db), lastSoftwareUpdateId(db)]);
    const fleet = {
      ...DEFAULT_FLEET_SETTINGS,
      ...((settings.get(FLEET_SETTINGS_KEY) as Partial<FleetSettings> | undefined) ?? {}),
    };
    const fleetJson = JSON.stringify(fleet);
    if (fleetJson !== settingsSeen) {
      settingsSeen = fleetJson;
      world.settings.churn = fleet.churn;
      world.settings.failureRates = fleet.failureRates;
      world.settings.updateFailureRates = fleet.updateFailureRates;
      listener.settingsChanged?.(world.settings);
    }
    if (world.services.load(services)) listener.servicesChanged?.();
    if (lastRelease !== releasesSeen) {
      releasesSeen = lastRelease;
      for (const row of await readSoftwareUpdates(db)) {
        if ((FAMILIES as readonly string[]).includes(row.family)) {
          world.latest.offer(row.family as Family, {
            semantic: row.semantic,
            meta: row.meta,
            path: row.path,
          });
        }
      }
    }
    // The clock last: a jump ticks the fleet at once, and that tick must run under the settings, services and
    // releases written before the clock was (a scenario's churn of 0, then a step, read in one poll).
    const clock = settings.get(CLOCK_KEY) as ClockState | undefined;
    if (clock) world.clock.adopt(clock);
    if (wasRestored) listener.worldRestored?.();
  };
  return {
    name: 'world',
    load: read,
    poll: async (db, _since, changedHere) => {
      if (!changedHere && Date.now() - readAt < WORLD_EVERY_MS) return;
      readAt = Date.now();
      await read(db);
    },
  };
}
