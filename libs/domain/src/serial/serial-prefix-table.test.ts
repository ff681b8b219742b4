import { FAMILIES, HOST_TYPES, SERIAL_FAMILIES } from '../constants/constants';
import schema from './serial-prefixes.schema.json';
import sample from './serial-prefixes.sample.json';
import { SAMPLE_SERIAL_PREFIXES, SERIAL_PREFIX_PATTERN, parseSerialPrefixTable } from './serial-prefix-table';

const good = {
  prefix: 'AB1',
  model: 'M',
  brand: 'B',
  family: 'V1200',
  hostType: 'wired',
  equipmentFamily: 'aligner',
};

function problemsOf(data: unknown): string {
  try {
    parseSerialPrefixTable(data);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the table to be refused');
}

describe('the sample table', () => {
  it('when the sample file is parsed, then it passes and holds 42 prefixes', () => {
    // console-core §1: About 42 prefixes are known
    expect(parseSerialPrefixTable(sample)).toHaveLength(42);
    expect(SAMPLE_SERIAL_PREFIXES).toHaveLength(42);
  });

  it('when the sample is read, then it says it is invented and points at its schema', () => {
    // console-core §1: The individual prefixes and their values: not shown
    expect(sample.$schema).toBe('./serial-prefixes.schema.json');
    expect(sample.note).toMatch(/invented sample data/i);
  });

  it('when the sample is read, then it covers two brands, every family, host type and equipment family', () => {
    // console-core §1: brand (one of two brands), family (V1200, V2000, V3300 or GTPS), host type (wired, wireless or N/A)
    const set = <K extends keyof (typeof SAMPLE_SERIAL_PREFIXES)[number]>(key: K) =>
      new Set(SAMPLE_SERIAL_PREFIXES.map((entry) => entry[key]));
    expect(set('brand').size).toBe(2);
    expect([...set('family')].sort()).toEqual([...SERIAL_FAMILIES].sort());
    expect([...set('hostType')].sort()).toEqual([...HOST_TYPES].sort());
    expect([...set('equipmentFamily')].sort()).toEqual([...FAMILIES].sort());
  });

  it('when the sample is read, then GTPS prefixes are gtps and oasis prefixes are V3300', () => {
    // console-core §1: equipment comes in three families; gtps is the Tru-Point product
    for (const entry of SAMPLE_SERIAL_PREFIXES) {
      expect(entry.family === 'GTPS').toBe(entry.equipmentFamily === 'gtps');
      if (entry.equipmentFamily === 'aligner-oasis') expect(entry.family).toBe('V3300');
    }
  });
});

describe('the JSON schema', () => {
  it('when the schema is read, then its enumerations and pattern match the code', () => {
    // console-core §1: family, host type; the schema and parseSerialPrefixTable say the same thing
    const entry = schema.$defs.entry.properties;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(entry.family.enum).toEqual([...SERIAL_FAMILIES]);
    expect(entry.hostType.enum).toEqual([...HOST_TYPES]);
    expect(entry.equipmentFamily.enum).toEqual([...FAMILIES]);
    expect(entry.prefix.pattern).toBe(SERIAL_PREFIX_PATTERN.source);
    expect(schema.$defs.entry.required).toEqual([
      'prefix',
      'model',
      'brand',
      'family',
      'hostType',
      'equipmentFamily',
    ]);
  });
});

describe('parseSerialPrefixTable', () => {
  it('when the data is not an object, then it names the root', () => {
    // console-core §1: a table maps model codes (loaded from SERIAL_PREFIXES_FILE)
    expect(problemsOf([])).toContain('(root): must be an object');
    expect(problemsOf(null)).toContain('(root): must be an object');
  });

  it('when prefixes is missing, not an array or empty, then it says so', () => {
    // console-core §1: a table maps model codes
    expect(problemsOf({})).toContain('prefixes: is required');
    expect(problemsOf({ prefixes: {} })).toContain('prefixes: must be an array');
    expect(problemsOf({ prefixes: [] })).toContain('prefixes: must hold at least one entry');
  });

  it('when an entry has a bad family, then the message names its path and the allowed values', () => {
    // console-core §1: family (V1200, V2000, V3300 or GTPS)
    const data = {
      prefixes: [
        good,
        { ...good, prefix: 'AB2' },
        { ...good, prefix: 'AB3' },
        { ...good, prefix: 'AB4', family: 'V9' },
      ],
    };
    expect(problemsOf(data)).toContain('prefixes[3].family: must be one of V1200, V2000, V3300, GTPS');
  });

  it('when several entries are wrong, then every problem is listed', () => {
    // console-core §1: prefix is 3 characters; host type (wired, wireless or N/A)
    const message = problemsOf({
      prefixes: [
        { ...good, prefix: 'ab1', hostType: 'cable' },
        { ...good, prefix: 'AB2', extra: 1, equipmentFamily: 'truck' },
        { prefix: 'AB3' },
        'nope',
      ],
      other: true,
    });
    expect(message).toContain('prefixes[0].prefix: must be 3 upper-case letters or digits');
    expect(message).toContain('prefixes[0].hostType: must be one of wired, wireless, N/A');
    expect(message).toContain('prefixes[1].extra: is not allowed');
    expect(message).toContain('prefixes[1].equipmentFamily: must be one of aligner, gtps, aligner-oasis');
    expect(message).toContain('prefixes[2].model: is required');
    expect(message).toContain('prefixes[2].family: is required');
    expect(message).toContain('prefixes[3]: must be an object');
    expect(message).toContain('other: is not allowed');
  });

  it('when a prefix appears twice, then the duplicate is named', () => {
    // console-core §1: a table maps each model code to one entry
    expect(problemsOf({ prefixes: [good, { ...good, model: 'Other' }] })).toContain(
      'prefixes[1].prefix: duplicates prefixes[0].prefix (AB1)',
    );
  });

  it('when model or brand is empty, then it says they must be non-empty', () => {
    // console-core §1: marketing name and brand
    const message = problemsOf({ prefixes: [{ ...good, model: '', brand: 3 }] });
    expect(message).toContain('prefixes[0].model: must be a non-empty string');
    expect(message).toContain('prefixes[0].brand: must be a non-empty string');
  });

  it('when the table is good, then it returns frozen copies without extra keys', () => {
    // console-core §1: a table maps model codes
    const parsed = parseSerialPrefixTable({ $schema: 'x', note: 'n', prefixes: [good] });
    expect(parsed).toEqual([good]);
    expect(Object.isFrozen(parsed)).toBe(true);
    expect(Object.isFrozen(parsed[0])).toBe(true);
  });
});
