import { chartPoints, csvText, historyTable, percentText, successRates } from './health-data';

const series = [
  {
    key: 'aligner',
    points: [
      ['2026-05-01T00:00:00.000Z', 0.6],
      ['2026-05-02T00:00:00.000Z', null],
    ] as [string, number | null][],
  },
  {
    key: 'gtps',
    points: [
      ['2026-05-01T00:00:00.000Z', 0.7],
      ['2026-05-02T00:00:00.000Z', 0.75],
    ] as [string, number | null][],
  },
];

describe('Fleet Health data', () => {
  it('when series are charted, then a bucket with no value is a gap, not a zero', () => {
    expect(chartPoints(series, 'day', (k) => k.toUpperCase(), 100)).toEqual([
      { key: '2026-05-01', series: 'ALIGNER', value: 60 },
      { key: '2026-05-01', series: 'GTPS', value: 70 },
      { key: '2026-05-02', series: 'GTPS', value: 75 },
    ]);
  });

  it('when series are tabled, then a row per bucket has a column per series', () => {
    expect(historyTable(series)).toEqual({
      keys: ['aligner', 'gtps'],
      rows: [
        { at: '2026-05-01T00:00:00.000Z', values: [0.6, 0.7] },
        { at: '2026-05-02T00:00:00.000Z', values: [null, 0.75] },
      ],
    });
  });

  it('when a CSV is written, then cells a spreadsheet would run are made text and commas are quoted', () => {
    expect(
      csvText(
        ['Version', 'Note'],
        [
          ['5.4.2', '=1+1'],
          ['5.4.1', 'a, b'],
        ],
      ),
    ).toBe('\ufeffVersion,Note\r\n5.4.2,\'=1+1\r\n5.4.1,"a, b"\r\n');
  });

  it('when success rates are taken, then each release with finished updates has one, newest first by semver', () => {
    const ok = [
      { key: '5.10.0', points: [['t', 9]] as [string, number | null][] },
      { key: '5.9.0', points: [['t', 3]] as [string, number | null][] },
      { key: '5.8.0', points: [['t', 0]] as [string, number | null][] },
    ];
    const failed = [{ key: '5.10.0', points: [['t', 1]] as [string, number | null][] }];
    expect(successRates(ok, failed)).toEqual([
      { version: '5.10.0', succeeded: 9, failed: 1, rate: 0.9 },
      { version: '5.9.0', succeeded: 3, failed: 0, rate: 1 },
    ]);
    expect(percentText(0.9123)).toBe('91.2%');
    expect(percentText(null)).toBe('');
  });
});
