import { ENDPOINTS } from './registry';
import { setLoggingLevelBodySchema, setTargetEolTypesBodySchema } from './commands';
import { createSubscriptionBodySchema, targetBodySchema } from './ezadas';
import { createMessageBodySchema, updateMessageBodySchema } from './messages';
import { createNotificationBodySchema } from './notifications';
import { scheduleDaySchema, scheduleSerialNumbersBodySchema } from './scheduler';
import { DURATION_MAX_MS, durationSchema } from './sim';
import { stageBodySchema } from './staging';
import { exampleNewTicketBody } from './testing/examples';
import { createTicketBodySchema } from './tickets';
import { createSpecUpdateBodySchema, createUpdateBodySchema, updatePathSchema } from './updates';
import { createUserBodySchema, updateUserBodySchema } from './users';

const message = {
  schedule: { startDate: '2030-06-01T00:00:00.000Z', endDate: '2030-06-30T23:59:59.999Z' },
  header: 'New specs',
  body: 'Download them.',
  callToAction: 'Open',
  targets: { market: 'US', softwareVersion: 'all', serialNumbers: [] },
  issuerUsername: 'jdoe',
  issuerEmail: 'jdoe@example.com',
  disposition: 'draft',
};

describe('request bodies', () => {
  it('when a JSON body has a field the spec does not list, then it is refused (typos are caught)', () => {
    expect(
      stageBodySchema.safeParse({
        serialNumber: 'A',
        serialnumber: 'A',
        version: { semantic: '1', meta: '' },
        path: '/p',
      }).success,
    ).toBe(false);
  });

  it('when a stage body carries the latest record with its path in version, then the path is dropped', () => {
    const parsed = stageBodySchema.parse({
      serialNumber: 'ABCLK0001',
      version: { semantic: '5.3.0', meta: '', path: '/u' },
      path: '/u',
    });
    expect(parsed.version).toEqual({ semantic: '5.3.0', meta: '' });
  });

  it('when a body field has the wrong type, then it is refused and not coerced', () => {
    expect(
      createUserBodySchema.safeParse({
        username: 'u',
        password: '123456789012',
        email: 'u@x.io',
        role: 'support',
        active: 'true',
      }).success,
    ).toBe(false);
  });

  it('when a ticket is filed with only the unit and the issuer, then the stepper fields default', () => {
    const parsed = createTicketBodySchema.parse(exampleNewTicketBody);
    expect(parsed).toMatchObject({
      escalated: true,
      specs: 'unknown',
      techOnSite: null,
      disposition: null,
      description: '',
    });
  });

  it('when a ticket disposition is not one of the four, then it is refused', () => {
    expect(createTicketBodySchema.shape.disposition.safeParse('Transferred').success).toBe(false);
  });

  it('when the target type or log level is not a known one, then the command is refused', () => {
    expect(setTargetEolTypesBodySchema.safeParse({ serialNumber: 'A', targetType: 'AT900' }).success).toBe(
      false,
    );
    expect(setLoggingLevelBodySchema.safeParse({ serialNumber: 'A', loggingLevel: 'DEBUG' }).success).toBe(
      false,
    );
  });

  it('when a user is created without an e-mail address, then it is refused', () => {
    expect(
      createUserBodySchema.safeParse({
        username: 'u',
        password: '123456789012',
        email: 'nope',
        role: 'support',
        active: true,
      }).success,
    ).toBe(false);
  });

  it('when a user update has a blank password, then the password is left unchanged', () => {
    expect(updateUserBodySchema.parse({ username: 'u', password: '', role: 'engineer' })).toEqual({
      username: 'u',
      password: undefined,
      role: 'engineer',
    });
    expect(updateUserBodySchema.safeParse({ username: 'u', password: 'short' }).success).toBe(false);
  });

  it('when a notification has blank region and city, then they are sent on as null', () => {
    const parsed = createNotificationBodySchema.parse({
      name: 'Promo',
      resourcePath: '/ads/p.png',
      mimeType: 'image/png',
      beginsOn: '2030-01-01T00:00:00.000Z',
      endsOn: '2030-01-31T23:59:59.999Z',
      targetType: 'geographic',
      target: { family: 'all', country: 'US', region: '', city: null },
    });
    expect(parsed.target).toEqual({ family: 'all', country: 'US', region: null, city: null });
  });

  it('when a notification ends before it begins, then it is refused', () => {
    expect(
      createNotificationBodySchema.safeParse({
        name: 'Promo',
        resourcePath: '/ads/p.png',
        mimeType: 'text/html',
        beginsOn: '2030-02-01T00:00:00.000Z',
        endsOn: '2030-01-31T23:59:59.999Z',
        targetType: 'geographic',
        target: { family: 'gtps', country: 'US', region: null, city: null },
      }).success,
    ).toBe(false);
  });

  it('when a message header is 76 characters or the body 201, then it is refused', () => {
    expect(createMessageBodySchema.safeParse(message).success).toBe(true);
    expect(createMessageBodySchema.safeParse({ ...message, header: 'h'.repeat(76) }).success).toBe(false);
    expect(createMessageBodySchema.safeParse({ ...message, body: 'b'.repeat(201) }).success).toBe(false);
    expect(createMessageBodySchema.safeParse({ ...message, callToAction: '' }).success).toBe(false);
  });

  it('when a message ends before it starts, then it is refused', () => {
    const schedule = { startDate: '2030-06-02T00:00:00.000Z', endDate: '2030-06-01T23:59:59.999Z' };
    expect(createMessageBodySchema.safeParse({ ...message, schedule }).success).toBe(false);
  });

  it('when a message is created as upcoming, then it is refused (approval is an update)', () => {
    expect(createMessageBodySchema.safeParse({ ...message, disposition: 'upcoming' }).success).toBe(false);
  });

  it('when a message update has no serial numbers in its targets, then it parses', () => {
    const { disposition: _d, ...rest } = message;
    const payload = { ...rest, targets: { market: 'US', softwareVersion: 'all' }, disposition: 'upcoming' };
    expect(updateMessageBodySchema.safeParse({ id: 9, payload }).success).toBe(true);
  });

  it('when a Limited subscription has no date, then it is refused; Included needs none', () => {
    expect(createSubscriptionBodySchema.safeParse({ serialNumber: 'EZ1', package: 1 }).success).toBe(false);
    expect(createSubscriptionBodySchema.safeParse({ serialNumber: 'EZ1', package: 0 }).success).toBe(true);
    expect(
      createSubscriptionBodySchema.safeParse({
        serialNumber: 'EZ1',
        package: 4,
        month: 12,
        day: 21,
        year: 2026,
      }).success,
    ).toBe(true);
    expect(createSubscriptionBodySchema.safeParse({ serialNumber: 'EZ1', package: 2 }).success).toBe(false);
  });

  it('when a target names a package that does not match its index, or a negative id, then it is refused', () => {
    const target = { packageIndex: 1, packageName: 'Limited', targetId: 0, targetName: 'Front' };
    expect(targetBodySchema.safeParse(target).success).toBe(true);
    expect(targetBodySchema.safeParse({ ...target, packageName: 'Included' }).success).toBe(false);
    expect(targetBodySchema.safeParse({ ...target, targetId: -1 }).success).toBe(false);
    expect(targetBodySchema.safeParse({ ...target, targetId: 1.5 }).success).toBe(false);
  });

  it('when a spec update is created without options, then it is active, for all, with filter *', () => {
    const parsed = createSpecUpdateBodySchema.parse({
      path: '/updates/specs/2024-05',
      version: { name: 'NA', month: 5, year: 2024, semantic: '2024.5.0' },
      prerequisites: { require: '', gtpsRequire: '', oasisRequire: '' },
    });
    expect(parsed).toMatchObject({ active: true, targetFamily: 'all', filter: ['*'] });
  });

  it('when a spec filter is empty or has a blank entry, then it is refused', () => {
    const base = {
      path: '/p',
      version: { name: 'NA', month: 5, year: 2024, semantic: '2024.5.0' },
      prerequisites: { require: '', gtpsRequire: '', oasisRequire: '' },
    };
    expect(createSpecUpdateBodySchema.safeParse({ ...base, filter: [] }).success).toBe(false);
    expect(createSpecUpdateBodySchema.safeParse({ ...base, filter: ['ABC', ' '] }).success).toBe(false);
  });

  it('when a software update is created without a family, then it is aligner', () => {
    expect(createUpdateBodySchema.parse({ version: { semantic: '5.3.0', meta: '' }, path: '/u' })).toEqual({
      version: { semantic: '5.3.0', meta: '' },
      prerequisite: '',
      family: 'aligner',
      path: '/u',
    });
  });

  it('when a schedule has no units or a date that is not a day, then it is refused', () => {
    const body = {
      serialNumbers: ['A'],
      version: { semantic: '5.3.0', meta: '' },
      path: '/u',
      date: '2030-05-20',
    };
    expect(scheduleSerialNumbersBodySchema.safeParse(body).success).toBe(true);
    expect(scheduleSerialNumbersBodySchema.safeParse({ ...body, serialNumbers: [] }).success).toBe(false);
    expect(scheduleSerialNumbersBodySchema.safeParse({ ...body, date: '20/05/2030' }).success).toBe(false);
  });

  it('when a schedule day is an ISO timestamp with an offset, then its UTC day is taken; without an offset it is refused', () => {
    expect(scheduleDaySchema.parse('2030-05-20T09:30:00.000Z')).toBe('2030-05-20');
    expect(scheduleDaySchema.parse('2030-05-20T23:30:00-02:00')).toBe('2030-05-21');
    expect(scheduleDaySchema.parse('2030-05-20')).toBe('2030-05-20');
    const local = scheduleDaySchema.safeParse('2030-05-20T09:30');
    expect(local.error?.issues.map((issue) => issue.message)).toEqual([
      'Expected a day (YYYY-MM-DD) or an ISO 8601 timestamp with an offset, such as 2026-05-01T09:30:00Z (its UTC day is taken).',
    ]);
  });

  it('when a clock step is longer than 366 days, as milliseconds or as text, then it is refused', () => {
    expect(durationSchema.parse('1h30m')).toBe('1h30m');
    expect(durationSchema.parse('366d')).toBe('366d');
    expect(durationSchema.parse(DURATION_MAX_MS)).toBe(DURATION_MAX_MS);
    for (const step of ['367d', '99999999999999d', '366d1ms', DURATION_MAX_MS + 1]) {
      expect({ step, ok: durationSchema.safeParse(step).success }).toEqual({ step, ok: false });
    }
  });

  it('when an update path has a folder name over 255 bytes, then it is refused (no file system holds it)', () => {
    expect(updatePathSchema.parse(`/updates/aligner/${'a'.repeat(255)}`)).toBe(
      `/updates/aligner/${'a'.repeat(255)}`,
    );
    expect(updatePathSchema.safeParse(`/updates/aligner/${'a'.repeat(256)}`).success).toBe(false);
    // 86 three-byte characters are 258 bytes.
    expect(updatePathSchema.safeParse(`/updates/${'\u65E5'.repeat(86)}`).success).toBe(false);
    expect(updatePathSchema.safeParse(`C:\\updates\\${'a'.repeat(256)}`).success).toBe(false);
  });

  it.each(ENDPOINTS.filter((e) => e.body !== undefined).map((e) => [e.name, e] as const))(
    'when %s gets a body that is not an object, then it is refused',
    (_name, def) => {
      expect(def.body?.safeParse('x').success).toBe(false);
      expect(def.body?.safeParse(null).success).toBe(false);
    },
  );
});
