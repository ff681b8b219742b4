import { SERVICE_NAMES, type ServiceName } from '@equipment-dashboard/domain';
import type { ServiceStatus } from '@equipment-dashboard/contract';
import type { ServiceRow } from '../store/repos/services-repo';

/** How long a restarted service stays down, in simulated ms. */
export const RESTART_DOWNTIME_MS = 5_000;

/**
 * The status board of the emulated back-end's services (console-core §3; called back-end status here, as
 * "services" is also the server's layer), as the store holds them: a service is up unless a
 * scenario holds it down or a restart keeps it down until `downUntil` (simulated time). Every process
 * keeps a board from the store's rows, so all agree; the status follows the clock with no timer.
 */
export class BackendStatusBoard {
  private readonly rows = new Map<ServiceName, { up: boolean; downUntil: number | null }>(
    SERVICE_NAMES.map((name) => [name, { up: true, downUntil: null }]),
  );

  /** Takes the store's rows; answers whether anything changed. */
  load(rows: readonly ServiceRow[]): boolean {
    let changed = false;
    for (const row of rows) {
      const current = this.rows.get(row.name as ServiceName);
      if (!current) continue;
      const downUntil = row.downUntil?.getTime() ?? null;
      if (current.up !== row.up || current.downUntil !== downUntil) {
        this.rows.set(row.name as ServiceName, { up: row.up, downUntil });
        changed = true;
      }
    }
    return changed;
  }

  isUp(name: ServiceName, now: number): boolean {
    const row = this.rows.get(name);
    return Boolean(row?.up) && (row?.downUntil === null || (row?.downUntil ?? 0) <= now);
  }

  status(now: number): ServiceStatus {
    return Object.fromEntries(SERVICE_NAMES.map((name) => [name, this.isUp(name, now)])) as ServiceStatus;
  }
}
