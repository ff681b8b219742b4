import { and, count, desc, eq, like, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { PAGE_SIZE } from '@equipment-dashboard/domain';
import { auditLog, commands } from '../schema';
import type { Db } from '../database';
import type { Page } from './rows';
import { escapeLike } from './users-repo';

/** A staff action that is not a command to a unit, as the audit log keeps it. */
export interface AuditRecord {
  username: string;
  /** 'alert.acknowledge', 'alertRule.create', 'silence.create' ... */
  action: string;
  serialNumber?: string | null;
  detail?: Record<string, unknown>;
  at: Date;
}

/** Records staff actions; call it inside the transaction of the change it records. */
export async function recordAudit(db: Db, records: readonly AuditRecord[]): Promise<void> {
  if (records.length === 0) return;
  await db.insert(auditLog).values(
    records.map((r) => ({
      username: r.username,
      action: r.action,
      serialNumber: r.serialNumber ?? null,
      detail: r.detail ?? {},
      at: r.at,
    })),
  );
}

/** One entry of the audit trail: a remote command, or a staff action of the audit log. */
export interface AuditTrailRow {
  kind: 'command' | 'action';
  id: number;
  /** '' for an action about no unit. */
  serialNumber: string;
  /** The command's name, or the action ('alertRule.create'). */
  command: string;
  /** The command's arguments, or the action's detail. */
  args: Record<string, unknown>;
  username: string;
  /** The command's status; an action is 'completed' (it is recorded once done). */
  status: string;
  result: unknown;
  createdAt: Date;
  completedAt: Date | null;
  expiresAt: Date | null;
}

/**
 * A page of the audit trail, newest first: the remote commands and the audit log's staff actions merged by time
 * (both simulated), by serial prefix and/or sender. Each side gives at most its first `page` pages in its own order
 * (commands by id, the order they were queued in: an index scan, not a sort of the whole command log), and the
 * merge pages those.
 */
export async function listAuditTrail(
  db: Db,
  query: { page: number; filterSerialNumber?: string; filterUsername?: string },
): Promise<Page<AuditTrailRow>> {
  const serial = query.filterSerialNumber
    ? `${escapeLike(query.filterSerialNumber.toUpperCase())}%`
    : undefined;
  const commandsWhere = and(
    serial ? like(commands.serialNumber, serial) : undefined,
    query.filterUsername ? eq(commands.username, query.filterUsername) : undefined,
  );
  const actionsWhere = and(
    serial ? like(auditLog.serialNumber, serial) : undefined,
    query.filterUsername ? eq(auditLog.username, query.filterUsername) : undefined,
  );
  const reach = query.page * PAGE_SIZE;
  const commandSide = db
    .select({
      kind: sql<'command' | 'action'>`'command'`.as('kind'),
      id: commands.id,
      serialNumber: commands.serialNumber,
      command: commands.command,
      args: commands.args,
      username: commands.username,
      status: commands.status,
      result: commands.result,
      createdAt: commands.createdAt,
      completedAt: commands.completedAt,
      expiresAt: commands.expiresAt,
    })
    .from(commands)
    .where(commandsWhere)
    .orderBy(desc(commands.id))
    .limit(reach);
  const actionSide = db
    .select({
      kind: sql<'command' | 'action'>`'action'`.as('kind'),
      id: auditLog.id,
      serialNumber: sql<string>`coalesce(${auditLog.serialNumber}, '')`.as('serial_number'),
      command: auditLog.action,
      args: auditLog.detail,
      username: auditLog.username,
      status: sql<string>`'completed'`.as('status'),
      result: sql<unknown>`NULL::jsonb`.as('result'),
      createdAt: auditLog.at,
      completedAt: auditLog.at,
      expiresAt: sql<Date | null>`NULL::timestamptz`.as('expires_at'),
    })
    .from(auditLog)
    .where(actionsWhere)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(reach);
  const [docs, [commandCount], [actionCount]] = await Promise.all([
    unionAll(commandSide, actionSide)
      .orderBy(desc(commands.createdAt), desc(commands.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(commands).where(commandsWhere),
    db.select({ n: count() }).from(auditLog).where(actionsWhere),
  ]);
  return { docs: docs as AuditTrailRow[], totalDocs: (commandCount?.n ?? 0) + (actionCount?.n ?? 0) };
}
