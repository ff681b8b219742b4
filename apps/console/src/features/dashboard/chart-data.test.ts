import {
  barChartHeight,
  installedVersionPoints,
  issuerPoints,
  stagedVersionEntries,
  trendPoints,
} from './chart-data';

describe('dashboard chart data', () => {
  it('when samples are given, then the trend numbers them from 1, oldest first', () => {
    expect(trendPoints([3, 5, 4])).toEqual([
      { sample: 1, connected: 3 },
      { sample: 2, connected: 5 },
      { sample: 3, connected: 4 },
    ]);
  });

  it('when issuers are given, then the largest come first and issuers with none are left out', () => {
    expect(
      issuerPoints([
        { issuerUsername: 'b', total: 2 },
        { issuerUsername: 'a', total: 2 },
        { issuerUsername: 'c', total: 0 },
        { issuerUsername: 'd', total: 5 },
      ]),
    ).toEqual([
      { label: 'd', value: 5 },
      { label: 'a', value: 2 },
      { label: 'b', value: 2 },
    ]);
  });

  it('when installed versions are charted ascending, then 2.10.0 comes after 2.9.0', () => {
    expect(
      installedVersionPoints(
        [
          { version: '2.10.0', total: 4 },
          { version: '2.9.0', total: 3 },
          { version: '1.0.0', total: 1 },
        ],
        true,
      ),
    ).toEqual([
      { label: '2.9.0', value: 3 },
      { label: '2.10.0', value: 4 },
    ]);
  });

  it('when staged versions are listed, then they are ascending by version', () => {
    expect(stagedVersionEntries({ '5.10.0': 1, '5.9.1': 2 })).toEqual([
      { label: '5.9.1', value: 2 },
      { label: '5.10.0', value: 1 },
    ]);
    expect(stagedVersionEntries(undefined)).toEqual([]);
  });

  it('when there are few or many bars (issuers, versions), then the bar chart height stays between 160 and 480 pixels', () => {
    expect(barChartHeight(1)).toBe(160);
    expect(barChartHeight(10)).toBe(260);
    expect(barChartHeight(100)).toBe(480);
  });
});
