import fc from 'fast-check';
import { addressDisplay, formatUtcOffset, localTimeFromOffset } from './geo';

describe('localTimeFromOffset', () => {
  const now = new Date('2025-03-03T12:04:05.000Z');

  it('when the offset is 5.5 hours east, then the local time is 17:34:05 on the same Monday', () => {
    // console-core §2: local time shown as weekday, month, day, year plus HH:mm:ss computed from the offset
    expect(localTimeFromOffset(19_800, now)).toBe('Monday, March 3, 2025 17:34:05');
  });

  it('when the offset crosses midnight westward, then the day changes', () => {
    // console-core §2: local time computed from the offset
    expect(localTimeFromOffset(-13 * 3600, now)).toBe('Sunday, March 2, 2025 23:04:05');
  });

  it('when the offset is 0, then it is UTC', () => {
    // console-core §2: local time computed from the offset
    expect(localTimeFromOffset(0, now)).toBe('Monday, March 3, 2025 12:04:05');
  });

  it('when the offset is missing, then nothing is shown', () => {
    // console-core §2: geolocation may be absent (decision: '' instead of a wrong time)
    expect(localTimeFromOffset(Number.NaN, now)).toBe('');
    expect(localTimeFromOffset(undefined as unknown as number, now)).toBe('');
  });

  it('when any offset and instant are formatted, then the text has the weekday, month, day, year and HH:mm:ss shape', () => {
    // console-core §2: weekday, month, day, year plus HH:mm:ss
    fc.assert(
      fc.property(
        fc.integer({ min: -12 * 3600, max: 14 * 3600 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (offset, instant) => {
          expect(localTimeFromOffset(offset, instant)).toMatch(
            /^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4} \d{2}:\d{2}:\d{2}$/,
          );
        },
      ),
    );
  });
});

describe('formatUtcOffset', () => {
  it('when the offset is given in seconds, then it reads UTC±HH:MM', () => {
    // console-core §2: geolocation time zone offset
    expect(formatUtcOffset(19_800)).toBe('UTC+05:30');
    expect(formatUtcOffset(-10_800)).toBe('UTC-03:00');
    expect(formatUtcOffset(0)).toBe('UTC+00:00');
    expect(formatUtcOffset(-12_600)).toBe('UTC-03:30');
    expect(formatUtcOffset(Number.NaN)).toBe('');
  });
});

describe('addressDisplay', () => {
  it('when the address is IPv4-mapped and comma-separated, then the first part without ::ffff: is shown', () => {
    // console-core §3: address (comma-separated; display drops the first 7 characters of the first part)
    expect(addressDisplay('::ffff:10.0.0.7,10.0.0.1')).toBe('10.0.0.7');
    expect(addressDisplay('::FFFF:192.168.1.20')).toBe('192.168.1.20');
  });

  it('when the first part has no ::ffff: prefix, then it is shown whole', () => {
    // console-core §3: drops the first 7 characters (decision: only the '::ffff:' prefix, the intent)
    expect(addressDisplay('10.0.0.7, 10.0.0.1')).toBe('10.0.0.7');
  });

  it('when there is no address, then nothing is shown', () => {
    // console-core §2: address reads disconnected when not connected (the console decides); no address -> ''
    expect(addressDisplay(null)).toBe('');
    expect(addressDisplay('')).toBe('');
  });
});
