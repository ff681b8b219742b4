import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../database';
import { commands, units } from '../schema';
import { commandEndedEvent, commandQueuedEvent } from './history-events';
import { recordHistory } from './history-repo';
import { insertOne } from './rows';
import { inTransaction } from '../transaction';

export type CommandRow = typeof commands.$inferSelect;

/** Puts a command in the durable queue (the API's only write to it), and on its unit's timeline in the same transaction. */
export async function queueCommand(
  db: Db,
  row: {
    serialNumber: string;
    command: string;
    args: Record<string, unknown>;
    username: string;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<CommandRow> {
  return inTransaction(db, async (t) => {
    const queued = await insertOne(t, commands, { ...row, status: 'queued' });
    await recordHistory(t, [commandQueuedEvent(queued)]);
    return queued;
  });
}

/** A command's end, stored with its entry on the unit's timeline (one transaction). */
async function endCommand(
  db: Db,
  end: (t: Db) => Promise<CommandRow | undefined>,
): Promise<CommandRow | undefined> {
  return inTransaction(db, async (t) => {
    const row = await end(t);
    if (row) await recordHistory(t, [commandEndedEvent(row)]);
    return row;
  });
}

/** The unit took a queued command: answers false when it was no longer queued (expired meanwhile). */
export async function markSent(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(commands)
    .set({ status: 'sent', sentAt: at })
    .where(and(eq(commands.id, id), eq(commands.status, 'queued')))
    .returning({ id: commands.id });
  return rows.length > 0;
}

/** The unit's answer to a command it took; answers the command as it now is. */
export async function finishCommand(
  db: Db,
  id: number,
  status: 'completed' | 'failed',
  result: unknown,
  at: Date,
): Promise<CommandRow | undefined> {
  return endCommand(db, async (t) => {
    const [row] = await t
      .update(commands)
      .set({ status, result, completedAt: at })
      .where(and(eq(commands.id, id), eq(commands.status, 'sent')))
      .returning();
    return row;
  });
}

/** A queued command the unit never took in time; answers it as it now is (undefined if it was not queued). */
export async function expireCommand(db: Db, id: number, at: Date): Promise<CommandRow | undefined> {
  return endCommand(db, async (t) => {
    const [row] = await t
      .update(commands)
      .set({
        status: 'expired',
        completedAt: at,
        result: { error: 'The unit did not take the command before it expired.' },
      })
      .where(and(eq(commands.id, id), eq(commands.status, 'queued')))
      .returning();
    return row;
  });
}

/** Queued and sent commands of some shards' units (a simulator taking units takes their commands too). */
export async function openCommands(db: Db, shards?: readonly number[]): Promise<CommandRow[]> {
  const rows = await db
    .select({ command: commands })
    .from(commands)
    .innerJoin(units, eq(units.serialNumber, commands.serialNumber))
    .where(
      and(
        inArray(commands.status, ['queued', 'sent']),
        shards ? inArray(units.shard, [...shards]) : undefined,
      ),
    )
    .orderBy(commands.id);
  return rows.map((r) => r.command);
}

/** Commands written at or after a transaction (new ones, and status changes). */
export async function commandsChangedSince(db: Db, xid: string): Promise<CommandRow[]> {
  return db.select().from(commands).where(gte(commands.changeXid, xid)).orderBy(commands.id);
}

export async function findCommand(db: Db, id: number): Promise<CommandRow | undefined> {
  const [row] = await db.select().from(commands).where(eq(commands.id, id));
  return row;
}

export async function commandsOf(db: Db, serialNumber: string) {
  return db.select().from(commands).where(eq(commands.serialNumber, serialNumber)).orderBy(commands.id);
}
