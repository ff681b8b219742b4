import { SERVICE_NAMES, type ServiceName } from '@equipment-dashboard/domain';
import type { ServiceStatus } from '@equipment-dashboard/api';

/** How long a restarted service stays down, in simulated ms. */
export const RESTART_DOWNTIME_MS = 5_000;

/**
 * The emulated back-end services (console-core §3) and their up/down flags. A restart takes a
 * service down and brings it back after {@link RESTART_DOWNTIME_MS}; a scenario can hold one down.
 */
export class ServicesBoard {
  private readonly up = new Map<ServiceName, boolean>(SERVICE_NAMES.map((name) => [name, true]));
  private readonly backAt = new Map<ServiceName, number>();

  load(rows: { name: string; up: boolean }[]): void {
    for (const row of rows) if (this.up.has(row.name as ServiceName)) this.up.set(row.name as ServiceName, row.up);
  }

  isUp(name: ServiceName): boolean {
    return this.up.get(name) ?? false;
  }

  status(): ServiceStatus {
    return Object.fromEntries(SERVICE_NAMES.map((name) => [name, this.isUp(name)])) as ServiceStatus;
  }

  /** Sets a flag; answers whether it changed. A service set down stays down until set up. */
  set(name: ServiceName, up: boolean): boolean {
    this.backAt.delete(name);
    if (this.up.get(name) === up) return false;
    this.up.set(name, up);
    return true;
  }

  restart(name: ServiceName, now: number): void {
    this.up.set(name, false);
    this.backAt.set(name, now + RESTART_DOWNTIME_MS);
  }

  /** Brings back restarted services whose downtime is over; answers the names that came up. */
  tick(now: number): ServiceName[] {
    const back: ServiceName[] = [];
    for (const [name, at] of this.backAt) {
      if (at <= now) {
        this.backAt.delete(name);
        this.up.set(name, true);
        back.push(name);
      }
    }
    return back;
  }
}
