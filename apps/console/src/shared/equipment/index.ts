/** Equipment pieces shared by the equipment screens and My Radar. */
export { CommandNoticeAlert } from './command-notice-alert';
export { CountryFlag } from './country-flag';
export { FavoriteToggle } from './favorite-toggle';
export { formatDateTime } from './format';
export { OpenTicketsBadge } from './open-tickets-badge';
export { UNIT_TEXTS } from './texts';
export { UpdateStatusPanel } from './update-status-panel';
export {
  commandNoticeText,
  failureReason,
  noticeOf,
  useCommandRunner,
  type CommandRunner,
} from './use-command-runner';
export { useLatestVersions, type LatestVersions } from './use-latest-by-family';
export { UnitVersionChip, VersionChip } from './version-chip';
