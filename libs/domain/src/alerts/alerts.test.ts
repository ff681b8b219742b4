import fc from 'fast-check';
import {
  ALERT_RULE_KINDS,
  ALERT_STATES,
  DELIVERY_RETRY_FOR_MS,
  ALERT_RULE_KIND_FIELDS,
  alertRuleProblems,
  alertTransition,
  deliveryRetryDelay,
  groupedSubjects,
  groupedTitle,
  isFlapping,
  isLinkLocalAddress,
  keptDrops,
  notificationsDue,
  offlineCounts,
  pendingVerdict,
  plannedOutageFor,
  silenceActive,
  silenceMatches,
  silenced,
  webhookTargetProblem,
  windowOpen,
  zonedDayHour,
  type AlertState,
} from './alerts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

describe('alert lifecycle', () => {
  it('when staff acknowledge, then only a firing or silenced alert moves (to acknowledged); a pending, acknowledged or resolved one is refused', () => {
    expect(alertTransition('firing', 'acknowledge')).toBe('acknowledged');
    expect(alertTransition('silenced', 'acknowledge')).toBe('acknowledged');
    for (const state of ['pending', 'acknowledged', 'resolved'] as const)
      expect(alertTransition(state, 'acknowledge')).toBeNull();
  });

  it('when staff resolve, then every open state resolves and a resolved alert is refused', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ALERT_STATES), (state: AlertState) => {
        expect(alertTransition(state, 'resolve')).toBe(state === 'resolved' ? null : 'resolved');
      }),
    );
  });

  it('when a condition has held since a time, then it is pending until the pending period ends and firing from then on', () => {
    expect(pendingVerdict(0, 5, 5 * MINUTE - 1)).toEqual({ state: 'pending', firesAt: 5 * MINUTE });
    expect(pendingVerdict(0, 5, 5 * MINUTE)).toEqual({ state: 'firing', firesAt: 5 * MINUTE });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e12 }),
        fc.integer({ min: 0, max: 10_080 }),
        fc.integer({ min: 0, max: 1e9 }),
        (since, minutes, after) => {
          const verdict = pendingVerdict(since, minutes, since + after);
          expect(verdict.state === 'firing').toBe(after >= minutes * MINUTE);
          // Time only moves a verdict towards firing.
          if (verdict.state === 'firing')
            expect(pendingVerdict(since, minutes, since + after + 1).state).toBe('firing');
        },
      ),
    );
  });

  it('when a unit was offline before the rule, then it counts only with includeAlreadyOffline; one that dropped after always counts', () => {
    expect(offlineCounts(100, 200, false)).toBe(false);
    expect(offlineCounts(100, 200, true)).toBe(true);
    expect(offlineCounts(200, 200, false)).toBe(true);
    expect(offlineCounts(300, 200, false)).toBe(true);
  });
});

describe('the flapping guard', () => {
  it('when a unit drops more than the allowed times inside the window, then it is flapping; drops that left the window do not count', () => {
    const now = 10 * HOUR;
    const drops = [now - 20 * MINUTE, now - 10 * MINUTE, now - 5 * MINUTE];
    expect(isFlapping(drops, now, 2, 30)).toBe(true);
    expect(isFlapping(drops, now, 3, 30)).toBe(false);
    expect(isFlapping(drops, now + 11 * MINUTE, 2, 30)).toBe(false);
    expect(isFlapping([...drops, now + MINUTE], now, 2, 30)).toBe(true);
  });

  it('when drops are kept, then no more than needed are: the newest max + 1 inside the window, and the verdict stays the same', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 4 * HOUR }), { maxLength: 40 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 120 }),
        (drops, max, windowMinutes) => {
          const now = 4 * HOUR;
          const kept = keptDrops(drops, now, max, windowMinutes);
          expect(kept.length).toBeLessThanOrEqual(max + 1);
          expect([...kept].sort((a, b) => a - b)).toEqual(kept);
          expect(isFlapping(kept, now, max, windowMinutes)).toBe(isFlapping(drops, now, max, windowMinutes));
        },
      ),
    );
  });
});

describe('maintenance windows and silences', () => {
  // Wednesday 2026-11-25, 12:00 UTC.
  const WED_NOON_UTC = Date.UTC(2026, 10, 25, 12, 0);

  it('when the time is read in a time zone, then the day and hour are the local ones', () => {
    expect(zonedDayHour(WED_NOON_UTC, 'UTC')).toEqual({ day: 'wed', hour: 12 });
    expect(zonedDayHour(WED_NOON_UTC, 'Asia/Tokyo')).toEqual({ day: 'wed', hour: 21 });
    // 12:00 UTC is 07:00 in New York (EST) and 01:00 on Thursday in Auckland (NZDT).
    expect(zonedDayHour(WED_NOON_UTC, 'America/New_York')).toEqual({ day: 'wed', hour: 7 });
    expect(zonedDayHour(WED_NOON_UTC, 'Pacific/Auckland')).toEqual({ day: 'thu', hour: 1 });
  });

  it('when a window runs over midnight, then it belongs to the day it starts on', () => {
    const window = { days: ['tue'] as const, startHour: 22, endHour: 2, timeZone: 'UTC' };
    const tue23 = Date.UTC(2026, 10, 24, 23, 30);
    const wed01 = Date.UTC(2026, 10, 25, 1, 30);
    const wed03 = Date.UTC(2026, 10, 25, 3, 0);
    const wed23 = Date.UTC(2026, 10, 25, 23, 0);
    expect(windowOpen(window, tue23)).toBe(true);
    expect(windowOpen(window, wed01)).toBe(true);
    expect(windowOpen(window, wed03)).toBe(false);
    expect(windowOpen(window, wed23)).toBe(false);
  });

  it('when a window is in a time zone, then it opens at the local hours; equal hours mean the whole day', () => {
    // 02:00-04:00 in Tokyo on Thursday is 17:00-19:00 UTC on Wednesday.
    const tokyo = { days: ['thu'] as const, startHour: 2, endHour: 4, timeZone: 'Asia/Tokyo' };
    expect(windowOpen(tokyo, Date.UTC(2026, 10, 25, 17, 30))).toBe(true);
    expect(windowOpen(tokyo, Date.UTC(2026, 10, 25, 19, 0))).toBe(false);
    expect(windowOpen({ days: ['wed'], startHour: 5, endHour: 5, timeZone: 'UTC' }, WED_NOON_UTC)).toBe(true);
    expect(windowOpen({ days: ['thu'], startHour: 5, endHour: 5, timeZone: 'UTC' }, WED_NOON_UTC)).toBe(
      false,
    );
  });

  it('when a window lists every day and all hours, then it is open at any time (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 23 }),
        fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata', 'America/Los_Angeles'),
        (now, hour, timeZone) => {
          expect(
            windowOpen(
              {
                days: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'],
                startHour: hour,
                endHour: hour,
                timeZone,
              },
              now,
            ),
          ).toBe(true);
        },
      ),
    );
  });

  it('when a silence is between its start and end (and inside its window), then it is active', () => {
    const s = { startsAt: 100, endsAt: 200 };
    expect(silenceActive(s, 99)).toBe(false);
    expect(silenceActive(s, 100)).toBe(true);
    expect(silenceActive(s, 200)).toBe(false);
    const recurring = {
      startsAt: 0,
      endsAt: WED_NOON_UTC + 7 * 24 * HOUR,
      recurring: { days: ['wed'] as const, startHour: 11, endHour: 13, timeZone: 'UTC' },
    };
    expect(silenceActive(recurring, WED_NOON_UTC)).toBe(true);
    expect(silenceActive(recurring, WED_NOON_UTC + 2 * HOUR)).toBe(false);
  });

  it('when a silence names fields, then every one named must match the subject; one naming none matches all', () => {
    const unit = { ruleId: 3, serialNumber: 'AL1', family: 'aligner', countryCode: 'US', service: null };
    expect(silenceMatches({}, unit)).toBe(true);
    expect(silenceMatches({ ruleId: 3, countries: ['US', 'CA'] }, unit)).toBe(true);
    expect(silenceMatches({ ruleId: 4 }, unit)).toBe(false);
    expect(silenceMatches({ serials: ['AL2'] }, unit)).toBe(false);
    expect(silenceMatches({ families: ['gtps'] }, unit)).toBe(false);
    expect(silenceMatches({ viewSerials: new Set(['AL1']) }, unit)).toBe(true);
    expect(silenceMatches({ viewSerials: new Set(['AL9']) }, unit)).toBe(false);
    expect(silenceMatches({ countries: ['US'], regionSerials: new Set(['AL1']) }, unit)).toBe(true);
    expect(silenceMatches({ countries: ['US'], regionSerials: new Set(['AL9']) }, unit)).toBe(false);
    expect(silenceMatches({ services: ['charon'] }, unit)).toBe(false);
    expect(silenceMatches({ services: ['charon'] }, { ruleId: 3, service: 'charon' })).toBe(true);
    expect(silenced([{ matcher: { serials: ['AL1'] }, startsAt: 0, endsAt: 10 }], unit, 5)).toBe(true);
    expect(silenced([{ matcher: { serials: ['AL1'] }, startsAt: 0, endsAt: 10 }], unit, 10)).toBe(false);
  });

  it('when an outage was planned, then the subject it covers finds it until it ends', () => {
    const restart = {
      service: 'charon',
      until: 100,
      reason: 'Restart of charon from the dashboard by admin',
    };
    const reboot = { serials: new Set(['AL1']), until: 100, reason: 'Reboot of AL1 by support' };
    expect(plannedOutageFor([restart, reboot], { service: 'charon' }, 50)).toBe(restart);
    expect(plannedOutageFor([restart, reboot], { serialNumber: 'AL1' }, 50)).toBe(reboot);
    expect(plannedOutageFor([restart, reboot], { serialNumber: 'AL2' }, 50)).toBeNull();
    expect(plannedOutageFor([restart, reboot], { serialNumber: 'AL1' }, 100)).toBeNull();
  });
});

describe('reminders and escalation', () => {
  it('when an alert fires unacknowledged, then a reminder is due every N minutes from the last one, and the escalation once after M', () => {
    const rule = { remindEveryMinutes: 10, escalateAfterMinutes: 30 };
    expect(
      notificationsDue({ firedAt: 0, lastRemindedAt: null, escalatedAt: null }, rule, 9 * MINUTE),
    ).toEqual({ remind: false, escalate: false });
    expect(
      notificationsDue({ firedAt: 0, lastRemindedAt: null, escalatedAt: null }, rule, 10 * MINUTE),
    ).toEqual({ remind: true, escalate: false });
    expect(
      notificationsDue({ firedAt: 0, lastRemindedAt: 10 * MINUTE, escalatedAt: null }, rule, 15 * MINUTE),
    ).toEqual({ remind: false, escalate: false });
    expect(
      notificationsDue({ firedAt: 0, lastRemindedAt: 20 * MINUTE, escalatedAt: null }, rule, 30 * MINUTE),
    ).toEqual({ remind: true, escalate: true });
    expect(
      notificationsDue(
        { firedAt: 0, lastRemindedAt: 30 * MINUTE, escalatedAt: 30 * MINUTE },
        rule,
        35 * MINUTE,
      ),
    ).toEqual({ remind: false, escalate: false });
    expect(notificationsDue({ firedAt: 0, lastRemindedAt: null, escalatedAt: null }, {}, 10 * HOUR)).toEqual({
      remind: false,
      escalate: false,
    });
  });
});

describe('grouped messages', () => {
  it('when many alerts of a rule go out together, then the title counts them by kind and says the event', () => {
    expect(groupedTitle('unitOffline', 37, 'US aligners')).toBe('37 units offline in US aligners');
    expect(groupedTitle('unitOffline', 1, 'US aligners')).toBe('1 unit offline in US aligners');
    expect(groupedTitle('unitOffline', 37, 'US aligners', 'resolved')).toBe(
      '37 units offline in US aligners: resolved',
    );
    expect(groupedTitle('serviceDown', 1, 'Services', 'acknowledged')).toBe(
      '1 service down in Services: acknowledged',
    );
    expect(groupedTitle('flapping', 2, 'Fleet')).toBe('2 units flapping in Fleet');
  });

  it('when a group counts thousands, then its title and its rest carry thousands separators', () => {
    expect(groupedTitle('unitOffline', 4_700, 'US aligners')).toBe('4,700 units offline in US aligners');
    expect(groupedSubjects(['AL1'], 10, 12_345)).toBe('AL1 and 12,344 more');
  });

  it('when subjects are listed, then the first few are named and the rest counted', () => {
    const serials = Array.from({ length: 37 }, (_, i) => `AL${i + 1}`);
    expect(groupedSubjects(serials)).toBe('AL1, AL2, AL3, AL4, AL5, AL6, AL7, AL8, AL9, AL10 and 27 more');
    expect(groupedSubjects(['AL1', 'AL2'])).toBe('AL1, AL2');
    expect(groupedSubjects(serials, 3)).toBe('AL1, AL2, AL3 and 34 more');
    expect(groupedSubjects(serials.slice(0, 10), 10, 100_000)).toBe(
      'AL1, AL2, AL3, AL4, AL5, AL6, AL7, AL8, AL9, AL10 and 99,990 more',
    );
    expect(groupedSubjects(['AL1', 'AL2'], 10, 2)).toBe('AL1, AL2');
  });
});

describe('webhook deliveries', () => {
  it('when a delivery fails, then the wait doubles up to an hour, and it is given up after 24 hours', () => {
    expect(deliveryRetryDelay(1, 0, 0)).toBe(5_000);
    expect(deliveryRetryDelay(2, 0, 5_000)).toBe(10_000);
    expect(deliveryRetryDelay(3, 0, 15_000)).toBe(20_000);
    expect(deliveryRetryDelay(20, 0, HOUR)).toBe(HOUR);
    expect(deliveryRetryDelay(30, 0, DELIVERY_RETRY_FOR_MS - 30 * MINUTE)).toBeNull();
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 2 * DELIVERY_RETRY_FOR_MS }),
        (attempt, elapsed) => {
          const delay = deliveryRetryDelay(attempt, 0, elapsed);
          if (delay === null)
            expect(elapsed + Math.min(HOUR, 5_000 * 2 ** (attempt - 1))).toBeGreaterThan(
              DELIVERY_RETRY_FOR_MS,
            );
          else {
            expect(delay).toBeGreaterThan(0);
            expect(delay).toBeLessThanOrEqual(HOUR);
            expect(elapsed + delay).toBeLessThanOrEqual(DELIVERY_RETRY_FOR_MS);
          }
        },
      ),
    );
  });

  it('when a webhook URL targets the link-local range in any spelling, then it is refused; http(s) elsewhere is accepted', () => {
    const problem = (url: string) => {
      const u = new URL(url);
      return webhookTargetProblem({
        protocol: u.protocol,
        hostname: u.hostname,
        credentials: Boolean(u.username || u.password),
      });
    };
    expect(problem('https://hooks.example.com/x')).toBeNull();
    expect(problem('http://127.0.0.1:8080/hook')).toBeNull();
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      // Decimal, hex and octal spellings of 169.254.169.254: the URL parser makes them a dotted quad.
      'http://2852039166/latest',
      'http://0xA9FEA9FE/latest',
      'http://0251.0376.0251.0376/latest',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://metadata.google.internal/',
    ]) {
      expect(problem(url)).toMatch(/link-local/);
    }
    expect(problem('ftp://hooks.example.com/')).toMatch(/http/);
    expect(problem('https://user:secret@hooks.example.com/')).toMatch(/credentials/);
  });

  it('when an address is tested, then only 169.254/16, fe80::/10 and their mapped form are link-local (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 255 }),
        (a, b, c, d) => {
          expect(isLinkLocalAddress(`${a}.${b}.${c}.${d}`)).toBe(a === 169 && b === 254);
        },
      ),
    );
  });
});

describe('rule problems', () => {
  it('when a rule misses what its kind needs, then every problem is named at once', () => {
    const problems = alertRuleProblems({
      kind: 'connectedShare',
      scope: { kind: 'serials', serials: [] },
      forMinutes: 5,
      escalateAfterMinutes: 10,
    });
    expect(problems.map((p) => p.path).sort()).toEqual(['escalateTo', 'scope.serials', 'threshold']);
    expect(
      alertRuleProblems({
        kind: 'serviceDown',
        scope: { kind: 'serials', serials: ['X'] },
        forMinutes: 5,
      }).map((p) => p.path),
    ).toEqual(['scope.kind']);
    for (const kind of ALERT_RULE_KINDS) {
      const threshold = kind === 'connectedShare' ? 50 : kind === 'ticketsUnanswered' ? 4 : null;
      expect(alertRuleProblems({ kind, scope: { kind: 'fleet' }, forMinutes: 5, threshold })).toEqual([]);
    }
  });

  it('when the kinds are read, then units kinds take a scope, connected share a percent and unanswered tickets hours, and each default passes', () => {
    expect(ALERT_RULE_KINDS.filter((kind) => ALERT_RULE_KIND_FIELDS[kind].scope)).toEqual([
      'unitOffline',
      'connectedShare',
      'updateFailed',
    ]);
    expect(ALERT_RULE_KINDS.filter((kind) => ALERT_RULE_KIND_FIELDS[kind].offlineOptions)).toEqual([
      'unitOffline',
    ]);
    expect(ALERT_RULE_KIND_FIELDS.connectedShare.threshold).toMatchObject({
      unit: 'percent',
      default: 90,
      max: 100,
    });
    expect(ALERT_RULE_KIND_FIELDS.ticketsUnanswered.threshold).toMatchObject({ unit: 'hours', default: 4 });
    for (const kind of ALERT_RULE_KINDS) {
      const threshold = ALERT_RULE_KIND_FIELDS[kind].threshold?.default ?? null;
      expect(alertRuleProblems({ kind, scope: { kind: 'fleet' }, forMinutes: 5, threshold })).toEqual([]);
    }
    expect(
      alertRuleProblems({ kind: 'connectedShare', scope: { kind: 'fleet' }, forMinutes: 5, threshold: 101 }),
    ).toEqual([{ path: 'threshold', message: ALERT_RULE_KIND_FIELDS.connectedShare.threshold.problem }]);
    expect(
      alertRuleProblems({
        kind: 'ticketsUnanswered',
        scope: { kind: 'fleet' },
        forMinutes: 5,
        threshold: 500,
      }),
    ).toEqual([]);
    expect(
      alertRuleProblems({
        kind: 'updateFailed',
        scope: { kind: 'fleet' },
        forMinutes: 5,
        threshold: 3,
      }).map((p) => p.path),
    ).toEqual(['threshold']);
  });
});
