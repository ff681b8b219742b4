import { booleanToYesNo, schedulerDeviceDisplay, versionLabel } from '@equipment-dashboard/domain';
import { readChatSessions } from './ai';
import { alertSubjectText, readAlerts } from './alerts';
import { readAudits } from './audits';
import { readCameraCals } from './camera-cal';
import { csvExport, type CsvColumn, type CsvExportDef, type PagedListDef } from './define-csv-export';
import { readAligners } from './equipment';
import { ezGetFixtures, ezGetTargets } from './ezadas';
import { readMessages } from './messages';
import { readNotifications } from './notifications';
import { readRollouts } from './rollouts';
import { readAbortedPairings, readActivePairings, readCompletedPairings, type Pairing } from './pairings';
import {
  readUpdateschedulerAligners,
  readUpdateschedulerAlignersOasis,
  readUpdateschedulerGtps,
  type UpdateSchedulerDevice,
} from './scheduler';
import { readTickets } from './tickets';
import { readUsers } from './users';

// The CSV exports of the server-paged lists: each list's screen columns, titled as the screen
// titles them. Times are ISO 8601 (UTC), not the screen's local format, so that a sheet can sort them.

const json = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);

const schedulerColumns: readonly CsvColumn<UpdateSchedulerDevice>[] = [
  { header: 'Serial Number', cell: (d) => d.serialNumber },
  { header: 'Country', cell: (d) => d.geolocation.country_code },
  { header: 'Family', cell: (d) => d.family },
  { header: 'Current Version', cell: (d) => versionLabel(d.version) },
  { header: 'Last Online At', cell: (d) => d.lastSeenOnlineAt },
  { header: 'Staged', cell: (d) => schedulerDeviceDisplay(d).staged },
  { header: 'Staged Version', cell: (d) => d.staging.stagedVersion?.semantic },
  { header: 'Staged At', cell: (d) => d.staging.stagedAt },
  { header: 'Connected', cell: (d) => d.connected },
  { header: 'State', cell: (d) => schedulerDeviceDisplay(d).state },
  {
    header: 'Update Version',
    cell: (d) =>
      schedulerDeviceDisplay(d).updateVersion && d.bestGuessAtSoftwareUpdateVersion
        ? versionLabel(d.bestGuessAtSoftwareUpdateVersion)
        : '',
  },
];

const pairingColumns: readonly CsvColumn<Pairing>[] = [
  { header: 'Vendor', cell: (p) => p.vendor },
  { header: 'Vendor Key', cell: (p) => p.vendorKey },
  { header: 'Alignment ID', cell: (p) => p.alignmentId },
  { header: 'Tru-Point Serial Number', cell: (p) => p.truPointSerialNumber },
  { header: 'Created At', cell: (p) => p.createdAt },
  { header: 'Updated At', cell: (p) => p.updatedAt },
];

/** Every list's CSV export. A new server-paged list adds one `csvExport(...)` line here. */
export const CSV_EXPORTS: readonly CsvExportDef[] = [
  csvExport(readAligners, 'equipment', [
    { header: 'Serial Number', cell: (u) => u.serialNumber },
    { header: 'Country', cell: (u) => u.geolocation.country_code },
    { header: 'Family', cell: (u) => u.family },
    { header: 'Software Version', cell: (u) => u.softwareVersion },
    { header: 'Created At', cell: (u) => u.createdAt },
    { header: 'Updated At', cell: (u) => u.updatedAt },
  ]),
  csvExport(readUpdateschedulerAligners, 'update-scheduler-aligners', schedulerColumns),
  csvExport(readUpdateschedulerGtps, 'update-scheduler-tru-points', schedulerColumns),
  csvExport(readUpdateschedulerAlignersOasis, 'update-scheduler-aligners-oasis', schedulerColumns),
  csvExport(readTickets, 'tickets', [
    { header: 'ID', cell: (t) => t.id },
    { header: 'Serial Number', cell: (t) => t.serialNumber },
    {
      header: 'Status',
      cell: (t) => (t.status === 'open' ? (t.escalated ? 'OPEN ESCALATED' : 'OPEN') : 'CLOSED'),
    },
    { header: 'Opened At', cell: (t) => t.createdAt },
    { header: 'Opened By', cell: (t) => t.issuerUsername },
    { header: 'Closed By', cell: (t) => t.closedByUsername },
    { header: "Caller's Name", cell: (t) => t.originatorName },
  ]),
  csvExport(readUsers, 'users', [
    { header: 'Username', cell: (u) => u.username },
    { header: 'E-mail', cell: (u) => u.email },
    { header: 'Role', cell: (u) => u.role },
    { header: 'Active', cell: (u) => booleanToYesNo(u.active) },
  ]),
  csvExport(readAudits, 'audits', [
    { header: 'When', cell: (a) => a.createdAt },
    { header: 'Serial Number', cell: (a) => a.serialNumber },
    {
      header: 'Command',
      cell: (a) => (Object.keys(a.args).length ? `${a.command} ${json(a.args)}` : a.command),
    },
    { header: 'Sent By', cell: (a) => a.username },
    { header: 'Status', cell: (a) => a.status },
    { header: 'Result', cell: (a) => json(a.result) },
    { header: 'Completed At', cell: (a) => a.completedAt },
  ]),
  csvExport(readMessages, 'messages', [
    { header: 'ID', cell: (m) => m.id },
    { header: 'Header', cell: (m) => m.header },
    { header: 'Market', cell: (m) => m.targets.market },
    { header: 'Start Date', cell: (m) => m.schedule.startDate },
    { header: 'End Date', cell: (m) => m.schedule.endDate },
  ]),
  csvExport(readNotifications, 'notifications', [
    { header: 'Name', cell: (n) => n.name },
    { header: 'Path', cell: (n) => n.resourcePath },
    { header: 'MIME Type', cell: (n) => n.mimeType },
    { header: 'Begins', cell: (n) => n.beginsOn },
    { header: 'Ends', cell: (n) => n.endsOn },
    { header: 'Target Type', cell: (n) => n.targetType },
  ]),
  csvExport(ezGetFixtures, 'ez-adas-fixtures', [
    { header: 'Serial Number', cell: (f) => f.serialNumber },
    { header: 'Activation Count', cell: (f) => f.activationCount },
    { header: 'Subscription Type', cell: (f) => f.subscriptionPackage },
    { header: 'Subscription Expiration', cell: (f) => f.subscriptionExpires },
  ]),
  csvExport(ezGetTargets, 'ez-adas-targets', [
    { header: 'Target Name', cell: (t) => t.targetName },
    { header: 'Target ID', cell: (t) => t.targetId },
    { header: 'Package Index', cell: (t) => t.packageIndex },
    { header: 'Package Name', cell: (t) => t.packageName },
  ]),
  csvExport(readActivePairings, 'pairings-active', pairingColumns),
  csvExport(readCompletedPairings, 'pairings-completed', pairingColumns),
  csvExport(readAbortedPairings, 'pairings-aborted', [
    ...pairingColumns,
    { header: 'Reason', cell: (p) => p.reason },
  ]),
  csvExport(readCameraCals, 'camera-calibrations', [
    { header: 'Operator', cell: (c) => c.Operator },
    { header: 'Version', cell: (c) => c.Version },
    { header: 'Date', cell: (c) => c.Date },
    { header: 'Left Boards', cell: (c) => c.LeftBoards.map((b) => b.SerialNumber).join(', ') },
    { header: 'Right Boards', cell: (c) => c.RightBoards.map((b) => b.SerialNumber).join(', ') },
  ]),
  csvExport(readChatSessions, 'ai-chats', [
    { header: 'Session ID', cell: (s) => s.sessionId },
    { header: 'Serial Number', cell: (s) => s.serialNumber },
    { header: 'Open', cell: (s) => s.isOpen },
    { header: 'Created At', cell: (s) => s.createdAt },
    { header: 'Updated At', cell: (s) => s.updatedAt },
  ]),
  csvExport(readRollouts, 'rollouts', [
    { header: 'Name', cell: (r) => r.name },
    { header: 'Family', cell: (r) => r.family },
    { header: 'Version', cell: (r) => r.version.semantic },
    { header: 'State', cell: (r) => r.state },
    // Each phase: its share of the units, then how many of its units are in each state (as JSON).
    {
      header: 'Phases',
      cell: (r) => r.phases.map((p, i) => `${i + 1}: ${p.percent}% ${json(p.counts)}`).join('; '),
    },
    { header: 'Units', cell: (r) => r.totalUnits },
    { header: 'Created By', cell: (r) => r.createdBy },
    { header: 'Created At', cell: (r) => r.createdAt },
  ]),
  csvExport(readAlerts, 'alerts', [
    { header: 'ID', cell: (a) => a.id },
    { header: 'Severity', cell: (a) => a.severity },
    { header: 'State', cell: (a) => a.state },
    { header: 'Rule', cell: (a) => a.ruleName },
    { header: 'Kind', cell: (a) => a.kind },
    { header: 'Subject', cell: (a) => alertSubjectText(a.subject) },
    { header: 'Summary', cell: (a) => a.summary },
    { header: 'Started At', cell: (a) => a.startedAt },
    { header: 'Fired At', cell: (a) => a.firedAt },
    { header: 'Acknowledged By', cell: (a) => a.acknowledgedBy },
    { header: 'Comment', cell: (a) => a.comment },
    { header: 'Resolved At', cell: (a) => a.resolvedAt },
  ]),
] as readonly CsvExportDef<PagedListDef>[];

/**
 * The CSV export of a list call, if it has one: by the list's name (`equipment.readAligners`) or by its call
 * part alone (`readAligners`, the name of its RTK Query endpoint: call parts are unique across areas).
 */
export function csvExportOf(list: string): CsvExportDef | undefined {
  return CSV_EXPORTS.find((def) => def.list.name === list || def.list.name.split('.')[1] === list);
}
