import fc from 'fast-check';
import {
  appendTrendSample,
  dayLoadColour,
  deliveryCount,
  installedCountAtLatest,
  installedVersionChartData,
  keyedSeries,
  keyedSeriesDeltas,
  percentConnected,
  seriesDeltas,
  stagedVersionChartData,
} from './charts';

describe('installedVersionChartData', () => {
  const list = [
    { version: '1.10.0', total: 4 },
    { version: '1.9.0', total: 7 },
    { version: '1.2.0', total: 1 },
    { version: '1.0.0', total: 3 },
  ];

  it('when versions have 1 unit or fewer, then they are left out', () => {
    // back-office §2.2: a log-scale column chart of versions with more than 1 unit
    expect(installedVersionChartData(list).map((d) => d.version)).toEqual(['1.10.0', '1.9.0', '1.0.0']);
  });

  it('when ascending is asked (gtps and Oasis), then versions sort by semantic version, not text', () => {
    // back-office §2.2: For gtps and Oasis the versions are sorted ascending by semantic version.
    expect(installedVersionChartData(list, { ascending: true }).map((d) => d.version)).toEqual([
      '1.0.0',
      '1.9.0',
      '1.10.0',
    ]);
  });

  it('when any list is charted, then every kept total is above 1 and nothing is invented', () => {
    // back-office §9: Versions with a total of 1 or less are left out.
    fc.assert(
      fc.property(
        fc.array(fc.record({ version: fc.string(), total: fc.integer({ min: -2, max: 10 }) })),
        fc.boolean(),
        (items, ascending) => {
          const data = installedVersionChartData(items, { ascending });
          expect(data.every((d) => d.total > 1)).toBe(true);
          expect(data).toHaveLength(items.filter((i) => i.total > 1).length);
        },
      ),
    );
  });

  it('when counting at latest, then units at the latest semantic version are counted over all units', () => {
    // back-office §2.2: Installed Versions: the count at latest over the total
    expect(installedCountAtLatest(list, '1.9.0_meta')).toEqual({ atLatest: 7, total: 15 });
    expect(installedCountAtLatest(list, undefined)).toEqual({ atLatest: 0, total: 15 });
  });

  it('when staged totals are charted, then the versions map becomes bars in version order', () => {
    // back-office §2.2: Staged Updates: a column chart by version
    expect(stagedVersionChartData({ '5.10.0': 2, '5.9.0': 3 })).toEqual([
      { version: '5.9.0', total: 3 },
      { version: '5.10.0', total: 2 },
    ]);
    expect(stagedVersionChartData(undefined)).toEqual([]);
  });
});

describe('deltas', () => {
  it('when a series has points, then each delta is the point minus the next', () => {
    // back-office §4: The deltas in the charts are each point minus the next point in the series.
    expect(seriesDeltas([10, 7, 9])).toEqual([3, -2]);
    expect(seriesDeltas([5])).toEqual([]);
    expect(seriesDeltas([])).toEqual([]);
  });

  it('when any series is given, then there are n-1 deltas that rebuild the series', () => {
    // back-office §4: each point minus the next point
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1 }), (series) => {
        const deltas = seriesDeltas(series);
        expect(deltas).toHaveLength(series.length - 1);
        let point = series[series.length - 1] ?? 0;
        for (let i = deltas.length - 1; i >= 0; i -= 1) {
          point += deltas[i] ?? 0;
          expect(point).toBe(series[i]);
        }
      }),
    );
  });

  it('when a keyed series is given, then it is ordered by key before the deltas', () => {
    // back-office §3: dailyStatistics and hourlyStatistics, each a keyed series; §4 deltas
    expect(keyedSeries({ '10': 1, '2': 5, '0': 9 }).map((p) => p.key)).toEqual(['0', '2', '10']);
    expect(keyedSeriesDeltas({ '2025-03-02': 4, '2025-03-01': 10, '2025-03-03': 1 })).toEqual([
      { key: '2025-03-01', value: 6 },
      { key: '2025-03-02', value: 3 },
    ]);
    expect(keyedSeriesDeltas(null)).toEqual([]);
  });
});

describe('scheduler statistics', () => {
  it('when counting deliveries, then unstaged and hung are subtracted from staged', () => {
    // back-office §4: Delivery count = autoStaged minus autoUnstaged minus autoUnstagedDueToHungCount.
    expect(deliveryCount({ autoStaged: 50, autoUnstaged: 5, autoUnstagedDueToHungCount: 2 })).toBe(43);
    expect(deliveryCount({})).toBe(0);
  });

  it('when a day has 10, 11, 20 or 21 updates, then the colour is green, yellow, yellow, red', () => {
    // back-office §9: at most 10 is green, 11 to 20 is yellow, above 20 is red.
    expect([0, 10, 11, 20, 21].map(dayLoadColour)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
  });
});

describe('dashboard', () => {
  it('when the total is 0, then 0 percent is connected', () => {
    // console-core §1: percentage connected
    expect(percentConnected(0, 0)).toBe(0);
    expect(percentConnected(25, 100)).toBe(25);
    expect(percentConnected(1, 3)).toBeCloseTo(33.333, 3);
  });

  it('when samples are appended, then only the last 60 are kept', () => {
    // console-core §9: Connected-aligner trend keeps the last 60 samples.
    const full = Array.from({ length: 60 }, (_, i) => i);
    const next = appendTrendSample(full, 60);
    expect(next).toHaveLength(60);
    expect(next[0]).toBe(1);
    expect(next[59]).toBe(60);
    expect(full).toHaveLength(60);
    expect(appendTrendSample([], 1, 0)).toEqual([]);
  });

  it('when any number of samples is appended, then the trend never exceeds its maximum and ends with the newest', () => {
    // console-core §9: the last 60 samples
    fc.assert(
      fc.property(
        fc.array(fc.integer()),
        fc.integer(),
        fc.integer({ min: 1, max: 80 }),
        (samples, sample, max) => {
          const next = appendTrendSample(samples, sample, max);
          expect(next.length).toBe(Math.min(samples.length + 1, max));
          expect(next[next.length - 1]).toBe(sample);
        },
      ),
    );
  });
});
