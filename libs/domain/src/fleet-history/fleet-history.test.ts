import fc from 'fast-check';
import {
  bucketCount,
  bucketStart,
  bucketStarts,
  daysToReach,
  defaultHistoryStep,
  EMPTY_HISTORY_SUMS,
  HISTORY_MAX_POINTS,
  HISTORY_RETENTION_DEFAULTS,
  historyRangeProblems,
  historyValue,
  oldestKept,
  releaseComparisonRow,
  shareAtOrAbove,
  updateSuccessRate,
  versionSeriesKey,
} from './fleet-history';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = Date.parse('2026-05-20T15:42:10Z');
const sums = (over: Partial<typeof EMPTY_HISTORY_SUMS> = {}) => ({ ...EMPTY_HISTORY_SUMS, ...over });

describe('bucket alignment', () => {
  it('when an instant is aligned, then it falls to the start of its UTC hour or UTC day', () => {
    expect(new Date(bucketStart(NOW, 'hour')).toISOString()).toBe('2026-05-20T15:00:00.000Z');
    expect(new Date(bucketStart(NOW, 'day')).toISOString()).toBe('2026-05-20T00:00:00.000Z');
  });

  it('when any instant is aligned, then its bucket holds it and the next bucket does not (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.constantFrom('hour', 'day'),
        (at, step) => {
          const start = bucketStart(at, step);
          const size = step === 'hour' ? HOUR : DAY;
          expect(start).toBeLessThanOrEqual(at);
          expect(at).toBeLessThan(start + size);
          expect(bucketStart(start, step)).toBe(start);
        },
      ),
    );
  });

  it('when a range is cut into buckets, then they are consecutive, cover it, and their count is bucketCount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: 1, max: 40 * DAY }),
        fc.constantFrom('hour', 'day'),
        (from, length, step) => {
          const to = from + length;
          const starts = bucketStarts(from, to, step);
          const size = step === 'hour' ? HOUR : DAY;
          expect(starts[0]).toBe(bucketStart(from, step));
          starts.forEach((s, i) => i > 0 && expect(s - (starts[i - 1] as number)).toBe(size));
          expect((starts[starts.length - 1] as number) + size).toBeGreaterThanOrEqual(to);
          expect(starts.length).toBe(bucketCount(from, to, step));
        },
      ),
    );
  });

  it('when no step is named, then hours are taken up to 92 days and days beyond', () => {
    expect(defaultHistoryStep(NOW - 90 * DAY, NOW)).toBe('hour');
    expect(defaultHistoryStep(NOW - 120 * DAY, NOW)).toBe('day');
  });
});

describe('historyRangeProblems', () => {
  const retention = HISTORY_RETENTION_DEFAULTS;

  it('when 90 days are read hourly, then nothing is wrong', () => {
    expect(
      historyRangeProblems({ from: NOW - 90 * DAY + HOUR, to: NOW, step: 'hour' }, NOW, retention),
    ).toEqual([]);
  });

  it('when from is after to, then the problem names from', () => {
    expect(historyRangeProblems({ from: NOW, to: NOW - DAY, step: 'hour' }, NOW, retention)).toEqual([
      { field: 'from', message: expect.stringContaining('must be before to') },
    ]);
  });

  it('when a range goes past the retention and the step is too fine for it, then both problems are told', () => {
    const problems = historyRangeProblems({ from: NOW - 200 * DAY, to: NOW, step: 'hour' }, NOW, retention);
    expect(problems.map((p) => p.field)).toEqual(['from', 'step']);
    expect(problems[0]?.message).toContain('hourly history is kept 90 days');
    expect(problems[1]?.message).toContain(`at most ${HISTORY_MAX_POINTS}`);
  });

  it('when days are read further back than two years, then the daily retention is told', () => {
    const problems = historyRangeProblems({ from: NOW - 800 * DAY, to: NOW, step: 'day' }, NOW, retention);
    expect(problems).toEqual([
      { field: 'from', message: expect.stringContaining('daily history is kept 730 days') },
    ]);
  });

  it('when the retention is configured shorter, then the oldest kept instant follows it', () => {
    const short = { hourDays: 7, dayDays: 30 };
    expect(oldestKept('hour', NOW, short)).toBe(bucketStart(NOW - 7 * DAY, 'hour'));
    expect(historyRangeProblems({ from: NOW - 10 * DAY, to: NOW, step: 'hour' }, NOW, short)).toHaveLength(1);
  });

  it('when an instant did not parse, then the rules that need it are not applied', () => {
    expect(historyRangeProblems({ to: NOW, step: 'hour' }, NOW, retention)).toEqual([]);
  });
});

describe('historyValue', () => {
  it('when a bucket was not covered, then every metric is null', () => {
    expect(historyValue('units', sums({ unitMinutes: 600 }), 0)).toBeNull();
    expect(historyValue('updatesFailed', sums({ updatesFailed: 3 }), 0)).toBeNull();
  });

  it('when units were sampled, then the share is time-weighted and units are the average over the minutes covered', () => {
    // 10 units for 60 minutes, 6 of them connected for the first half hour and 9 for the second.
    const bucket = sums({ unitMinutes: 600, connectedMinutes: 6 * 30 + 9 * 30 });
    expect(historyValue('connectedShare', bucket, 60)).toBeCloseTo(0.75);
    expect(historyValue('units', bucket, 60)).toBe(10);
    // Half the hour covered: the average is over the half hour.
    expect(historyValue('units', sums({ unitMinutes: 300 }), 30)).toBe(10);
  });

  it('when no unit was sampled, then the share is null and the counts are the counts', () => {
    expect(historyValue('connectedShare', sums(), 60)).toBeNull();
    expect(historyValue('alertsFired', sums({ alertsFired: 4 }), 60)).toBe(4);
  });

  it('when any sums are charted, then the share stays within 0 and 1 (property)', () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.nat(10_000), (units, connected) => {
        const value = historyValue(
          'connectedShare',
          sums({ unitMinutes: units, connectedMinutes: Math.min(units, connected) }),
          60,
        );
        if (units === 0) expect(value).toBeNull();
        else {
          expect(value).toBeGreaterThanOrEqual(0);
          expect(value).toBeLessThanOrEqual(1);
        }
      }),
    );
  });
});

describe('release comparison maths', () => {
  const published = Date.parse('2026-04-10T12:00:00Z');
  const adoption = [0, 1, 2, 3, 4, 5, 6].map((d) => ({
    at: Date.parse('2026-04-10T00:00:00Z') + d * DAY,
    share: d * 0.1,
  }));

  it('when half the family runs the release after five days, then it took 5 days', () => {
    expect(daysToReach(adoption, published, 0.5)).toBe(5);
  });

  it('when the share is never reached or the release has no date, then there is no figure', () => {
    expect(daysToReach(adoption, published, 0.9)).toBeNull();
    expect(daysToReach(adoption, null, 0.1)).toBeNull();
  });

  it('when a release is compared, then success, offline rate and alerts per 1,000 units come from its counts', () => {
    const row = releaseComparisonRow({
      ...sums({
        unitMinutes: 200 * 60 * 24,
        connectedMinutes: 150 * 60 * 24,
        updatesStarted: 210,
        updatesSucceeded: 190,
        updatesFailed: 10,
        alertsFired: 30,
      }),
      version: '5.4.0',
      publishedAt: published,
      minutesCovered: 60 * 24,
      adoption,
    });
    expect(row).toMatchObject({
      version: '5.4.0',
      unitsAverage: 200,
      updateSuccessRate: 0.95,
      offlineRate: 0.25,
      alertsPer1000Units: 150,
      daysToHalfFamily: 5,
    });
  });

  it('when no unit ran a release, then its rates are null, not divisions by zero', () => {
    const row = releaseComparisonRow({
      ...sums(),
      version: '1.0.0',
      publishedAt: null,
      minutesCovered: 0,
      adoption: [],
    });
    expect(row).toMatchObject({
      unitsAverage: 0,
      offlineRate: null,
      alertsPer1000Units: null,
      updateSuccessRate: null,
    });
  });

  it('when updates finished, then the success rate is succeeded over finished', () => {
    expect(updateSuccessRate(3, 1)).toBe(0.75);
    expect(updateSuccessRate(0, 0)).toBeNull();
  });

  it('when the share at or above a release is taken, then versions compare by semver, not as text', () => {
    const units = new Map([
      ['5.9.0', 10],
      ['5.10.0', 30],
      ['5.4.2', 60],
    ]);
    expect(shareAtOrAbove(units, '5.9.0')).toBeCloseTo(0.4);
    expect(shareAtOrAbove(new Map(), '1.0.0')).toBe(0);
  });

  it('when series are split by version, then keys carry the family unless the read is of one family', () => {
    expect(versionSeriesKey('gtps', '1.0.0', true)).toBe('1.0.0');
    expect(versionSeriesKey('gtps', '1.0.0', false)).toBe('gtps 1.0.0');
  });
});
