import { alertSubjectText, createAlertRuleBodySchema, updateAlertRuleBodySchema } from './alerts';

describe('alert rule bodies', () => {
  it('when an update names one field, then the others stay out of the parsed body (no defaults overwrite the stored rule)', () => {
    expect(updateAlertRuleBodySchema.parse({ id: 3, name: 'Renamed' })).toEqual({ id: 3, name: 'Renamed' });
    expect(updateAlertRuleBodySchema.parse({ id: 3, enabled: false })).toEqual({ id: 3, enabled: false });
  });

  it('when a rule is created without the optional fields, then their defaults are filled in', () => {
    expect(
      createAlertRuleBodySchema.parse({ name: 'Offline', kind: 'unitOffline', severity: 'major' }),
    ).toMatchObject({
      scope: { kind: 'fleet' },
      forMinutes: 5,
      includeAlreadyOffline: false,
      channels: { email: [], webhookIds: [] },
      enabled: true,
    });
  });
});

describe('alertSubjectText', () => {
  it('when an alert is about a unit, a service, a rollout, a ticket or its scope, then it is named by that', () => {
    expect(alertSubjectText({ serialNumber: 'AX1AS0001', family: 'aligner' })).toBe('AX1AS0001');
    expect(alertSubjectText({ service: 'charon' })).toBe('charon');
    expect(alertSubjectText({ rolloutId: 7 })).toBe('rollout 7');
    expect(alertSubjectText({ ticketId: 12 })).toBe('ticket 12');
    expect(alertSubjectText({ connectedPercent: 40 })).toBe('scope');
    expect(alertSubjectText({}, 'the scope')).toBe('the scope');
  });
});
