import { z } from 'zod';
import { PERMISSIONS } from '@equipment-dashboard/domain';
import { COMMAND_NAMES, COMMAND_STATUSES } from './commands';
import { areaEndpoints, pagedListQuery } from './define';
import { paged, timestampSchema } from './primitives';
import { filterQuery } from './query';

/**
 * What an audit entry records: a remote command to a unit, or a staff action that is not a command (an alert
 * acknowledged, a rule, silence or webhook changed).
 */
export const AUDIT_ENTRY_KINDS = ['command', 'action'] as const;

/**
 * One entry of the audit trail: a remote command (which unit, what was asked, who asked, and how it ended), or a
 * staff action (`command` is the action, e.g. 'alert.acknowledge', `args` its detail, `serialNumber` its unit or
 * '', status 'completed'). Ids are unique within a kind. The spec leaves the Audits screen's contents open ("not
 * shown"); this is what we chose to show.
 */
export const auditEntrySchema = z.object({
  /** The entry's kind (absent: a command, as before staff actions joined the trail). */
  kind: z.enum(AUDIT_ENTRY_KINDS).optional(),
  id: z.int().min(1),
  /** The unit; '' for a staff action about no unit. */
  serialNumber: z.string(),
  command: z.union([z.enum(COMMAND_NAMES), z.string().min(1)]),
  args: z.record(z.string(), z.unknown()),
  username: z.string().min(1),
  /**
   * The command's lifecycle in the durable queue: queued (stored, the unit has not taken it: offline),
   * sent (the unit took it, its answer is awaited), completed or failed (the unit's answer), expired (the
   * unit did not take it before `expiresAt`).
   */
  status: z.enum(COMMAND_STATUSES),
  result: z.unknown().nullable(),
  createdAt: timestampSchema,
  completedAt: timestampSchema.nullable(),
  /** Until when a queued command waits for its unit (simulated clock); null on older entries. */
  expiresAt: timestampSchema.nullable().optional(),
});
/** See {@link auditEntrySchema}. */
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const audits = areaEndpoints('audits');

export const readAudits = audits.get('readAudits', '/read/audits/v1/', {
  query: pagedListQuery({ filterSerialNumber: filterQuery, filterUsername: filterQuery }),
  response: paged(auditEntrySchema),
  permission: PERMISSIONS.audits,
  summary:
    'Lists the remote commands sent to units and the staff actions of the audit log, newest first: the audit trail (not a spec call).',
});

/** The audit trail (the Audits screen of console-core §2, whose contents the spec does not show). */
export const auditsEndpoints = { readAudits } as const;
