import { ALL_PERMISSIONS, PERMISSIONS } from '@equipment-dashboard/domain';
import { pathOf } from './endpoint';
import { ENDPOINTS, ENDPOINTS_BY_AREA } from './registry';

/**
 * Every path of console-core §7 and back-office §7, each written once, letter for letter as the spec
 * writes it (trailing slashes included). The registry must hold exactly these, plus the two paths the
 * spec leaves unnamed ("a plain GET", "GET of the attachment file URL").
 */
const SPEC_PATHS: readonly (readonly [method: 'GET' | 'POST' | 'DELETE', path: string])[] = [
  // console-core §7 Auth and password
  ['POST', '/auth/token/v1'],
  ['POST', '/update/user_password/v1'],
  ['GET', '/read/expired/v1'],
  ['POST', '/request/reset_user_password/v1'],
  ['POST', '/reset/user_password/v1'],
  // console-core §7 Equipment reads
  ['GET', '/read/aligner/v1/'],
  ['GET', '/read/aligners/v1/'],
  ['GET', '/read/favorites/v1/'],
  ['GET', '/api/v1/get_screen_shots_for_aligner'],
  ['GET', '/api/v1/get_latest_voltages_for_aligner'],
  ['GET', '/api/v1/get_latest_printer_status_for_aligner'],
  ['GET', '/api/v1/get_latest_usb_status_for_aligner'],
  ['GET', '/read/ticketHistory/v1'],
  ['GET', '/read/demo_port/v1'],
  // console-core §7 Equipment writes
  ['POST', '/create/favorite/v1/'],
  ['POST', '/delete/favorite/v1/'],
  ['POST', '/create/ticket/v1'],
  ['POST', '/api/v1/delete_equipment'],
  ['DELETE', '/api/v1/delete_screen_shot'],
  // console-core §7 Commands
  ['POST', '/cmd/aligner_get_usb_status/v1'],
  ['POST', '/cmd/aligner_get_printer_status/v1'],
  ['POST', '/cmd/aligner_get_voltages/v1'],
  ['POST', '/cmd/aligner_activate/v1'],
  ['POST', '/cmd/aligner_get_calibration_logs/v1'],
  ['POST', '/cmd/aligner_get_screen_shot/v1'],
  ['POST', '/cmd/aligner_rcp/v1'],
  ['POST', '/cmd/aligner_open_ssh_port/v1'],
  ['POST', '/cmd/aligner_check_now/v1'],
  ['POST', '/cmd/aligner_download_now/v1'],
  ['POST', '/cmd/aligner_install_now/v1'],
  ['POST', '/cmd/aligner_set_logging_level/v1'],
  ['POST', '/cmd/set_target_eol_types/v1'],
  ['POST', '/cmd/reset_serial_number/v1'],
  // console-core §7 Staging
  ['POST', '/create/immediate_stage_of_software_update/v1'],
  ['POST', '/create/immediate_stage_of_gtps_software_update/v1'],
  ['POST', '/create/immediate_stage_of_oasis_software_update/v1'],
  ['POST', '/delete/immediate_unstage_of_software_update/v1'],
  ['POST', '/delete/immediate_unstage_of_gtps_software_update/v1'],
  ['POST', '/delete/immediate_unstage_of_oasis_software_update/v1'],
  // console-core §7 Dashboard data
  ['GET', '/api/v1/check_services'],
  ['GET', '/read/latest_software_version/v1'],
  ['GET', '/read/latest_gtps_software_version/v1'],
  ['GET', '/read/latest_oasis_software_version/v1'],
  ['GET', '/read/staged_update_totals/v1'],
  ['GET', '/read/staged_gtps_update_totals/v1'],
  ['GET', '/read/staged_oasis_update_totals/v1'],
  ['GET', '/read/aligner_software_versions/v1'],
  ['GET', '/read/gtps_software_versions/v1'],
  ['GET', '/read/oasis_software_versions/v1'],
  ['GET', '/read/spec_versions/v1'],
  ['GET', '/read/ticket_statistics/v1'],
  ['GET', '/read/top_aligners_by_alignment_count/v1'],
  ['POST', '/api/v1/reset_service/'],
  // back-office §7.1 Tickets
  ['GET', '/read/tickets/v1/'],
  ['GET', '/read/ticket/v1/'],
  ['POST', '/update/ticket_escalated/v1/'],
  ['POST', '/update/ticket_deescalated/v1/'],
  ['POST', '/update/ticket_closed/v1/'],
  ['POST', '/create/comment/v1/'],
  ['POST', '/upload_ticket_attachment'],
  // back-office §7.2 Software and spec update publishing
  ['POST', '/validate_software_update_at_path/v1'],
  ['POST', '/validate_gtps_software_update_at_path/v1'],
  ['POST', '/validate_oasis_software_update_at_path/v1'],
  ['POST', '/create/update/v1'],
  ['POST', '/create/gtps_update/v1'],
  ['POST', '/create/oasis_update/v1'],
  ['GET', '/read/spec_updates/v1/'],
  ['POST', '/validate_spec_update_at_path/v1'],
  ['POST', '/create/spec_update/v1'],
  ['POST', '/update/spec_update/v1'],
  // back-office §7.3 Scheduling
  ['GET', '/read/schedule_by_day/v1/'],
  ['GET', '/read/aligner_serial_numbers/v1'],
  ['POST', '/create/schedule_serial_numbers/v1'],
  ['GET', '/read/updatescheduler_aligners/v1/'],
  ['GET', '/read/updatescheduler_gtps/v1/'],
  ['GET', '/read/updatescheduler_aligners_oasis/v1/'],
  ['GET', '/read/updatescheduler_statistics/v1'],
  ['GET', '/read/updatescheduler_statistics_gtps/v1'],
  ['GET', '/read/updatescheduler_statistics_oasis/v1'],
  // back-office §7.4 Users, notifications, messages
  ['GET', '/read/users/v1/'],
  ['POST', '/create/user/v1/'],
  ['POST', '/update/user/v1/'],
  ['POST', '/delete/user/v1'],
  ['GET', '/read/notifications/v1/'],
  ['POST', '/create/notification/v1/'],
  ['GET', '/read/aligner_countries/v1'],
  ['GET', '/read/aligner_regions/v1'],
  ['GET', '/read/aligner_cities/v1'],
  ['GET', '/read/messages/v1/'],
  ['POST', '/create/message/v1'],
  ['POST', '/upload_serialnumbers'],
  ['POST', '/update/message/v1'],
  ['POST', '/delete/message/v1'],
  // back-office §7.5 EZ ADAS
  ['GET', '/api/v1/ez_get_fixtures/'],
  ['POST', '/api/v1/create_ez_fixture'],
  ['POST', '/api/v1/reset_ez_fixture'],
  ['POST', '/api/v1/ez_create_subscription'],
  ['POST', '/api/v1/delete_ez_fixture'],
  ['GET', '/api/v1/ez_get_targets/'],
  ['POST', '/api/v1/create_ez_target'],
  ['POST', '/api/v1/update_ez_target'],
  ['POST', '/api/v1/delete_ez_target'],
  // back-office §7.6 Pairings, camera calibrations, trend, AI
  ['GET', '/read/active_pairings/v1/'],
  ['GET', '/read/completed_pairings/v1/'],
  ['GET', '/read/aborted_pairings/v1/'],
  ['GET', '/read/camera_cals/v1/'],
  ['GET', '/graph'],
  ['GET', '/statistics'],
  ['GET', '/chat_sessions/'],
];

/** Paths the spec leaves unnamed; the console needs them (see equipment.ts and tickets.ts). */
const UNNAMED_SPEC_PATHS: readonly (readonly ['GET', string])[] = [
  ['GET', '/api/v1/screen_shot/:id'],
  ['GET', '/api/v1/ticket_attachment/:id'],
];

/** The simulator's own calls (not in the spec): testers drive the fleet with them. */
const SIMULATOR_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/sim/clock'],
  ['POST', '/sim/clock'],
  ['GET', '/sim/scenarios'],
  ['POST', '/sim/scenario/apply'],
  // The Audits screen (console-core §2: contents not shown): the command log.
  ['GET', '/read/audits/v1/'],
];

/** The fleet operations' calls (rollouts, bulk actions, saved views, history), beyond the spec. */
const ISSUE_21_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  // Bulk actions on the equipment list: a job and its progress.
  ['POST', '/create/bulk_action/v1'],
  ['GET', '/read/bulk_action/v1'],
  // Saved views of the lists, and a unit's timeline.
  ['GET', '/read/saved_views/v1'],
  ['POST', '/create/saved_view/v1'],
  ['POST', '/delete/saved_view/v1'],
  ['GET', '/read/aligner_history/v1'],
  // Rollouts, and the published versions of a family for the New rollout dialog.
  ['POST', '/create/rollout/v1'],
  ['GET', '/read/rollouts/v1/'],
  ['GET', '/read/rollout/v1'],
  ['POST', '/update/rollout_paused/v1'],
  ['POST', '/update/rollout_resumed/v1'],
  ['POST', '/update/rollout_aborted/v1'],
  ['GET', '/read/rollout_versions/v1'],
];

/** The alerts' calls: rules and their preview, alerts, silences, webhooks, the user's e-mail preferences. */
const ALERTS_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/read/alert_rules/v1/'],
  ['POST', '/create/alert_rule/v1'],
  ['POST', '/update/alert_rule/v1'],
  ['POST', '/delete/alert_rule/v1'],
  ['POST', '/read/alert_rule_preview/v1'],
  ['GET', '/read/alerts/v1/'],
  ['GET', '/read/alert/v1'],
  ['POST', '/update/alert_acknowledged/v1'],
  ['POST', '/update/alert_resolved/v1'],
  ['GET', '/read/alert_groups/v1/'],
  ['POST', '/update/alert_group_acknowledged/v1'],
  ['POST', '/update/alert_group_resolved/v1'],
  ['GET', '/read/alert_counts/v1'],
  ['GET', '/read/silences/v1/'],
  ['POST', '/create/silence/v1'],
  ['POST', '/read/silence_preview/v1'],
  ['POST', '/delete/silence/v1'],
  ['GET', '/read/webhooks/v1/'],
  ['POST', '/create/webhook/v1'],
  ['POST', '/delete/webhook/v1'],
  ['POST', '/create/webhook_test/v1'],
  ['GET', '/read/webhook_deliveries/v1/'],
  ['GET', '/read/alert_preferences/v1'],
  ['POST', '/update/alert_preferences/v1'],
];

/** The fleet map and its CSV. */
const FLEET_MAP_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/read/fleet_map/v1'],
  ['GET', '/read/fleet_map/v1/export.csv'],
];

/** The Simulator screen: a scenario's preview, the validation of its text, the timeline and its cancel. */
const SIMULATOR_SCREEN_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['POST', '/sim/scenario_preview/v1'],
  ['POST', '/sim/scenario_validated/v1'],
  ['GET', '/sim/scenario_runs/v1/'],
  ['POST', '/sim/scenario_run_cancelled/v1'],
];

/** Scenario files: capture units as a scenario, and the scenarios saved in DATA_DIR. */
const SCENARIO_FILES_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['POST', '/sim/scenario_capture/v1'],
  ['POST', '/create/sim_scenario/v1'],
  ['GET', '/sim/scenario_text/v1'],
  ['GET', '/sim/scenario/v1/download'],
  ['POST', '/delete/sim_scenario/v1'],
];

/** Field-state snapshots of the Simulator screen. */
const SNAPSHOT_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/sim/snapshots/v1/'],
  ['POST', '/create/sim_snapshot/v1'],
  ['POST', '/sim/snapshot_restored/v1'],
  ['GET', '/sim/snapshot/v1/export'],
  ['POST', '/sim/snapshot/v1/import'],
  ['GET', '/sim/world_digest/v1'],
];

/** Signing in through an identity provider, and personal access tokens for scripts. */
const IDENTITY_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/auth/providers/v1'],
  ['GET', '/auth/sign_in_options/v1'],
  ['POST', '/auth/oidc/token/v1'],
  ['POST', '/auth/logout/v1'],
  ['POST', '/create/access_token/v1'],
  ['GET', '/read/access_tokens/v1/'],
  ['POST', '/delete/access_token/v1'],
];

/** Fleet Health: the fleet's history, release adoption and the comparison of two releases, each with its CSV. */
const FLEET_HEALTH_PATHS: readonly (readonly ['GET' | 'POST', string])[] = [
  ['GET', '/read/fleet_history/v1'],
  ['GET', '/read/fleet_history/v1/export.csv'],
  ['GET', '/read/release_adoption/v1'],
  ['GET', '/read/release_adoption/v1/export.csv'],
  ['GET', '/read/release_comparison/v1'],
  ['GET', '/read/release_comparison/v1/export.csv'],
];

const key = (method: string, path: string) => `${method} ${path}`;

describe('endpoint registry', () => {
  it('when the spec path table is read, then it names each call once', () => {
    const keys = SPEC_PATHS.map(([m, p]) => key(m, p));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toHaveLength(109);
  });

  it('when the registry is compared with the spec, then it has exactly the spec paths, the two unnamed ones, the simulator calls and the added areas', () => {
    const registry = ENDPOINTS.map((e) => key(e.method, e.path)).sort();
    const expected = [
      ...SPEC_PATHS,
      ...UNNAMED_SPEC_PATHS,
      ...SIMULATOR_PATHS,
      ...ISSUE_21_PATHS,
      ...ALERTS_PATHS,
      ...FLEET_HEALTH_PATHS,
      ...FLEET_MAP_PATHS,
      ...IDENTITY_PATHS,
      ...SIMULATOR_SCREEN_PATHS,
      ...SNAPSHOT_PATHS,
      ...SCENARIO_FILES_PATHS,
    ]
      .map(([m, p]) => key(m, p))
      .sort();
    expect(registry).toEqual(expected);
    expect(ENDPOINTS).toHaveLength(
      116 +
        ISSUE_21_PATHS.length +
        ALERTS_PATHS.length +
        FLEET_HEALTH_PATHS.length +
        FLEET_MAP_PATHS.length +
        IDENTITY_PATHS.length +
        SIMULATOR_SCREEN_PATHS.length +
        SNAPSHOT_PATHS.length +
        SCENARIO_FILES_PATHS.length,
    );
  });

  it('when endpoints are listed, then every name is unique', () => {
    const names = ENDPOINTS.map((e) => e.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it('when endpoints are listed, then every method and path pair is unique', () => {
    const pairs = ENDPOINTS.map((e) => key(e.method, e.path));
    expect(new Set(pairs).size).toBe(pairs.length);
  });

  it('when endpoints are listed, then the call part of every name is unique across areas (one RTK slice)', () => {
    const calls = ENDPOINTS.map((e) => e.name.split('.')[1]);
    expect(new Set(calls).size).toBe(calls.length);
  });

  it.each(Object.entries(ENDPOINTS_BY_AREA))(
    'when the %s area is read, then each name is <area>.<camelCaseCall> and matches its key',
    (area, endpoints) => {
      for (const [callKey, def] of Object.entries(endpoints)) {
        expect(def.name).toBe(`${area}.${callKey}`);
        expect(callKey).toMatch(/^[a-z][A-Za-z0-9]*$/);
      }
    },
  );

  it.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    'when %s is read, then its path and summary are well formed',
    (_name, def) => {
      expect(def.path.startsWith('/')).toBe(true);
      expect(def.path).not.toMatch(/\s|\/\//);
      expect(def.summary.length).toBeGreaterThan(10);
      expect(def.summary).not.toMatch(/\n/);
    },
  );

  it("when auth is read, then only sign-in, the sign-in page's two reads and the two password reset calls are public", () => {
    const publicCalls = ENDPOINTS.filter((e) => e.auth === 'public').map((e) => key(e.method, e.path));
    expect(publicCalls.sort()).toEqual(
      [
        'POST /auth/token/v1',
        'GET /auth/providers/v1',
        'GET /auth/sign_in_options/v1',
        'POST /auth/oidc/token/v1',
        'POST /request/reset_user_password/v1',
        'POST /reset/user_password/v1',
      ].sort(),
    );
    expect(ENDPOINTS.find((e) => e.path === '/read/expired/v1')?.auth).toBe('token');
  });

  it('when permissions are read, then each is a permission of libs/domain', () => {
    for (const def of ENDPOINTS) {
      if (def.permission !== undefined) expect(ALL_PERMISSIONS).toContain(def.permission);
    }
  });

  it('when a call changes anything, then it needs a permission, unless it is public or acts on the caller alone', () => {
    // The calls that change something without a permission, each with the reason. Anything else that writes (a POST
    // or DELETE) must name a permission, so that no write is open to every role, guest included, by omission.
    const withoutPermission: Record<string, string> = {
      'auth.token': 'public: signing in',
      'auth.requestResetUserPassword': 'public: asks for a reset mail (throttled, same answer for any name)',
      'auth.resetUserPassword': 'public: the reset token is the credential',
      'auth.updateUserPassword': "self-service: the caller's own password, after the current one is checked",
      'equipment.createFavorite': "self-service: the caller's own radar",
      'equipment.deleteFavorite': "self-service: the caller's own radar",
      'auth.oidcToken': "public: the provider sign-in's one-time code is the credential",
      'auth.logout': "self-service: ends the caller's own sessions",
      'accessTokens.createAccessToken': "self-service: a token of the caller's, within the caller's role",
      'accessTokens.deleteAccessToken':
        "self-service: one's own token (an admin's: anyone's, checked by the call)",
    };
    const writes = ENDPOINTS.filter((e) => e.method !== 'GET');
    const open = writes.filter((e) => e.permission === undefined).map((e) => e.name);
    expect(open.sort()).toEqual(Object.keys(withoutPermission).sort());
  });

  it('when the screenshot delete is read, then it needs its permission, which guest lacks', () => {
    expect(ENDPOINTS.find((e) => e.path === '/api/v1/delete_screen_shot')?.permission).toBe(
      PERMISSIONS.deleteScreenShot,
    );
  });

  it.each([
    ['/cmd/aligner_open_ssh_port/v1', PERMISSIONS.openPort],
    ['/cmd/reset_serial_number/v1', PERMISSIONS.resetSerial],
    ['/cmd/aligner_rcp/v1', PERMISSIONS.rcp],
    ['/api/v1/delete_equipment', PERMISSIONS.deleteEquipment],
    ['/cmd/set_target_eol_types/v1', PERMISSIONS.changeTargets],
    ['/cmd/aligner_activate/v1', PERMISSIONS.sendCommand],
    ['/api/v1/reset_service/', PERMISSIONS.restartService],
    ['/create/update/v1', PERMISSIONS.createSoftwareUpdate],
    ['/create/gtps_update/v1', PERMISSIONS.createGtpsUpdate],
    ['/create/oasis_update/v1', PERMISSIONS.createOasisUpdate],
    ['/validate_software_update_at_path/v1', PERMISSIONS.createSoftwareUpdate],
    ['/validate_gtps_software_update_at_path/v1', PERMISSIONS.createGtpsUpdate],
    ['/validate_oasis_software_update_at_path/v1', PERMISSIONS.createOasisUpdate],
    ['/create/schedule_serial_numbers/v1', PERMISSIONS.scheduleUpdates],
    ['/validate_spec_update_at_path/v1', PERMISSIONS.createSpecUpdate],
    ['/create/spec_update/v1', PERMISSIONS.createSpecUpdate],
    ['/update/spec_update/v1', PERMISSIONS.editSpecUpdate],
    ['/api/v1/create_ez_target', PERMISSIONS.ezTargetCreate],
    ['/api/v1/update_ez_target', PERMISSIONS.ezTargetEdit],
    ['/api/v1/delete_ez_target', PERMISSIONS.ezTargetDelete],
    ['/api/v1/create_ez_fixture', PERMISSIONS.ezFixtureManage],
    ['/api/v1/reset_ez_fixture', PERMISSIONS.ezFixtureManage],
    ['/api/v1/delete_ez_fixture', PERMISSIONS.ezFixtureManage],
    ['/api/v1/ez_create_subscription', PERMISSIONS.ezFixtureManage],
    ['/api/v1/ez_get_fixtures/', PERMISSIONS.viewEzAdas],
    ['/api/v1/ez_get_targets/', PERMISSIONS.viewEzAdas],
    ['/read/users/v1/', PERMISSIONS.usersAdmin],
    ['/create/user/v1/', PERMISSIONS.usersAdmin],
    ['/update/user/v1/', PERMISSIONS.usersAdmin],
    ['/delete/user/v1', PERMISSIONS.usersAdmin],
    ['/create/notification/v1/', PERMISSIONS.notificationsCreate],
    ['/read/updatescheduler_aligners/v1/', PERMISSIONS.viewUpdateScheduler],
    ['/read/updatescheduler_statistics_oasis/v1', PERMISSIONS.viewUpdateScheduler],
    ['/read/schedule_by_day/v1/', PERMISSIONS.viewUpdateScheduler],
    ['/read/aligner_serial_numbers/v1', PERMISSIONS.viewUpdateScheduler],
    ['/read/active_pairings/v1/', PERMISSIONS.viewPairings],
    ['/create/immediate_stage_of_software_update/v1', PERMISSIONS.stageUpdates],
    ['/delete/immediate_unstage_of_oasis_software_update/v1', PERMISSIONS.stageUpdates],
    ['/update/ticket_closed/v1/', PERMISSIONS.manageTickets],
    ['/upload_ticket_attachment', PERMISSIONS.manageTickets],
    ['/create/message/v1', PERMISSIONS.messagesAuthor],
    ['/upload_serialnumbers', PERMISSIONS.messagesAuthor],
  ])('when %s is called, then the role needs %s', (path, permission) => {
    expect(ENDPOINTS.find((e) => e.path === path)?.permission).toBe(permission);
  });

  it.each([
    '/read/aligners/v1/',
    '/read/tickets/v1/',
    '/read/camera_cals/v1/',
    '/statistics',
    '/create/favorite/v1/',
  ])('when %s is called, then any signed-in role may call it', (path) => {
    const def = ENDPOINTS.find((e) => e.path === path);
    expect(def?.auth).toBe('token');
    expect(def?.permission).toBeUndefined();
  });

  it('when encodings are read, then the token call is form-encoded, the two uploads are multipart and the snapshot import is raw', () => {
    const encoded = ENDPOINTS.filter((e) => e.bodyEncoding !== undefined && e.bodyEncoding !== 'json').map(
      (e) => `${e.path} ${e.bodyEncoding}`,
    );
    expect(encoded.sort()).toEqual(
      [
        '/auth/token/v1 urlencoded',
        '/upload_serialnumbers multipart',
        '/upload_ticket_attachment multipart',
        '/sim/snapshot/v1/import raw',
      ].sort(),
    );
  });

  it("when binary answers are read, then they are the graph, the screenshot image, the attachment file and the map's and history's CSVs", () => {
    const binary = ENDPOINTS.filter((e) => e.binary).map((e) => e.path);
    expect(binary.sort()).toEqual(
      [
        '/api/v1/screen_shot/:id',
        '/api/v1/ticket_attachment/:id',
        '/graph',
        '/read/fleet_map/v1/export.csv',
        '/read/fleet_history/v1/export.csv',
        '/read/release_adoption/v1/export.csv',
        '/read/release_comparison/v1/export.csv',
        '/sim/snapshot/v1/export',
        '/sim/scenario/v1/download',
      ].sort(),
    );
    for (const def of ENDPOINTS.filter((e) => e.binary)) expect(def.method).toBe('GET');
  });

  it('when success statuses are read, then the EZ ADAS calls of the spec and the commands (202 when queued for an offline unit) have several', () => {
    const withStatus = Object.fromEntries(
      ENDPOINTS.filter((e) => e.successStatus !== undefined).map((e) => [e.path, e.successStatus]),
    );
    const commands = Object.fromEntries(
      ENDPOINTS.filter((e) => e.path.startsWith('/cmd/')).map((e) => [e.path, [200, 202]]),
    );
    expect(Object.keys(commands)).toHaveLength(14);
    expect(withStatus).toEqual({
      '/api/v1/create_ez_fixture': [200, 201],
      '/api/v1/reset_ez_fixture': [200, 204],
      '/api/v1/create_ez_target': [201],
      '/create/rollout/v1': [201],
      '/create/alert_rule/v1': [201],
      '/create/silence/v1': [201],
      '/create/webhook/v1': [201],
      '/create/webhook_test/v1': [201],
      '/create/sim_snapshot/v1': [201],
      '/sim/snapshot/v1/import': [201],
      ...commands,
    });
  });

  it('when a GET is read, then it has no body', () => {
    for (const def of ENDPOINTS.filter((e) => e.method === 'GET')) expect(def.body).toBeUndefined();
  });
});

describe('pathOf', () => {
  it('when a path has a parameter, then it is filled and encoded', () => {
    expect(pathOf({ path: '/api/v1/screen_shot/:id' }, { id: 'a b/c' })).toBe(
      '/api/v1/screen_shot/a%20b%2Fc',
    );
    expect(pathOf({ path: '/api/v1/ticket_attachment/:id' }, { id: 12 })).toBe(
      '/api/v1/ticket_attachment/12',
    );
  });

  it('when a path has no parameter, then it is unchanged, trailing slash kept', () => {
    expect(pathOf({ path: '/read/aligner/v1/' })).toBe('/read/aligner/v1/');
  });

  it('when a parameter is missing, then it throws', () => {
    expect(() => pathOf({ path: '/api/v1/screen_shot/:id' }, {})).toThrow(/missing parameter id/);
  });
});
