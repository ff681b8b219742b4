import fc from 'fast-check';
import {
  BUILD_MONTH_LETTERS,
  BUILD_YEAR_LETTERS,
  MONTH_NAMES,
  SAMPLE_SERIAL_PREFIXES,
  buildMonthOf,
  buildYearOf,
  composeSerial,
  createSerialDecoder,
  decodeSerial,
  formatBuildDate,
  monthLetterOf,
  yearLetterOf,
  type SerialPrefixTable,
} from './serial';

const ab1 = {
  prefix: 'AB1',
  model: 'Model One',
  brand: 'Brand A',
  family: 'V3300',
  hostType: 'wired',
  equipmentFamily: 'aligner',
} as const;

const table: SerialPrefixTable = [
  ab1,
  {
    prefix: 'GT9',
    model: 'Point',
    brand: 'Brand B',
    family: 'GTPS',
    hostType: 'N/A',
    equipmentFamily: 'gtps',
  },
];

/** Every value from `min` to `max` has a letter, and that letter decodes back to the value. */
function expectLettersRoundTrip(
  min: number,
  max: number,
  letterOf: (value: number) => string | null,
  valueOf: (letter: string) => number | null,
): void {
  fc.assert(
    fc.property(fc.integer({ min, max }), (value) => {
      const letter = letterOf(value);
      expect(letter).not.toBeNull();
      expect(valueOf(letter ?? '')).toBe(value);
    }),
  );
}

describe('build month letters', () => {
  it('when the letter is A–H or J–M, then it maps to January to December', () => {
    // console-core §4: Build month letters: A–H and J–M map to Jan–Dec (I skipped)
    expect([...'ABCDEFGHJKLM'].map(buildMonthOf)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('when the letter is I or beyond M, then there is no month', () => {
    // console-core §4: I skipped; only twelve letters
    expect(buildMonthOf('I')).toBeNull();
    expect(buildMonthOf('N')).toBeNull();
    expect(buildMonthOf('')).toBeNull();
    expect(buildMonthOf('AB')).toBeNull();
    expect(buildMonthOf('1')).toBeNull();
  });

  it('when a month is turned into a letter and back, then it is the same month', () => {
    // console-core §4: month letters map one to one onto Jan–Dec
    expectLettersRoundTrip(1, 12, monthLetterOf, buildMonthOf);
  });

  it('when any single character is decoded and re-encoded, then it round-trips or is null', () => {
    // console-core §4: month letters map one to one onto Jan–Dec
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 1 }), (letter) => {
        const month = buildMonthOf(letter);
        if (month !== null) expect(monthLetterOf(month)).toBe(letter.toUpperCase());
      }),
    );
    expect(Object.keys(BUILD_MONTH_LETTERS)).toHaveLength(12);
  });

  it('when the month is out of range, then there is no letter', () => {
    // console-core §4: months are 1 to 12
    expect(monthLetterOf(0)).toBeNull();
    expect(monthLetterOf(13)).toBeNull();
    expect(monthLetterOf(1.5)).toBeNull();
  });
});

describe('build year letters', () => {
  it('when the letter is J to Z (without O), then it maps to 2015 to 2030', () => {
    // console-core §4: Build year letters: J=2015 through Z=2030, skipping O
    expect([...'JKLMNPQRSTUVWXYZ'].map(buildYearOf)).toEqual([
      2015, 2016, 2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024, 2025, 2026, 2027, 2028, 2029, 2030,
    ]);
  });

  it('when the letter is A to H, then it maps to 2031 to 2038', () => {
    // console-core §4: then A=2031, skipping O and I
    expect([...'ABCDEFGH'].map(buildYearOf)).toEqual([2031, 2032, 2033, 2034, 2035, 2036, 2037, 2038]);
  });

  it('when the letter is O or I, then there is no year', () => {
    // console-core §4: skipping O and I
    expect(buildYearOf('O')).toBeNull();
    expect(buildYearOf('I')).toBeNull();
    expect(buildYearOf('0')).toBeNull();
  });

  it('when a year is turned into a letter and back, then it is the same year', () => {
    // console-core §4: year letters map one to one onto 2015–2038
    expectLettersRoundTrip(2015, 2038, yearLetterOf, buildYearOf);
    expect(Object.keys(BUILD_YEAR_LETTERS)).toHaveLength(24);
    expect(yearLetterOf(2014)).toBeNull();
    expect(yearLetterOf(2039)).toBeNull();
  });
});

describe('decodeSerial', () => {
  it('when the serial has 8 characters and a known prefix, then it decodes', () => {
    // console-core §5: Serial decode validity: length 8 or 9 and known 3-character prefix
    // The decoded serial carries every field of its prefix row.
    expect(decodeSerial('AB1CQ123', table)).toEqual({
      valid: true,
      serial: 'AB1CQ123',
      ...ab1,
      month: 3,
      year: 2021,
      sequence: '123',
    });
  });

  it('when the serial has 9 characters, lower case and spaces, then it is trimmed, upper-cased and decoded', () => {
    // console-core §5: the serial is upper-cased; validity: length 8 or 9
    const decoded = decodeSerial('  gt9mz1234 ', table);
    expect(decoded).toMatchObject({
      valid: true,
      serial: 'GT9MZ1234',
      model: 'Point',
      month: 12,
      year: 2030,
    });
    expect(decoded.sequence).toBe('1234');
  });

  it('when the length is 7 or 10, then it is not decodable and reads unknown', () => {
    // console-core §5: decodable only if 8 or 9 characters long
    for (const serial of ['AB1CQ12', 'AB1CQ12345']) {
      expect(decodeSerial(serial, table)).toMatchObject({
        valid: false,
        model: 'unknown',
        brand: 'unknown',
        family: 'unknown',
        hostType: 'unknown',
        equipmentFamily: 'unknown',
        month: null,
        year: null,
      });
    }
  });

  it('when the prefix is unknown, then every decoded value is unknown', () => {
    // console-core §1: An unknown prefix decodes to unknown values
    const decoded = decodeSerial('ZZZCQ1234', table);
    expect(decoded).toMatchObject({ valid: false, prefix: 'ZZZ', model: 'unknown', month: null, year: null });
    expect(decoded.sequence).toBe('1234');
  });

  it('when the month or year letter is not a valid letter, then the serial stays valid with a null date part', () => {
    // console-core §5: validity is length and prefix only (decision: bad letters only null the date)
    const decoded = decodeSerial('AB1IO123', table);
    expect(decoded).toMatchObject({ valid: true, model: 'Model One', month: null, year: null });
    expect(formatBuildDate(decoded)).toBe('...');
  });

  it('when no table is given, then the sample table is used', () => {
    // console-core §1: a table maps model codes; the sample stands in for the real one
    const first = SAMPLE_SERIAL_PREFIXES[0];
    if (first === undefined) throw new Error('sample table is empty');
    expect(decodeSerial(`${first.prefix}AP123`)).toMatchObject({ valid: true, model: first.model });
  });

  it('when any string is decoded, then it never throws and obeys the validity rule', () => {
    // console-core §5: Serial decode validity: length 8 or 9 and known 3-character prefix
    const prefixes = new Set(SAMPLE_SERIAL_PREFIXES.map((e) => e.prefix));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 12 }), (input) => {
        const decoded = decodeSerial(input);
        const normal = input.trim().toUpperCase();
        expect(decoded.valid).toBe([8, 9].includes(normal.length) && prefixes.has(normal.slice(0, 3)));
        expect(decoded.sequence).toBe(normal.slice(5));
        if (!decoded.valid) expect(decoded.model).toBe('unknown');
      }),
    );
  });

  it('when serials are built from known prefixes and letters, then they decode back', () => {
    // console-core §1 and §4: prefix, month letter, year letter, sequence
    fc.assert(
      fc.property(
        fc.constantFrom(...SAMPLE_SERIAL_PREFIXES),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 2015, max: 2038 }),
        fc.stringMatching(/^[0-9]{3,4}$/),
        (entry, month, year, sequence) => {
          const decoded = decodeSerial(composeSerial({ prefix: entry.prefix, month, year, sequence }));
          expect(decoded).toMatchObject({ valid: true, model: entry.model, month, year, sequence });
        },
      ),
    );
  });

  it('when a value that is not a string comes from plain JavaScript, then it decodes as invalid', () => {
    // console-core §8: Unknown serial prefix gives 'unknown' values; decode never throws
    fc.assert(
      fc.property(fc.anything(), (value) => {
        expect(decodeSerial(value as string).valid).toBe(
          typeof value === 'string' ? decodeSerial(value).valid : false,
        );
      }),
    );
    expect(decodeSerial(null as unknown as string)).toMatchObject({ valid: false, serial: '', sequence: '' });
  });

  it('when a decoder is created for a table, then it decodes like decodeSerial', () => {
    // console-core §1: one table maps model codes
    const decode = createSerialDecoder(table);
    expect(decode('AB1CQ123')).toEqual(decodeSerial('AB1CQ123', table));
  });
});

describe('formatBuildDate', () => {
  it('when month and year are known, then it reads month name and year', () => {
    // console-core §2: serial number with decoded model, month and year
    expect(formatBuildDate({ month: 3, year: 2021 })).toBe('March 2021');
    expect(MONTH_NAMES).toHaveLength(12);
  });

  it('when the serial cannot be decoded, then it reads ...', () => {
    // console-core §2: '...' when not decodable
    expect(formatBuildDate(decodeSerial('nope'))).toBe('...');
  });
});

describe('composeSerial', () => {
  it('when the month or year has no letter, then it throws a RangeError', () => {
    // console-core §4: only the letter maps exist
    expect(() => composeSerial({ prefix: 'AB1', month: 13, year: 2020, sequence: '123' })).toThrow(
      RangeError,
    );
    expect(() => composeSerial({ prefix: 'AB1', month: 1, year: 2040, sequence: '123' })).toThrow(RangeError);
  });

  it('when the result would not be 8 or 9 characters, then it throws a RangeError', () => {
    // console-core §5: serials are 8 or 9 characters
    expect(() => composeSerial({ prefix: 'AB1', month: 1, year: 2020, sequence: '12' })).toThrow(RangeError);
  });
});
