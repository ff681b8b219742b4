import type { CommandStatus } from '@equipment-dashboard/contract';

/**
 * Texts of the Audits screen. The spec leaves its contents open (console-core §2 "The Audits screen
 * contents: not shown"); every word here is ours.
 */
export const AUDITS_TEXTS = {
  title: 'Audits',
  explanation:
    'Every remote command sent to a unit from this console, newest first: when it was sent, to which unit, by whom, and how the unit answered.',
  /** The command's lifecycle in the durable queue (libs/contract COMMAND_STATUSES). */
  lifecycle:
    "Each command is stored first: queued while its unit is offline, sent once the unit has it, then completed or failed by the unit's answer. A queued command whose unit does not reconnect before its expiry ends as expired.",
  noAccess: 'You do not have access to Audits.',
  filterSerialNumber: 'filter serial number',
  filterUsername: 'filter username',
  when: 'When',
  serialNumber: 'Serial Number',
  command: 'Command',
  sentBy: 'Sent By',
  status: 'Status',
  result: 'Result',
  completedAt: 'Completed At',
  statusLabels: {
    queued: 'queued',
    sent: 'sent',
    completed: 'completed',
    failed: 'failed',
    expired: 'expired',
  } satisfies Record<CommandStatus, string>,
  /** What each status means, on hover of its tag. */
  statusHelp: {
    queued: 'The unit is offline: it gets the command when it reconnects, unless the command expires first.',
    sent: 'The unit has the command; its answer is awaited.',
    completed: 'The unit carried the command out.',
    failed: 'The unit did not carry the command out.',
    expired: 'The unit did not reconnect before the command expired; it was never carried out.',
  } satisfies Record<CommandStatus, string>,
  /** The Completed At cell of a queued command: until when it waits for its unit. */
  expires: (at: string) => `expires ${at}`,
  /** The Completed At cell of an expired command: when it stopped waiting. */
  expiredAt: (at: string) => `expired ${at}`,
  none: '—',
} as const;
