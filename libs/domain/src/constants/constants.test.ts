import * as c from './constants';

describe('business constants', () => {
  it('when the console-core limits are read, then they match §9', () => {
    // console-core §9: Minimum password length 12; expiry check every 30 minutes (1,800,000 ms); snackbar 3 s; alert 10 s; page size 10; trend 60
    expect([c.MIN_PASSWORD_LENGTH, c.PASSWORD_EXPIRY_CHECK_MS, c.SNACKBAR_MS, c.ALERT_MS]).toEqual([
      12, 1_800_000, 3_000, 10_000,
    ]);
    expect([c.PAGE_SIZE, c.TREND_SAMPLES]).toEqual([10, 60]);
  });

  it('when the enumerations are read, then they are the spec values', () => {
    // console-core §9: Target types AT200, AT700. Log levels WARN, INFO. Ticket dispositions ...; escalation defaults to true.
    expect(c.TARGET_TYPES).toEqual(['AT200', 'AT700']);
    expect(c.LOG_LEVELS).toEqual(['WARN', 'INFO']);
    expect(c.TICKET_DISPOSITIONS).toEqual(['Demo', 'New Install', 'New Transfer', 'Owned Aligner']);
    expect(c.TICKET_ESCALATED_DEFAULT).toBe(true);
    expect(c.SERIAL_LENGTHS).toEqual([8, 9]);
    expect(c.FAMILIES).toEqual(['aligner', 'gtps', 'aligner-oasis']);
  });

  it('when the back-office limits are read, then they match §9', () => {
    // back-office §9: header 75, body and call to action 200; MIME types; target families; packages; spec target families; default family
    expect([c.MESSAGE_HEADER_MAX, c.MESSAGE_BODY_MAX, c.MESSAGE_CALL_TO_ACTION_MAX]).toEqual([75, 200, 200]);
    expect(c.NOTIFICATION_MIME_TYPES).toEqual(['image/png', 'image/jpeg', 'text/html']);
    expect(c.NOTIFICATION_TARGET_FAMILIES).toEqual(['aligner', 'gtps', 'all']);
    expect(c.NOTIFICATION_TARGET_TYPE).toBe('geographic');
    expect(c.MESSAGE_SOFTWARE_VERSION).toBe('all');
    expect(c.ATTACHMENT_MIME_TYPES).toEqual(['image/png', 'image/jpeg']);
    expect(c.SUBSCRIPTION_PACKAGES).toEqual([
      { name: 'Included', code: 0 },
      { name: 'Limited', code: 1 },
      { name: 'Premium + VAG', code: 4 },
    ]);
    expect(c.SPEC_TARGET_FAMILIES).toEqual(['all', 'aligner', 'gtps', 'aligner-oasis']);
    expect([c.DEFAULT_SPEC_TARGET_FAMILY, c.DEFAULT_SPEC_FILTER, c.DEFAULT_UPDATE_FAMILY]).toEqual([
      'all',
      '*',
      'aligner',
    ]);
    expect(c.DATE_FORMATS).toEqual({
      localDateTime: 'YYYY-MM-DD HH:mm:ss',
      messageDate: 'M/D/YYYY h:mm A',
      fixtureExpiry: 'M/D/YYYY',
    });
    expect(c.PLACEHOLDER_EXPIRY_DATE).toBe('2078-12-21');
  });

  it('when the day-load thresholds are read, then they are 10 and 20', () => {
    // back-office §9: at most 10 is green, 11 to 20 is yellow, above 20 is red
    expect([c.DAY_LOAD_GREEN_MAX, c.DAY_LOAD_YELLOW_MAX, c.CHART_MIN_TOTAL_EXCLUSIVE]).toEqual([10, 20, 1]);
  });

  it('when the services are listed, then they are the thirteen status flags with their labels', () => {
    // console-core §3: service status flags: silvio (labelled logging), charon (gateway), dalton (auth), aligners (equipment), ...
    expect(c.SERVICE_NAMES).toEqual([
      'silvio',
      'charon',
      'dalton',
      'aligners',
      'softwareUpdates',
      'gtpsSoftwareUpdates',
      'radar',
      'cameraCal',
      'easy',
      'truPoint',
      'dashboard',
      'websockets',
      'pushNotifications',
    ]);
    expect([c.SERVICES.silvio, c.SERVICES.charon, c.SERVICES.dalton, c.SERVICES.aligners]).toEqual([
      'logging',
      'gateway',
      'auth',
      'equipment',
    ]);
  });

  it('when the gating constants are read, then they follow console-core §5', () => {
    // console-core §5: Change Targets: DRAGON or DRAGON_HEADLESS and numCameras 2; staging for aligners 4.0.0 or newer
    expect(c.TARGET_CHANGE_SYSTEM_CLASSES).toEqual(['DRAGON', 'DRAGON_HEADLESS']);
    expect(c.TARGET_CHANGE_CAMERA_COUNT).toBe(2);
    expect(c.STAGING_MIN_ALIGNER_VERSION).toBe('4.0.0');
    expect(c.SERIAL_FAMILIES).toEqual(['V1200', 'V2000', 'V3300', 'GTPS']);
    expect(c.HOST_TYPES).toEqual(['wired', 'wireless', 'N/A']);
    expect([c.UNKNOWN, c.NOT_DECODABLE]).toEqual(['unknown', '...']);
  });
});
