/**
 * Who may see and do what (console-core §6, back-office §6): the navigation entries with their roles,
 * the named permissions, one role -> permissions table and one pure `can`. The console hides what a
 * role may not use; the server refuses it with 403 using the same `can`.
 */
import { ROLES, isRole, type Role } from './roles';

export * from './roles';

/**
 * Navigation drawer entries in the spec's order (console-core §2, §6; back-office §6). `roles: 'all'`
 * means every signed-in user with a known role, guest and tech included (the spec: "all signed-in
 * users"). Audits and Messaging are routes without a drawer entry (console-core §2); see the audits and
 * messagesAuthor permissions.
 */
export const NAV_ENTRIES = [
  { key: 'dashboard', path: '/', label: 'Dashboard', roles: 'all' },
  { key: 'equipment', path: '/Aligners', label: 'Equipment', roles: 'all' },
  { key: 'fleetMap', path: '/Map', label: 'Fleet Map', roles: 'all' },
  {
    key: 'fleetHealth',
    path: '/Health',
    label: 'Fleet Health',
    roles: ['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech'],
  },
  { key: 'radar', path: '/Radar', label: 'My Radar', roles: 'all' },
  { key: 'supportTickets', path: '/SupportTickets', label: 'Support Tickets', roles: 'all' },
  { key: 'cameraCal', path: '/CameraCal', label: 'Camera Cal', roles: 'all' },
  { key: 'softwareUpdates', path: '/SoftwareUpdates', label: 'Software Updates', roles: 'all' },
  { key: 'specUpdates', path: '/SpecUpdates', label: 'Spec Updates', roles: 'all' },
  {
    key: 'updateScheduler',
    path: '/UpdateScheduler',
    label: 'Update Scheduler',
    roles: ['admin', 'engineer', 'support_lvl2'],
  },
  {
    key: 'rollouts',
    path: '/Rollouts',
    label: 'Rollouts',
    roles: ['admin', 'engineer', 'support_lvl2'],
  },
  {
    key: 'alerts',
    path: '/Alerts',
    label: 'Alerts',
    roles: ['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech'],
  },
  { key: 'trendChart', path: '/TrendChart', label: 'Trend Chart', roles: 'all' },
  { key: 'easy', path: '/Easy', label: 'EZ ADAS', roles: ['admin', 'engineer', 'ezadas', 'support_lvl2'] },
  {
    key: 'notifications',
    path: '/Notifications',
    label: 'Notifications / Ads',
    roles: ['admin', 'engineer'],
  },
  {
    key: 'truPoint',
    path: '/TruPoint',
    label: 'TruPoint',
    roles: ['admin', 'engineer', 'support_lvl2', 'support'],
  },
  { key: 'simulator', path: '/Simulator', label: 'Simulator', roles: ['admin', 'engineer'] },
  { key: 'users', path: '/Users', label: 'Users', roles: ['admin'] },
] as const satisfies readonly { key: string; path: string; label: string; roles: readonly Role[] | 'all' }[];

/** One navigation drawer entry. */
export type NavEntry = (typeof NAV_ENTRIES)[number];
/** The key of a navigation entry. */
export type NavKey = NavEntry['key'];

/** The entry of a key, or undefined for an unknown key. */
function navEntryOf(key: string): NavEntry | undefined {
  return NAV_ENTRIES.find((entry) => entry.key === key);
}

/**
 * True when the role sees the navigation entry (console-core §6, back-office §6). Decision: an unknown or
 * missing role (not signed in, or a role this console does not know) sees nothing, not even 'all'
 * entries: 'all' means all signed-in users with a known role.
 */
export function canSeeNav(role: Role | string | undefined, entry: NavKey | NavEntry): boolean {
  if (!isRole(role)) return false;
  const found: NavEntry | undefined = typeof entry === 'string' ? navEntryOf(entry) : entry;
  if (found === undefined) return false;
  const roles: readonly Role[] | 'all' = found.roles;
  return roles === 'all' || roles.includes(role);
}

/** The entries a role sees, in drawer order. */
export function navEntriesFor(role: Role | string | undefined): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => canSeeNav(role, entry));
}

/**
 * Named permissions (Backstage style: one constant per action, one line each). The role table is
 * {@link ROLE_PERMISSIONS}; who holds each is said on its line.
 */
export const PERMISSIONS = {
  /** Open Port on a unit: admin, engineer (console-core §6). */
  openPort: 'equipment.openPort',
  /** Reset Serial (plus the version gate): admin, engineer (console-core §6). */
  resetSerial: 'equipment.resetSerial',
  /** RCP: admin, engineer (console-core §6). */
  rcp: 'equipment.rcp',
  /** Delete equipment: admin, engineer (console-core §6). */
  deleteEquipment: 'equipment.delete',
  /** Change Targets: admin, engineer, support_lvl2 (console-core §6). */
  changeTargets: 'equipment.changeTargets',
  /** Service restart buttons on home: admin (console-core §6). */
  restartService: 'services.restart',
  /** Create Aligner Update: admin, engineer (back-office §6). */
  createSoftwareUpdate: 'updates.createSoftware',
  /** Create Tru-Point Update: admin, engineer (back-office §6). */
  createGtpsUpdate: 'updates.createGtps',
  /** Create Oasis Update: admin, engineer (back-office §6). */
  createOasisUpdate: 'updates.createOasis',
  /** Schedule Aligner Updates: admin, engineer (back-office §6). */
  scheduleUpdates: 'updates.schedule',
  /** Create Spec Update: admin, engineer (back-office §6). */
  createSpecUpdate: 'specs.create',
  /**
   * Edit a spec update: admin, engineer. Decision: the edit is not role-gated on screen (back-office §6),
   * but a role that may not create a spec update may not change one either; the console hides Edit Spec
   * for others and the server refuses it.
   */
  editSpecUpdate: 'specs.edit',
  /** Create New Target (EZ ADAS): admin, engineer (back-office §6). */
  ezTargetCreate: 'ezadas.targetCreate',
  /** Edit Target (EZ ADAS): admin, engineer (back-office §6). */
  ezTargetEdit: 'ezadas.targetEdit',
  /** Delete Target (EZ ADAS): admin, engineer (back-office §6). */
  ezTargetDelete: 'ezadas.targetDelete',
  /**
   * EZ ADAS fixture actions (create, reset activations, subscription, delete): admin, engineer, ezadas,
   * support_lvl2. Decision: the actions are "visible to all roles" (back-office §6) but only these roles
   * see the EZ ADAS screen, so these are the roles that may use them.
   */
  ezFixtureManage: 'ezadas.fixtureManage',
  /** Users screen and user create/update/delete: admin (back-office §6 navigation; the server enforces it). */
  usersAdmin: 'users.admin',
  /** Create Notification: admin, engineer (the roles that see Notifications / Ads, back-office §6). */
  notificationsCreate: 'notifications.create',
  /**
   * Approve a message (Save and Approve): admin, engineer. Decision: "Role gating for approval is not
   * shown" (back-office §6); approving publishes to customers' units, so it goes with the roles that
   * publish updates and notifications.
   */
  messagesApprove: 'messages.approve',
  /**
   * Messaging screen: create, edit and submit own drafts, delete own drafts: every role except guest.
   * Decision: "Role gating for Audits and Messaging: not shown" (console-core §6).
   */
  messagesAuthor: 'messages.author',
  /** Update Scheduler screen and its reads: admin, engineer, support_lvl2 (console-core §6). */
  viewUpdateScheduler: 'updateScheduler.view',
  /** EZ ADAS screen and its reads: admin, engineer, ezadas, support_lvl2 (console-core §6). */
  viewEzAdas: 'ezadas.view',
  /** TruPoint (vendor pairings) screen and its reads: admin, engineer, support_lvl2, support (console-core §6). */
  viewPairings: 'pairings.view',
  /**
   * Fleet simulator control (the Simulator screen: scenarios, their runs, the simulated clock): admin, engineer
   * (issue 42). Not in the spec; the simulator's own.
   */
  simulatorControl: 'simulator.control',
  /**
   * Remote commands that are not role-gated on screen (Activate, Screen Shot, USB, Printer, Voltages,
   * log level, Check Cloud, Download Updates, Install Updates): every role except guest. Decision:
   * console-core §6 leaves them ungated; guest is a look-only role.
   */
  sendCommand: 'equipment.sendCommand',
  /**
   * Delete a unit's screenshot: every role except guest. Decision: the screenshot list's delete is not role-gated
   * (console-core §2), as the Screen Shot command that makes one; guest looks only.
   */
  deleteScreenShot: 'equipment.deleteScreenShot',
  /** Stage and Unstage: every role except guest (console-core §6 leaves Stage ungated; guest looks only). */
  stageUpdates: 'equipment.stageUpdates',
  /**
   * Tickets: create, comment, attach, escalate, de-escalate, close: every role except guest (decision:
   * back-office §2.1 gates these by ticket state only; guest looks only).
   */
  manageTickets: 'tickets.manage',
  /** Audits screen: admin. Decision: "Role gating for Audits ... not shown" (console-core §6). */
  audits: 'audits.view',
  /** Rollouts screen and its reads: the Update Scheduler's roles (admin, engineer, support_lvl2). */
  viewRollouts: 'rollouts.view',
  /** Create, pause, resume and abort a rollout: admin, engineer. */
  manageRollouts: 'rollouts.manage',
  /**
   * Bulk actions on the equipment list: every role except guest. Each unit of the job is still checked
   * against the permission of its action (stage, the command's), so a role gets what it could do one by one.
   */
  bulkActions: 'equipment.bulkActions',
  /** Save a view for oneself or shared with everyone: every role except guest (guest looks only). */
  saveViews: 'views.save',
  /** See alerts, their counts and the bell, rules, silences and webhooks: every role except guest. */
  viewAlerts: 'alerts.view',
  /** Acknowledge and resolve alerts: admin, engineer, support_lvl2, support. */
  acknowledgeAlerts: 'alerts.acknowledge',
  /** Create, change, disable and delete alert rules, and manage webhooks: admin, engineer. */
  manageAlertRules: 'alerts.manageRules',
  /**
   * Create and expire silences and maintenance windows: admin, engineer, support_lvl2. Decision: a silence hides
   * alerts from everyone, so it goes with the senior support role and the roles that write rules.
   */
  manageSilences: 'alerts.manageSilences',
  /** Read the fleet map (`/Map`) and its CSV: every signed-in role, guest included (a look at counts). */
  viewFleetMap: 'fleetMap.view',
  /** Read the fleet's history (`/Health`: series, release adoption and comparison, their CSVs): every role but guest. */
  viewFleetHealth: 'fleetHealth.view',
} as const;

/** A permission name of {@link PERMISSIONS}. */
export type PermissionName = keyof typeof PERMISSIONS;
/** A permission value, e.g. 'equipment.openPort'. */
export type Permission = (typeof PERMISSIONS)[PermissionName];

/** Every permission value. */
export const ALL_PERMISSIONS = Object.values(PERMISSIONS) as Permission[];

const P = PERMISSIONS;

/** What every role but guest may do: the actions the spec leaves ungated. */
const SIGNED_IN_ACTIONS = [
  P.messagesAuthor,
  P.sendCommand,
  P.deleteScreenShot,
  P.stageUpdates,
  P.manageTickets,
  P.bulkActions,
  P.saveViews,
  P.viewAlerts,
  P.viewFleetHealth,
] as const;

/** What every signed-in role may read, guest included, where a read has a permission of its own. */
const SIGNED_IN_READS = [P.viewFleetMap] as const;

/**
 * The one role -> permissions table. Admin holds every permission; guest holds only the reads of
 * {@link SIGNED_IN_READS} (a look-only role: it sees the 'all' navigation entries and reads, and changes nothing).
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: ALL_PERMISSIONS,
  engineer: [
    P.openPort,
    P.resetSerial,
    P.rcp,
    P.deleteEquipment,
    P.changeTargets,
    P.createSoftwareUpdate,
    P.createGtpsUpdate,
    P.createOasisUpdate,
    P.scheduleUpdates,
    P.createSpecUpdate,
    P.editSpecUpdate,
    P.ezTargetCreate,
    P.ezTargetEdit,
    P.ezTargetDelete,
    P.ezFixtureManage,
    P.notificationsCreate,
    P.messagesApprove,
    P.viewUpdateScheduler,
    P.viewRollouts,
    P.manageRollouts,
    P.viewEzAdas,
    P.viewPairings,
    P.acknowledgeAlerts,
    P.manageAlertRules,
    P.manageSilences,
    P.simulatorControl,
    ...SIGNED_IN_ACTIONS,
    ...SIGNED_IN_READS,
  ],
  support_lvl2: [
    P.changeTargets,
    P.ezFixtureManage,
    P.viewUpdateScheduler,
    P.viewRollouts,
    P.viewEzAdas,
    P.viewPairings,
    P.acknowledgeAlerts,
    P.manageSilences,
    ...SIGNED_IN_ACTIONS,
    ...SIGNED_IN_READS,
  ],
  support: [P.viewPairings, P.acknowledgeAlerts, ...SIGNED_IN_ACTIONS, ...SIGNED_IN_READS],
  ezadas: [P.ezFixtureManage, P.viewEzAdas, ...SIGNED_IN_ACTIONS, ...SIGNED_IN_READS],
  tech: [...SIGNED_IN_ACTIONS, ...SIGNED_IN_READS],
  guest: [...SIGNED_IN_READS],
};

/**
 * True when the role holds the permission. Unknown, null or undefined roles hold nothing. The server's
 * middleware and the console's `<Can>` both call this.
 */
export function can(role: Role | string | null | undefined, permission: Permission): boolean {
  return isRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

/** Every permission of a role ([] for an unknown role). */
export function permissionsOf(role: Role | string | null | undefined): readonly Permission[] {
  return isRole(role) ? ROLE_PERMISSIONS[role] : [];
}

/** The roles that hold a permission, in {@link ROLES} order. */
export function rolesWith(permission: Permission): Role[] {
  return ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
}
