/**
 * Texts of the Audits screen. The spec leaves its contents open (console-core §2 "The Audits screen
 * contents: not shown"); every word here is ours.
 */
export const AUDITS_TEXTS = {
  title: 'Audits',
  explanation:
    'Every remote command sent to a unit from this console, newest first: when it was sent, to which unit, by whom, and how the unit answered.',
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
  statusLabels: { sent: 'sent', completed: 'completed', failed: 'failed' },
  none: '—',
} as const;
