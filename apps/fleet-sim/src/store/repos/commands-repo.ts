import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { escapeLike } from './users-repo';
import type { Db } from '../database';
import { commands } from '../schema';

export async function recordCommand(
  db: Db,
  row: { serialNumber: string; command: string; args: Record<string, unknown>; username: string; status: string },
): Promise<number> {
  const [created] = await db.insert(commands).values(row).returning({ id: commands.id });
  if (!created) throw new Error('insert returned no row');
  return created.id;
}

export async function finishCommand(db: Db, id: number, status: 'completed' | 'failed', result: unknown): Promise<void> {
  await db.update(commands).set({ status, result, completedAt: new Date() }).where(eq(commands.id, id));
}

export async function commandsOf(db: Db, serialNumber: string) {
  return db.select().from(commands).where(eq(commands.serialNumber, serialNumber)).orderBy(commands.id);
}

/** A page of the command log, newest first, by serial prefix and/or sender. */
export async function listCommands(db: Db, query: { page: number; filterSerialNumber?: string; filterUsername?: string }) {
  const where: SQL[] = [];
  if (query.filterSerialNumber) where.push(like(commands.serialNumber, `${escapeLike(query.filterSerialNumber.toUpperCase())}%`));
  if (query.filterUsername) where.push(eq(commands.username, query.filterUsername));
  const condition = where.length ? and(...where) : undefined;
  const [docs, [total]] = await Promise.all([
    db.select().from(commands).where(condition).orderBy(desc(commands.id)).limit(PAGE_SIZE).offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(commands).where(condition),
  ]);
  return { docs, totalDocs: total?.n ?? 0 };
}
