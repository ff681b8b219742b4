import { hasVoltageOutOfRange, isVoltageInRange, nextLogLevel } from './unit-rules';

describe('unit rules', () => {
  // console-core §4: "Log level: WARN raises to INFO; otherwise lowers to WARN."
  it.each([
    ['WARN', 'INFO'],
    ['INFO', 'WARN'],
    ['DEBUG', 'WARN'],
    [null, 'WARN'],
  ])('when the level is %s, then the button switches it to %s', (current, next) => {
    expect(nextLogLevel(current)).toBe(next);
  });

  // console-core §3: "Actual within range is green, otherwise red."
  it('when a reading is within Min and Max (ends included), then it is in range', () => {
    expect(isVoltageInRange({ Actual: 3.3, Min: 3.2, Max: 3.4 })).toBe(true);
    expect(isVoltageInRange({ Actual: 3.2, Min: 3.2, Max: 3.4 })).toBe(true);
    expect(isVoltageInRange({ Actual: 3.41, Min: 3.2, Max: 3.4 })).toBe(false);
    expect(isVoltageInRange({ Actual: 0, Min: 3.2, Max: 3.4 })).toBe(false);
  });

  it('when one reading of one board is out of its range, then the report has voltage trouble', () => {
    const board = (actual: number) => ({
      Parameters: [
        { Actual: 3.3, Min: 3.2, Max: 3.4 },
        { Actual: actual, Min: 4.9, Max: 5.1 },
      ],
    });
    expect(hasVoltageOutOfRange({ boards: [board(5), board(5)] })).toBe(false);
    expect(hasVoltageOutOfRange({ boards: [board(5), board(5.2)] })).toBe(true);
    expect(hasVoltageOutOfRange({ boards: [] })).toBe(false);
  });
});
