import type { Family } from '@equipment-dashboard/domain';

/**
 * Texts of the Update Scheduler (back-office §2.4). Tab, column and checkbox names and 'Average Slot
 * Age' are the spec's, letter for letter; the rest are ours.
 */
export const SCHEDULER_TEXTS = {
  title: 'Update Scheduler',
  familyTabs: { aligner: 'Aligners', gtps: 'Tru-Points', 'aligner-oasis': 'Aligners-Oasis' } satisfies Record<
    Family,
    string
  >,
  views: { table: 'Update Scheduler', daily: 'Daily Activity', hourly: 'Hourly Activity' },

  // Toolbar (back-office §2.4).
  filters: 'Filters',
  connected: 'Connected',
  staged: 'Staged',
  filterState: 'filter state',
  filterCountryCode: 'filter country code',
  filterSoftwareVersion: 'filter software version',
  filterFamily: 'filter family',
  filterSerialNumber: 'filter serial number',
  clearFilters: 'Clear Filters',
  refresh: 'Refresh',

  // Columns (back-office §2.4).
  serialNumber: 'Serial Number',
  country: 'Country',
  family: 'Family',
  currentVersion: 'Current Version',
  lastOnlineAt: 'Last Online At',
  stagedColumn: 'Staged',
  stagedVersion: 'Staged Version',
  stagedAt: 'Staged At',
  connectedColumn: 'Connected',
  state: 'State',
  updateVersion: 'Update Version',
  yes: 'yes',
  no: 'no',

  // Daily and Hourly Activity (back-office §2.4, §3, §4).
  autoStaged: 'Auto-staged',
  autoUnstaged: 'Auto-unstaged',
  autoUnstagedHung: 'Auto-unstaged (hung)',
  deliveryCount: 'Delivery count',
  averageSlotAge: 'Average Slot Age',
  minutes: 'minutes',
  activityChart: (family: string, period: string) => `${family} ${period} activity`,
  deltasChart: (family: string, period: string) => `${family} ${period} deltas`,
  daily: 'daily',
  hourly: 'hourly',
  noActivity: 'No activity recorded',
  series: {
    deliveries: 'Deliveries',
    atCurrentVersion: (family: Family) =>
      `${family === 'gtps' ? 'Tru-Points' : 'Aligners'} at current version`,
    autoStaged: 'Auto-staged',
    connectedCount: 'Connected',
  },

  notAllowedTitle: 'Your role does not allow the update scheduler.',
  notAllowedDetail: 'The update scheduler is for admin, engineer and support_lvl2 users.',
} as const;
