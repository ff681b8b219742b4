import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { COMMAND_NAMES } from './commands';
import { endpoint } from './endpoint';
import { paged, timestampSchema } from './entities';
import { filterQuery, pageQuery } from './query';

/**
 * One remote command as the audit trail keeps it: which unit, what was asked, who asked, and how it
 * ended. The spec leaves the Audits screen's contents open ("not shown"); this is what we chose to show.
 */
export const auditEntrySchema = z.object({
  id: z.int().min(1),
  serialNumber: z.string().min(1),
  command: z.union([z.enum(COMMAND_NAMES), z.string().min(1)]),
  args: z.record(z.string(), z.unknown()),
  username: z.string().min(1),
  /** sent: waiting for the unit; completed or failed: the unit's answer. */
  status: z.enum(['sent', 'completed', 'failed']),
  result: z.unknown().nullable(),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
});
/** See {@link auditEntrySchema}. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const readAudits = endpoint({
  name: 'audits.readAudits',
  method: 'GET',
  path: '/read/audits/v1/',
  query: z.object({ page: pageQuery, filterSerialNumber: filterQuery, filterUsername: filterQuery }),
  response: paged(auditEntrySchema),
  auth: 'token',
  permission: PERMISSIONS.audits,
  summary: 'Lists the remote commands sent to units, newest first: the audit trail (not a spec call).',
});

/** The audit trail (the Audits screen of console-core §2, whose contents the spec does not show). */
export const auditsEndpoints = { readAudits } as const;
