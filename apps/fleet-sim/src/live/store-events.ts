import type { ConnectionCounters } from '@equipment-dashboard/contract';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { readAlignersFor } from '../services/equipment-service';
import type { ServiceDeps } from '../services/service-deps';
import type { LiveHub } from './live-hub';
import { watchersOf } from '../store/repos/units-repo';
import type { FiguresChange } from '../read-models/fleet-figures';

/** CONNECTION_COUNTERS at most this often (console-core §4: coalesced, a few per second at most). */
const COUNTERS_EVERY_MS = 500;
/** A radar hears of one unit at most this often. */
const RADAR_EVERY_MS = 1_000;
/** FLEET_MAP_CHANGED at most this often per process (the issue: "events at most once a second, not one per unit"). */
const MAP_EVERY_MS = 1_000;

function throttle(run: () => void, everyMs: number): () => void {
  let timer: NodeJS.Timeout | undefined;
  let last = 0;
  return () => {
    if (timer) return;
    const wait = Math.max(0, last + everyMs - Date.now());
    timer = setTimeout(() => {
      timer = undefined;
      last = Date.now();
      run();
    }, wait);
    timer.unref();
  };
}

/**
 * Turns what this process reads in the store into the live events of console-core §4, for the consoles
 * connected to this process (every process does the same for its own): counters a few times a second at
 * most, staged totals per family, services, and radar units once a second at most. Events of an action
 * (a ticket, a schedule) are raised by the process that did it, for every console.
 */
export function bridgeStoreToLive(deps: ServiceDeps, live: LiveHub) {
  const { logger, readModels, world, clock, db } = deps;
  const counters = (): ConnectionCounters | Promise<ConnectionCounters> =>
    live.connectedUsers().then((connectedUsers) => ({ ...readModels.figures.counters(), connectedUsers }));
  const sendCounters = throttle(() => {
    Promise.resolve(counters())
      .then((c) => live.emitLocal('CONNECTION_COUNTERS', c))
      .catch((err: unknown) => logger.warn({ err }, 'could not count connected users'));
  }, COUNTERS_EVERY_MS);
  live.onPresenceChange(sendCounters);
  // A console that just connected gets the counters at once, not at the next coalesced broadcast.
  live.onJoin((send) => {
    Promise.resolve(counters())
      .then((c) => send('CONNECTION_COUNTERS', c))
      .catch((err: unknown) => logger.warn({ err }, 'could not count connected users'));
  });

  const pendingRadar = new Set<string>();
  const sendRadar = throttle(() => {
    const serials = [...pendingRadar];
    pendingRadar.clear();
    const users = live.localUsernames();
    watchersOf(db, serials, users)
      .then(async (watchers) => {
        const byUser = new Map<string, string[]>();
        for (const w of watchers) byUser.set(w.username, [...(byUser.get(w.username) ?? []), w.serialNumber]);
        for (const [username, list] of byUser) {
          for (const aligner of await readAlignersFor(deps, username, list))
            live.emitToUserLocal(username, 'RADAR_UPDATE_FAVORITE', aligner);
        }
      })
      .catch((err: unknown) => logger.warn({ err }, 'radar update failed'));
  }, RADAR_EVERY_MS);

  // The map's counts moved since the last event (a unit added, removed, or changed connection, update or place):
  // open maps read theirs again. Unchanged units (a heartbeat, an alignment count) raise nothing.
  let mapSent = readModels.index.mapRevision;
  const sendMap = throttle(() => {
    const revision = readModels.index.mapRevision;
    if (revision === mapSent) return;
    mapSent = revision;
    live.emitToPermittedLocal(PERMISSIONS.viewFleetMap, 'FLEET_MAP_CHANGED', {});
  }, MAP_EVERY_MS);

  let servicesSent = JSON.stringify(world.services.status(clock.now()));
  return {
    figuresChanged(change: FiguresChange) {
      if (change.counters) sendCounters();
      for (const family of change.staged) live.emitLocal('SOFTWARE_UPDATES_STAGED', { family });
    },
    unitsChanged(serials: string[]) {
      if (readModels.index.mapRevision !== mapSent) sendMap();
      if (live.localUsernames().length === 0) return;
      serials.forEach((s) => pendingRadar.add(s));
      sendRadar();
    },
    servicesChanged() {
      const status = world.services.status(clock.now());
      servicesSent = JSON.stringify(status);
      live.emitLocal('SERVICE_STATUS', status);
    },
    /** After each read of the store: the trend, and services coming back from a restart. */
    async polled() {
      const now = clock.now();
      const status = world.services.status(now);
      if (JSON.stringify(status) !== servicesSent) {
        servicesSent = JSON.stringify(status);
        live.emitLocal('SERVICE_STATUS', status);
      }
      await readModels.trend.sample(db, now, readModels.figures.counters().connectedAligners);
    },
  };
}
