import { activityPoints, deltaPoints, keyLabel } from './chart-data';

describe('update scheduler chart data', () => {
  it('when a key is an hour, then it reads as a day and an hour; a day stays as it is', () => {
    expect(keyLabel('2026-03-03T09')).toBe('2026-03-03 09:00');
    expect(keyLabel('2026-03-03')).toBe('2026-03-03');
  });

  it('when a series is empty or has one point, then it has no deltas', () => {
    const stats = { deliveries: { a: 1 }, alignersAtCurrentVersion: {}, autoStaged: {}, connectedCount: {} };
    expect(deltaPoints(stats, 'aligner')).toEqual([]);
    expect(activityPoints(stats, 'aligner')).toEqual([{ key: 'a', series: 'Deliveries', value: 1 }]);
  });

  it('when Tru-Point statistics lack truPointsAtCurrentVersion, then the units-at-current series is used', () => {
    const stats = { deliveries: {}, alignersAtCurrentVersion: { d: 3 }, autoStaged: {}, connectedCount: {} };
    expect(activityPoints(stats, 'gtps')).toEqual([
      { key: 'd', series: 'Tru-Points at current version', value: 3 },
    ]);
  });
});
