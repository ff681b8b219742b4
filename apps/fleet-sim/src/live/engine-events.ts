import { FAMILIES, type Family } from '@equipment-dashboard/domain';
import type { ConnectionCounters } from '@equipment-dashboard/api';
import type { EngineListener } from '../fleet/engine';
import type { UnitRuntime } from '../fleet/unit-runtime';
import { readAlignersFor } from '../services/equipment-service';
import type { ServiceDeps } from '../services/service-deps';

/** CONNECTION_COUNTERS at most this often (console-core §4: coalesced, a few per second at most). */
const COUNTERS_EVERY_MS = 500;
/** A radar hears of one unit at most this often. */
const RADAR_EVERY_MS = 1_000;

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
 * Turns the engine's changes into the live events of console-core §4, coalesced: the counters a few
 * times a second at most, a radar unit once a second at most, staged totals per family once per tick.
 */
export function bridgeEngineToLive(deps: ServiceDeps): EngineListener {
  const { live, logger } = deps;
  const engine = deps.fleet.engine;
  const withCounters = (send: (counters: ConnectionCounters) => void) => {
    live
      .connectedUsers()
      .then((connectedUsers) => send({ ...engine.state.aggregates.counters(), connectedUsers }))
      .catch((err: unknown) => logger.warn({ err }, 'could not count connected users'));
  };
  const sendCounters = throttle(() => withCounters((counters) => live.emit('CONNECTION_COUNTERS', counters)), COUNTERS_EVERY_MS);
  live.onPresenceChange(sendCounters);
  // A console that just connected gets the counters at once, not at the next coalesced broadcast.
  live.onJoin((send) => withCounters((counters) => send('CONNECTION_COUNTERS', counters)));

  const pendingRadar = new Set<string>();
  const sendRadar = throttle(() => {
    const serials = [...pendingRadar];
    pendingRadar.clear();
    const byUser = new Map<string, string[]>();
    for (const serial of serials) {
      for (const username of engine.state.watchers.get(serial) ?? []) {
        byUser.set(username, [...(byUser.get(username) ?? []), serial]);
      }
    }
    for (const [username, list] of byUser) {
      readAlignersFor(deps, username, list)
        .then((aligners) => aligners.forEach((aligner) => live.emitToUser(username, 'RADAR_UPDATE_FAVORITE', aligner)))
        .catch((err: unknown) => logger.warn({ err }, 'radar update failed'));
    }
  }, RADAR_EVERY_MS);

  return {
    countersChanged: sendCounters,
    unitsChanged(serials) {
      serials.forEach((s) => pendingRadar.add(s));
      sendRadar();
    },
    stagedChanged(families) {
      for (const family of new Set(families)) {
        if ((FAMILIES as readonly string[]).includes(family)) live.emit('SOFTWARE_UPDATES_STAGED', { family: family as Family });
      }
    },
    servicesChanged() {
      live.emit('SERVICE_STATUS', engine.services.status());
    },
    unitsInstalled(units: UnitRuntime[]) {
      logger.debug({ units: units.length }, 'units finished installing');
    },
  };
}
