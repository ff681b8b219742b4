import fc from 'fast-check';
import {
  ALL_PERMISSIONS,
  NAV_ENTRIES,
  PERMISSIONS,
  ROLES,
  ROLE_PERMISSIONS,
  can,
  canSeeNav,
  isRole,
  navEntriesFor,
  permissionsOf,
  rolesWith,
  type NavEntry,
  type NavKey,
  type Permission,
  type Role,
} from './permissions';

const rolesOfNav = (key: NavKey) => ROLES.filter((role) => canSeeNav(role, key));

describe('roles', () => {
  it('when a value is one of the seven roles, then isRole accepts it', () => {
    // back-office §6: Roles seen: admin, engineer, support_lvl2, support, tech, ezadas, guest
    expect(ROLES).toEqual(['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech', 'guest']);
    expect(isRole('support_lvl2')).toBe(true);
    expect(isRole('root')).toBe(false);
    expect(isRole(undefined)).toBe(false);
  });
});

describe('navigation', () => {
  it('when the drawer is listed, then it has the spec order, paths and labels', () => {
    // console-core §2: Navigation drawer links: / (Dashboard), Aligners (Equipment), Radar (My Radar), ... Users
    expect(NAV_ENTRIES.map((e) => [e.path, e.label])).toEqual([
      ['/', 'Dashboard'],
      ['/Aligners', 'Equipment'],
      ['/Map', 'Fleet Map'],
      ['/Health', 'Fleet Health'],
      ['/Radar', 'My Radar'],
      ['/SupportTickets', 'Support Tickets'],
      ['/CameraCal', 'Camera Cal'],
      ['/SoftwareUpdates', 'Software Updates'],
      ['/SpecUpdates', 'Spec Updates'],
      ['/UpdateScheduler', 'Update Scheduler'],
      ['/Rollouts', 'Rollouts'],
      ['/Alerts', 'Alerts'],
      ['/TrendChart', 'Trend Chart'],
      ['/Easy', 'EZ ADAS'],
      ['/Notifications', 'Notifications / Ads'],
      ['/TruPoint', 'TruPoint'],
      ['/Simulator', 'Simulator'],
      ['/Users', 'Users'],
    ]);
  });

  it('when any signed-in role looks, then it sees the nine entries for everyone', () => {
    // console-core §6: Dashboard, Equipment, My Radar, Support Tickets, Camera Cal, Software Updates, Spec Updates, Trend Chart: all signed-in users
    for (const key of [
      'dashboard',
      'equipment',
      'radar',
      'supportTickets',
      'cameraCal',
      'softwareUpdates',
      'specUpdates',
      'trendChart',
      'fleetMap',
    ] as const) {
      expect(rolesOfNav(key)).toEqual([...ROLES]);
    }
    expect(navEntriesFor('guest').map((e) => e.key)).toHaveLength(9);
  });

  it('when restricted entries are checked, then only their roles see them', () => {
    // console-core §6: Update Scheduler: admin, engineer, support_lvl2. EZ ADAS: admin, engineer, ezadas, support_lvl2. Notifications / Ads: admin, engineer. TruPoint: admin, engineer, support_lvl2, support. Users: admin.
    expect(rolesOfNav('updateScheduler')).toEqual(['admin', 'engineer', 'support_lvl2']);
    // Rollouts has the Update Scheduler's roles: the same staff plan and watch updates.
    expect(rolesOfNav('rollouts')).toEqual(['admin', 'engineer', 'support_lvl2']);
    expect(rolesOfNav('easy')).toEqual(['admin', 'engineer', 'support_lvl2', 'ezadas']);
    expect(rolesOfNav('notifications')).toEqual(['admin', 'engineer']);
    expect(rolesOfNav('truPoint')).toEqual(['admin', 'engineer', 'support_lvl2', 'support']);
    expect(rolesOfNav('users')).toEqual(['admin']);
  });

  it('when the role is unknown or missing, then no entry is visible', () => {
    // console-core §6: navigation is for signed-in users (decision: unknown roles see nothing)
    expect(canSeeNav(undefined, 'dashboard')).toBe(false);
    expect(canSeeNav('root', 'dashboard')).toBe(false);
    expect(navEntriesFor(undefined)).toEqual([]);
  });

  it('when an entry object is passed, then it is checked like its key', () => {
    // console-core §6: navigation visibility
    const users = NAV_ENTRIES.find((entry) => entry.key === 'users') as NavEntry;
    expect(canSeeNav('admin', users)).toBe(true);
    expect(canSeeNav('engineer', users)).toBe(false);
    expect(canSeeNav('admin', 'nope' as NavKey)).toBe(false);
  });

  it('when the permissions of the fleet operations are checked, then rollouts are managed by admin and engineer, and every role but guest saves views and acts in bulk', () => {
    expect(rolesWith(PERMISSIONS.manageRollouts)).toEqual(['admin', 'engineer']);
    expect(rolesWith(PERMISSIONS.viewRollouts)).toEqual(['admin', 'engineer', 'support_lvl2']);
    for (const permission of [PERMISSIONS.bulkActions, PERMISSIONS.saveViews]) {
      expect(rolesWith(permission)).toEqual(ROLES.filter((role) => role !== 'guest'));
    }
  });

  it('when Fleet Health is checked, then every role but guest sees its entry and reads its history', () => {
    const allButGuest = ROLES.filter((role) => role !== 'guest');
    expect(rolesOfNav('fleetHealth')).toEqual(allButGuest);
    expect(rolesWith(PERMISSIONS.viewFleetHealth)).toEqual(allButGuest);
    expect(canSeeNav('guest', 'fleetHealth')).toBe(false);
  });

  it('when the alerts permissions are checked, then every role but guest sees alerts, support roles acknowledge, admin and engineer write rules', () => {
    expect(rolesWith(PERMISSIONS.viewAlerts)).toEqual(ROLES.filter((role) => role !== 'guest'));
    expect(rolesWith(PERMISSIONS.acknowledgeAlerts)).toEqual([
      'admin',
      'engineer',
      'support_lvl2',
      'support',
    ]);
    expect(rolesWith(PERMISSIONS.manageAlertRules)).toEqual(['admin', 'engineer']);
    expect(rolesWith(PERMISSIONS.manageSilences)).toEqual(['admin', 'engineer', 'support_lvl2']);
  });

  it('when the Simulator is checked, then admin and engineer see its entry and control the simulator', () => {
    // issue 42: screen /Simulator, drawer item "Simulator"; admin and engineer, a permission of libs/domain
    expect(rolesOfNav('simulator')).toEqual(['admin', 'engineer']);
    expect(rolesWith(PERMISSIONS.simulatorControl)).toEqual(['admin', 'engineer']);
  });

  it('when a screen has both an entry and a view permission, then they agree on roles', () => {
    // console-core §6 / back-office §6: the console hides what the server refuses
    expect(rolesOfNav('updateScheduler')).toEqual(rolesWith(PERMISSIONS.viewUpdateScheduler));
    expect(rolesOfNav('rollouts')).toEqual(rolesWith(PERMISSIONS.viewRollouts));
    expect(rolesOfNav('alerts')).toEqual(rolesWith(PERMISSIONS.viewAlerts));
    expect(rolesOfNav('easy')).toEqual(rolesWith(PERMISSIONS.viewEzAdas));
    expect(rolesOfNav('easy')).toEqual(rolesWith(PERMISSIONS.ezFixtureManage));
    expect(rolesOfNav('truPoint')).toEqual(rolesWith(PERMISSIONS.viewPairings));
    expect(rolesOfNav('notifications')).toEqual(rolesWith(PERMISSIONS.notificationsCreate));
    expect(rolesOfNav('users')).toEqual(rolesWith(PERMISSIONS.usersAdmin));
    expect(rolesOfNav('simulator')).toEqual(rolesWith(PERMISSIONS.simulatorControl));
  });
});

describe('permissions', () => {
  it('when equipment actions are checked, then Open Port, Reset Serial, RCP and Delete are admin and engineer', () => {
    // console-core §6: Open Port, Reset Serial (plus the version rule), RCP, Delete equipment: admin and engineer
    for (const p of [
      PERMISSIONS.openPort,
      PERMISSIONS.resetSerial,
      PERMISSIONS.rcp,
      PERMISSIONS.deleteEquipment,
    ]) {
      expect(rolesWith(p)).toEqual(['admin', 'engineer']);
    }
  });

  it('when Change Targets is checked, then admin, engineer and support_lvl2 hold it', () => {
    // console-core §6: Change Targets: admin, engineer, support_lvl2
    expect(rolesWith(PERMISSIONS.changeTargets)).toEqual(['admin', 'engineer', 'support_lvl2']);
  });

  it('when service restart is checked, then only admin holds it', () => {
    // console-core §6: Service restart buttons on home: admin only
    expect(rolesWith(PERMISSIONS.restartService)).toEqual(['admin']);
  });

  it('when publishing and EZ ADAS target actions are checked, then admin and engineer hold them', () => {
    // back-office §6: Create Aligner / Tru-Point / Oasis Update, Schedule Aligner Updates; Create Spec Update; Edit, Delete, Create Target: admin, engineer
    for (const p of [
      PERMISSIONS.createSoftwareUpdate,
      PERMISSIONS.createGtpsUpdate,
      PERMISSIONS.createOasisUpdate,
      PERMISSIONS.scheduleUpdates,
      PERMISSIONS.createSpecUpdate,
      PERMISSIONS.editSpecUpdate,
      PERMISSIONS.ezTargetCreate,
      PERMISSIONS.ezTargetEdit,
      PERMISSIONS.ezTargetDelete,
      PERMISSIONS.messagesApprove,
    ]) {
      expect(rolesWith(p)).toEqual(['admin', 'engineer']);
    }
  });

  it('when ungated actions are checked, then every role but guest holds them', () => {
    // console-core §6: Other buttons (Activate, Screen Shot, Stage, Open Ticket, log level, favourite) are not role-gated (decision: guest looks only)
    for (const p of [
      PERMISSIONS.sendCommand,
      PERMISSIONS.deleteScreenShot,
      PERMISSIONS.stageUpdates,
      PERMISSIONS.manageTickets,
      PERMISSIONS.messagesAuthor,
    ]) {
      expect(rolesWith(p)).toEqual(['admin', 'engineer', 'support_lvl2', 'support', 'ezadas', 'tech']);
    }
  });

  it('when admin-only extras are checked, then only admin holds them', () => {
    // console-core §6: Role gating for Audits: not shown (decision: admin)
    expect(rolesWith(PERMISSIONS.audits)).toEqual(['admin']);
    expect(rolesWith(PERMISSIONS.usersAdmin)).toEqual(['admin']);
  });

  it('when guest is checked, then it holds only the look at the fleet map', () => {
    // back-office §6: guest exists in the wider product (decision: look-only)
    expect(permissionsOf('guest')).toEqual([PERMISSIONS.viewFleetMap]);
  });

  it('when the fleet map permission is checked, then every role holds it and agrees with its entry', () => {
    // issue 39: Fleet map (/Map, drawer item "Fleet Map", every signed-in role)
    expect(rolesWith(PERMISSIONS.viewFleetMap)).toEqual([...ROLES]);
    expect(rolesOfNav('fleetMap')).toEqual(rolesWith(PERMISSIONS.viewFleetMap));
  });

  it('when the role is unknown, null or undefined, then can is false for every permission', () => {
    // console-core §6: the server refuses what a role may not use
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string().filter((s) => !isRole(s)),
          fc.constant(null),
          fc.constant(undefined),
        ),
        fc.constantFrom(...ALL_PERMISSIONS),
        (role, permission) => !can(role, permission),
      ),
    );
    expect(permissionsOf('root')).toEqual([]);
  });

  it('when the table is read, then every role has no duplicates, admin has everything and can agrees with the table', () => {
    // CONVENTIONS: one role -> permissions table and one pure can(role, permission)
    expect(Object.keys(PERMISSIONS)).toHaveLength(39);
    expect(new Set(ALL_PERMISSIONS).size).toBe(ALL_PERMISSIONS.length);
    for (const role of ROLES) {
      const granted: readonly Permission[] = ROLE_PERMISSIONS[role];
      expect(new Set(granted).size).toBe(granted.length);
      for (const permission of ALL_PERMISSIONS) {
        expect(can(role as Role, permission)).toBe(granted.includes(permission));
      }
    }
    expect([...ROLE_PERMISSIONS.admin].sort()).toEqual([...ALL_PERMISSIONS].sort());
  });
});
