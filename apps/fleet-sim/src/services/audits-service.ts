import { COMMAND_STATUSES, type AuditEntry } from '@equipment-dashboard/contract';
import { listAuditTrail } from '../store/repos/audit-log-repo';
import type { ServiceDeps } from './service-deps';

const STATUSES = new Set<string>(COMMAND_STATUSES);

/**
 * The audit trail: every remote command, with who sent it and how it ended, and every staff action of the audit log
 * (alerts acknowledged or resolved, rules, silences and webhooks changed), newest first.
 */
export async function readAudits(
  deps: ServiceDeps,
  query: { page: number; filterSerialNumber?: string; filterUsername?: string },
): Promise<{ docs: AuditEntry[]; totalDocs: number }> {
  const { docs, totalDocs } = await listAuditTrail(deps.db, query);
  return {
    totalDocs,
    docs: docs.map((row) => ({
      ...row,
      status: (STATUSES.has(row.status) ? row.status : 'sent') as AuditEntry['status'],
      result: row.result ?? null,
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt ? row.completedAt.toISOString() : null,
      expiresAt: row.expiresAt ? row.expiresAt.toISOString() : null,
    })),
  };
}
