import fc from 'fast-check';
import {
  ALERT_GROUP_RULES,
  densestDrop,
  placePhrase,
  prefersGroupedView,
  regionalCauseSentence,
  regionsApart,
  type StartBucket,
} from './alert-groups';

const MINUTE = 60_000;

describe('the regional cause sentence', () => {
  it('when most of a place’s units drop within a few minutes, then it says so in words', () => {
    expect(
      regionalCauseSentence({
        place: 'the United States',
        units: 4_800,
        dropped: 4_700,
        withinMs: 2 * MINUTE,
      }),
    ).toBe(
      '4,700 of 4,800 units in the United States went offline within 2 minutes: a regional cause is likely',
    );
    expect(
      regionalCauseSentence({ place: 'California, United States', units: 40, dropped: 21, withinMs: 5_000 }),
    ).toBe(
      '21 of 40 units in California, United States went offline within 1 minute: a regional cause is likely',
    );
  });

  it('when too few units, too small a share or too long a spread, then it says nothing', () => {
    const at = { place: 'Germany', units: 100, dropped: 90, withinMs: MINUTE };
    expect(regionalCauseSentence(at)).not.toBeNull();
    expect(regionalCauseSentence({ ...at, units: 19, dropped: 19 })).toBeNull();
    expect(regionalCauseSentence({ ...at, dropped: 49 })).toBeNull();
    expect(regionalCauseSentence({ ...at, dropped: 50 })).not.toBeNull();
    expect(regionalCauseSentence({ ...at, withinMs: 5 * MINUTE + 1 })).toBeNull();
    expect(regionalCauseSentence({ ...at, withinMs: 5 * MINUTE })).toContain('within 5 minutes');
  });

  it('when it speaks, then the thresholds hold and the figures are the ones given', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 60 * MINUTE }),
        (units, dropped, withinMs) => {
          const sentence = regionalCauseSentence({ place: 'Spain', units, dropped, withinMs });
          const holds =
            dropped >= ALERT_GROUP_RULES.regionalMinUnits &&
            dropped >= ALERT_GROUP_RULES.regionalShare * Math.max(units, dropped) &&
            withinMs <= ALERT_GROUP_RULES.regionalWindowMs;
          expect(sentence !== null).toBe(holds);
          if (sentence) expect(sentence.startsWith(`${dropped.toLocaleString('en-US')} of `)).toBe(true);
        },
      ),
    );
  });

  it('when a place is named, then a country takes "the" where English does, a region names its country', () => {
    expect(placePhrase({ countryName: 'United States' })).toBe('the United States');
    expect(placePhrase({ countryName: 'Netherlands' })).toBe('the Netherlands');
    expect(placePhrase({ countryName: 'Germany' })).toBe('Germany');
    expect(placePhrase({ countryName: 'United States', region: 'Texas' })).toBe('Texas, United States');
    expect(placePhrase({ countryName: 'United States', rest: true })).toBe('the rest of the United States');
  });
});

describe('the densest drop', () => {
  const bucket = (first: number, count: number, last = first): StartBucket => ({ first, last, count });

  it('when most units drop together and a few long before, then the drop is the crowd and its spread', () => {
    const buckets = [bucket(0, 3), bucket(60 * MINUTE, 400, 60 * MINUTE + 9_000), bucket(61 * MINUTE, 300)];
    expect(densestDrop(buckets, 5 * MINUTE)).toEqual({ dropped: 700, withinMs: MINUTE });
    expect(densestDrop([], 5 * MINUTE)).toEqual({ dropped: 0, withinMs: 0 });
  });

  it('when compared with every window tried by hand, then it finds the most starts within the window', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 600 }), fc.integer({ min: 1, max: 50 })), {
          maxLength: 30,
        }),
        fc.integer({ min: 0, max: 100 }),
        (raw, window) => {
          // Buckets of 10 time units, sorted, one per distinct bucket.
          const byBucket = new Map<number, number>();
          for (const [t, n] of raw)
            byBucket.set(Math.floor(t / 10), (byBucket.get(Math.floor(t / 10)) ?? 0) + n);
          const buckets = [...byBucket.entries()]
            .sort((a, b) => a[0] - b[0])
            .map(([b, n]) => bucket(b * 10, n, b * 10 + 9));
          let best = 0;
          for (let i = 0; i < buckets.length; i++) {
            let sum = 0;
            for (let j = i; j < buckets.length; j++) {
              const from = buckets[i] as StartBucket;
              const to = buckets[j] as StartBucket;
              if (to.last - from.first > window) break;
              sum += to.count;
              best = Math.max(best, sum);
            }
          }
          const found = densestDrop(buckets, window);
          expect(found.dropped).toBe(best);
          expect(found.withinMs).toBeLessThanOrEqual(window);
        },
      ),
    );
  });
});

describe('regions apart', () => {
  it('when a whole country is down, then it stays one group', () => {
    const tallies = [
      { region: 'California', alerts: 900, units: 1_000 },
      { region: 'Texas', alerts: 480, units: 500 },
      { region: 'Ohio', alerts: 95, units: 100 },
    ];
    expect(regionsApart(tallies)).toEqual(new Set());
  });

  it('when one region is down and the rest of the country holds, then the region is a group of its own', () => {
    const tallies = [
      { region: 'California', alerts: 900, units: 1_000 },
      { region: 'Texas', alerts: 5, units: 500 },
      { region: 'Ohio', alerts: 1, units: 100 },
      { region: null, alerts: 2, units: 0 },
    ];
    expect(regionsApart(tallies)).toEqual(new Set(['California']));
  });

  it('when a region holds few alerts or the country has one region, then nothing splits', () => {
    expect(
      regionsApart([
        { region: 'Bern', alerts: 19, units: 20 },
        { region: 'Zurich', alerts: 0, units: 500 },
      ]),
    ).toEqual(new Set());
    expect(regionsApart([{ region: 'Singapore', alerts: 500, units: 500 }])).toEqual(new Set());
  });

  it('when the split is asked of any tallies, then a region apart holds enough alerts and stands out from the rest', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            region: fc.option(fc.constantFrom('A', 'B', 'C', 'D', 'E'), { nil: null }),
            alerts: fc.integer({ min: 0, max: 500 }),
            units: fc.integer({ min: 0, max: 500 }),
          }),
          { maxLength: 6 },
        ),
        (raw) => {
          const seen = new Set<string | null>();
          const tallies = raw.filter((t) => !seen.has(t.region) && (seen.add(t.region), true));
          const apart = regionsApart(tallies);
          const units = tallies.reduce((n, t) => n + t.units, 0);
          const alerts = tallies.reduce((n, t) => n + t.alerts, 0);
          for (const t of tallies) {
            if (t.region === null || !apart.has(t.region)) continue;
            expect(t.alerts).toBeGreaterThanOrEqual(ALERT_GROUP_RULES.regionMinAlerts);
            expect(units - t.units).toBeGreaterThan(0);
            expect(t.alerts / Math.max(t.units, t.alerts)).toBeGreaterThan(
              (alerts - t.alerts) / (units - t.units),
            );
          }
        },
      ),
    );
  });
});

describe('the grouped view by default', () => {
  it('when a rule has more than a page of open alerts among the groups, then the view is grouped', () => {
    expect(prefersGroupedView([{ ruleId: 1, count: 10 }])).toBe(false);
    expect(
      prefersGroupedView([
        { ruleId: 1, count: 6 },
        { ruleId: 1, count: 5 },
      ]),
    ).toBe(true);
    expect(
      prefersGroupedView([
        { ruleId: 1, count: 6 },
        { ruleId: 2, count: 5 },
      ]),
    ).toBe(false);
  });
});
