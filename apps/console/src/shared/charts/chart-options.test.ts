import { formatCount, wholeTicksOnly } from './chart-options';

describe('chart options', () => {
  it('writes counts with thousands separators, as the counters do', () => {
    expect(formatCount(22236)).toBe('22,236');
    expect(formatCount(60000)).toBe('60,000');
    expect(formatCount(7)).toBe('7');
  });

  it('keeps only whole ticks on an axis of samples', () => {
    expect([1, 1.5, 2, 2.5, 3].filter(wholeTicksOnly)).toEqual([1, 2, 3]);
    expect([0, 10, 20].filter(wholeTicksOnly)).toEqual([0, 10, 20]);
  });
});
