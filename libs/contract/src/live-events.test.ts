import * as examples from './testing/examples';
import {
  IDENTITY_EVENT,
  LIVE_EVENTS,
  LIVE_EVENT_SCHEMAS,
  LIVE_NAMESPACE,
  identityPayloadSchema,
} from './live-events';

/** The 12 names of console-core §4, in the spec's order. */
const SPEC_EVENTS = [
  'SERVICE_STATUS',
  'RADAR_UPDATE_FAVORITE',
  'RADAR_ADD_FAVORITE',
  'RADAR_REMOVE_FAVORITE',
  'REPORT_SUPPORT_TICKET_CLOSED',
  'REPORT_SUPPORT_TICKET_COMMENT_CREATED',
  'REPORT_SUPPORT_TICKET_CREATED',
  'NEW_SOFTWARE_UPDATE_CREATED',
  'NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED',
  'SOFTWARE_UPDATES_STAGED',
  'CONNECTION_COUNTERS',
  'SUPPORT_TICKET_STATISTICS',
];

/** The events added after the spec's (saved views, bulk actions, rollouts, alerts), in the order they were added. */
const ADDED_EVENTS = [
  'SAVED_VIEWS_CHANGED',
  'BULK_ACTION_UPDATED',
  'ROLLOUT_UPDATED',
  'ALERT_UPDATED',
  'ALERT_COUNTS',
  'FLEET_MAP_CHANGED',
  'SIMULATOR_CHANGED',
];

const exampleAlert = {
  id: 7,
  ruleId: 2,
  ruleName: 'US aligners offline',
  kind: 'unitOffline',
  severity: 'major',
  state: 'firing',
  subject: { serialNumber: 'ABCLK0001', family: 'aligner' },
  summary: 'Unit ABCLK0001 offline',
  cause: null,
  startedAt: '2025-01-01T00:00:00.000Z',
  firedAt: '2025-01-01T00:05:00.000Z',
  acknowledgedBy: null,
  acknowledgedAt: null,
  comment: null,
  resolvedAt: null,
  resolvedBy: null,
  updatedAt: '2025-01-01T00:05:00.000Z',
};

const payloads: Record<keyof typeof LIVE_EVENTS, unknown> = {
  SERVICE_STATUS: examples.exampleServiceStatus,
  RADAR_UPDATE_FAVORITE: examples.exampleAligner,
  RADAR_ADD_FAVORITE: examples.exampleAligner,
  RADAR_REMOVE_FAVORITE: { serialNumber: 'ABCLK0001' },
  REPORT_SUPPORT_TICKET_CLOSED: { id: 42, serialNumber: 'ABCLK0001', closedBy: 'jdoe' },
  REPORT_SUPPORT_TICKET_COMMENT_CREATED: {
    id: 42,
    serialNumber: 'ABCLK0001',
    author: 'jdoe',
    comment: 'Called back.',
  },
  REPORT_SUPPORT_TICKET_CREATED: { id: 42, serialNumber: 'ABCLK0001', openedBy: 'jdoe' },
  NEW_SOFTWARE_UPDATE_CREATED: {
    family: 'gtps',
    version: { semantic: '1.4.0', meta: '' },
    path: '/updates/gtps/1.4.0',
  },
  NEW_SOFTWARE_UPDATE_SCHEDULE_CREATED: {
    date: '2024-05-20',
    count: 25,
    version: { semantic: '5.3.0', meta: '' },
  },
  SOFTWARE_UPDATES_STAGED: {
    family: 'aligner',
    serialNumber: 'ABCLK0001',
    version: { semantic: '5.3.0', meta: '' },
  },
  CONNECTION_COUNTERS: examples.exampleConnectionCounters,
  SUPPORT_TICKET_STATISTICS: examples.exampleTicketStatistics,
  SAVED_VIEWS_CHANGED: { screen: 'equipment' },
  BULK_ACTION_UPDATED: {
    id: 1,
    action: 'stageLatest',
    state: 'running',
    total: 3,
    done: 1,
    skipped: 1,
    failed: 0,
    reasons: [{ outcome: 'skipped', reason: 'Nothing staged', count: 1 }],
    createdBy: 'support',
    createdAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
  },
  ROLLOUT_UPDATED: {
    id: 1,
    name: 'US aligners',
    family: 'aligner',
    version: { semantic: '5.4.2', meta: '' },
    path: '/updates/aligner/5.4.2',
    target: {
      kind: 'view',
      viewId: 2,
      viewName: 'US aligners',
      filters: { filterCountryCode: 'US' },
      excluded: 0,
    },
    phases: [
      {
        percent: 100,
        total: 2,
        counts: { pending: 1, downloading: 0, installing: 0, done: 1, failed: 0, skipped: 0 },
      },
    ],
    failureThreshold: 0.05,
    successThreshold: 0.95,
    window: null,
    state: 'running',
    currentPhase: 0,
    pauseReason: null,
    totalUnits: 2,
    createdBy: 'engineer',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  },
  ALERT_UPDATED: { alerts: [exampleAlert] },
  ALERT_COUNTS: { firing: 3, unacknowledged: 2, bySeverity: { critical: 1, major: 2, minor: 0, warning: 0 } },
  FLEET_MAP_CHANGED: {},
  SIMULATOR_CHANGED: { change: 'clock', by: 'engineer' },
};

describe('live events', () => {
  it('when the namespace and identity event are read, then they are the spec ones', () => {
    expect(LIVE_NAMESPACE).toBe('/dashboard');
    expect(IDENTITY_EVENT).toBe('dashboard/identity');
  });

  it('when the event names are listed, then they are the 12 of console-core §4 and the added ones, each named as itself', () => {
    expect(Object.keys(LIVE_EVENTS)).toEqual([...SPEC_EVENTS, ...ADDED_EVENTS]);
    for (const [key, value] of Object.entries(LIVE_EVENTS)) expect(value).toBe(key);
    expect(Object.keys(LIVE_EVENT_SCHEMAS).sort()).toEqual([...SPEC_EVENTS, ...ADDED_EVENTS].sort());
  });

  it.each(Object.entries(payloads))(
    'when a %s payload is parsed, then it comes back unchanged',
    (name, payload) => {
      const schema = LIVE_EVENT_SCHEMAS[name as keyof typeof LIVE_EVENTS];
      expect(schema.parse(payload)).toEqual(payload);
    },
  );

  it('when a stage event names only the family (a schedule run), then it parses', () => {
    expect(LIVE_EVENT_SCHEMAS.SOFTWARE_UPDATES_STAGED.parse({ family: 'aligner-oasis' })).toEqual({
      family: 'aligner-oasis',
    });
  });

  it('when a ticket event misses the actor, then it is refused', () => {
    expect(
      LIVE_EVENT_SCHEMAS.REPORT_SUPPORT_TICKET_CLOSED.safeParse({ id: 1, serialNumber: 'X' }).success,
    ).toBe(false);
  });

  it('when the identity is announced, then it is username, email and role', () => {
    const identity = { username: 'jdoe', email: 'jdoe@example.com', role: 'admin' };
    expect(identityPayloadSchema.parse(identity)).toEqual(identity);
    expect(identityPayloadSchema.safeParse({ ...identity, role: 'king' }).success).toBe(false);
  });
});
