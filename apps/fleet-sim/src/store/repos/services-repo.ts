import { services } from '../schema';
import type { Db } from '../database';

export interface ServiceRow {
  name: string;
  up: boolean;
  downUntil: Date | null;
}

export async function readServices(db: Db): Promise<ServiceRow[]> {
  return db.select({ name: services.name, up: services.up, downUntil: services.downUntil }).from(services);
}

/** Holds a service up or down (scenarios); a restart under way is forgotten. */
export async function writeService(db: Db, name: string, up: boolean): Promise<void> {
  await db
    .insert(services)
    .values({ name, up, downUntil: null })
    .onConflictDoUpdate({ target: services.name, set: { up, downUntil: null, updatedAt: new Date() } });
}

/** A restart: the service is down until `until` (simulated time), then up again. */
export async function restartService(db: Db, name: string, until: Date): Promise<void> {
  await db
    .insert(services)
    .values({ name, up: true, downUntil: until })
    .onConflictDoUpdate({
      target: services.name,
      set: { up: true, downUntil: until, updatedAt: new Date() },
    });
}
