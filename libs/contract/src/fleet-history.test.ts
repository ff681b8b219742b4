import {
  fleetHistoryCsvColumns,
  fleetHistoryQuerySchema,
  fleetHistorySchema,
  historyCsvLines,
  releaseComparisonQuerySchema,
} from './fleet-history';

describe('fleet history query', () => {
  it('when instants are given as a date-time, a day or milliseconds, then each parses to milliseconds', () => {
    const parsed = fleetHistoryQuerySchema.parse({
      metric: 'connectedShare',
      from: '2026-05-01',
      to: '2026-05-02T12:00:00+02:00',
      step: 'hour',
      groupBy: 'country',
    });
    expect(parsed).toMatchObject({
      from: Date.parse('2026-05-01T00:00:00Z'),
      to: Date.parse('2026-05-02T10:00:00Z'),
      step: 'hour',
      groupBy: 'country',
    });
    expect(fleetHistoryQuerySchema.parse({ metric: 'units', from: '1700000000000' }).from).toBe(
      1_700_000_000_000,
    );
  });

  it('when the metric is unknown and an instant unreadable, then both are told', () => {
    const result = fleetHistoryQuerySchema.safeParse({ metric: 'uptime', from: 'last week', step: 'minute' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['from', 'metric', 'step']);
  });

  it("when the list's filters and a view are given, then they parse as the equipment list's", () => {
    const parsed = fleetHistoryQuerySchema.parse({
      metric: 'units',
      filterFamily: 'gtps',
      filterCountryCode: ' us ',
      filterConnected: 'true',
      viewId: '4',
    });
    expect(parsed).toMatchObject({
      filterFamily: 'gtps',
      filterCountryCode: 'us',
      filterConnected: true,
      viewId: 4,
    });
  });

  it('when a comparison names no second release, then it is refused', () => {
    expect(releaseComparisonQuerySchema.safeParse({ family: 'aligner', a: '5.4.2' }).success).toBe(false);
  });
});

describe('fleet history answer and CSV', () => {
  const answer = {
    metric: 'units' as const,
    step: 'day' as const,
    from: '2026-05-01T00:00:00.000Z',
    to: '2026-05-03T00:00:00.000Z',
    groupBy: 'family' as const,
    series: [
      {
        key: 'aligner',
        points: [
          ['2026-05-01T00:00:00.000Z', 120.5],
          ['2026-05-02T00:00:00.000Z', null],
        ] as [string, number | null][],
      },
    ],
  };

  it('when an answer is checked, then a point is a time and a value or null', () => {
    expect(fleetHistorySchema.parse(answer)).toEqual(answer);
    expect(
      fleetHistorySchema.safeParse({ ...answer, series: [{ key: 'x', points: [['today', 1]] }] }).success,
    ).toBe(false);
  });

  it("when a chart's data goes to CSV, then each point is a line with its series", () => {
    const lines = historyCsvLines(answer.series);
    const columns = fleetHistoryCsvColumns('units');
    expect(columns.map((c) => c.header)).toEqual(['Time', 'Series', 'Units']);
    expect(lines.map((l) => columns.map((c) => c.cell(l)))).toEqual([
      ['2026-05-01T00:00:00.000Z', 'aligner', 120.5],
      ['2026-05-02T00:00:00.000Z', 'aligner', null],
    ]);
  });
});
