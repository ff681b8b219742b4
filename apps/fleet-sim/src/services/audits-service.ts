import { COMMAND_STATUSES, type AuditEntry } from '@equipment-dashboard/contract';
import { listCommands } from '../store/repos/commands-repo';
import type { ServiceDeps } from './service-deps';

const STATUSES = new Set<string>(COMMAND_STATUSES);

/** The audit trail: every remote command, newest first, with who sent it and how it ended. */
export async function readAudits(
  deps: ServiceDeps,
  query: { page: number; filterSerialNumber?: string; filterUsername?: string },
): Promise<{ docs: AuditEntry[]; totalDocs: number }> {
  const { docs, totalDocs } = await listCommands(deps.db, query);
  return {
    totalDocs,
    docs: docs.map((row) => ({
      id: row.id,
      serialNumber: row.serialNumber,
      command: row.command,
      args: row.args,
      username: row.username,
      status: (STATUSES.has(row.status) ? row.status : 'sent') as AuditEntry['status'],
      result: row.result ?? null,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    })),
  };
}
