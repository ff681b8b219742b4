import { allWatchersOf } from '../store/repos/units-repo';
import { readAlignersFor } from './equipment-service';
import type { ServiceDeps } from './service-deps';

/**
 * Tells every radar holding these units that they changed by an action of this process (a ticket opened
 * or closed changes a unit's open ticket count), on every process's consoles.
 */
export async function radarTouched(deps: ServiceDeps, serials: string[]): Promise<void> {
  const byUser = new Map<string, string[]>();
  for (const w of await allWatchersOf(deps.db, serials))
    byUser.set(w.username, [...(byUser.get(w.username) ?? []), w.serialNumber]);
  for (const [username, list] of byUser) {
    for (const aligner of await readAlignersFor(deps, username, list))
      deps.live.emitToUser(username, 'RADAR_UPDATE_FAVORITE', aligner);
  }
}
