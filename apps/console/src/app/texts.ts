/** Texts of the app shell (console-core §2). */
export const SHELL_TEXTS = {
  title: 'Equipment Dashboard',
  version: '1.9.1',
  skipToMain: 'Skip to main content',
  menu: 'Menu',
  closeMenu: 'Close menu',
  navigation: 'Navigation',
  searchPlaceholder: 'search for equipment serial number',
  search: 'Search',
  searching: 'Searching',
  closeSearch: 'Close search',
  serialNotFound: (serial: string) => `Serial number ${serial} not found.`,
  notifications: 'Notifications',
  /** The bell: firing alerts nobody acknowledged yet. */
  alertsBell: (unacknowledged: number) =>
    unacknowledged === 0
      ? 'Alerts: none firing unacknowledged'
      : `Alerts: ${unacknowledged.toLocaleString('en-US')} firing unacknowledged`,
  alertsDrawer: 'Firing alerts',
  alertsLoading: 'Loading alerts…',
  alertsFailed: 'The alerts could not be loaded.',
  noFiring: 'No alert is firing.',
  openAlerts: 'Open Alerts',
  closeDrawer: 'Close',
  groupAlerts: (n: number, place: string) =>
    `${n.toLocaleString('en-US')} firing alert${n === 1 ? '' : 's'} in ${place}`,
  groupAlertsCount: (n: number) => `${n.toLocaleString('en-US')} firing alert${n === 1 ? '' : 's'}`,
  groupSince: (time: string) => `since ${time}`,
  moreGroups: (n: number) =>
    `and ${n.toLocaleString('en-US')} more group${n === 1 ? '' : 's'} on the Alerts screen`,
  alertEmail: 'Alert e-mail',
  account: 'Account',
  changePassword: 'Change Password',
  accessTokens: 'Access tokens',
  logout: 'Logout',
  pageLoading: 'Loading page…',
} as const;

/** Alert texts of the live events (console-core §4), letter for letter. */
export const LIVE_TEXTS = {
  ticketClosed: (p: { id: number; serialNumber: string; closedBy: string }) =>
    `Support ticket ${p.id} for aligner ${p.serialNumber} closed by ${p.closedBy}.`,
  commentCreated: (p: { id: number; serialNumber: string; author: string }) =>
    `Comment on ticket ${p.id} for aligner ${p.serialNumber} created by ${p.author}.`,
  ticketCreated: (p: { id: number; serialNumber: string; openedBy: string }) =>
    `New ticket ${p.id} for aligner ${p.serialNumber} created by ${p.openedBy}.`,
  latestSoftware: (version: string) => `The latest software available is now version ${version}.`,
} as const;
