import { services } from '../schema';
import type { Db } from '../database';

export async function readServices(db: Db): Promise<{ name: string; up: boolean }[]> {
  return db.select({ name: services.name, up: services.up }).from(services);
}

export async function writeService(db: Db, name: string, up: boolean): Promise<void> {
  await db
    .insert(services)
    .values({ name, up })
    .onConflictDoUpdate({ target: services.name, set: { up, updatedAt: new Date() } });
}
