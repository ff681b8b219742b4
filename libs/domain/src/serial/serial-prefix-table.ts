/**
 * The serial prefix table (console-core §1): model code -> marketing name, brand, serial family,
 * host type and equipment family. The real table is not in the spec; a sample ships with the package
 * and a real one is loaded with {@link parseSerialPrefixTable}.
 */
import { FAMILIES, HOST_TYPES, SERIAL_FAMILIES, type Family } from '../constants/constants';
import sample from './serial-prefixes.sample.json';

/** Serial family of a prefix (console-core §1). */
export type SerialFamily = (typeof SERIAL_FAMILIES)[number];
/** Host type of a prefix (console-core §1). */
export type HostType = (typeof HOST_TYPES)[number];
/** A brand name; there are two (console-core §1), their names come with the table. */
export type Brand = string;

/** One row of the prefix table. */
export interface SerialPrefixEntry {
  /** The model code: the first 3 characters of a serial, upper-case letters and digits. */
  prefix: string;
  /** Marketing name. */
  model: string;
  /** Brand. */
  brand: Brand;
  /** Serial family. */
  family: SerialFamily;
  /** Host type. */
  hostType: HostType;
  /** The product family units with this prefix belong to (GTPS -> gtps; some V3300 -> aligner-oasis). */
  equipmentFamily: Family;
}

/** The whole prefix table. */
export type SerialPrefixTable = readonly SerialPrefixEntry[];

/** The pattern of a prefix, as the JSON schema states it. */
export const SERIAL_PREFIX_PATTERN = /^[A-Z0-9]{3}$/;

const TOP_LEVEL_KEYS = ['$schema', 'note', 'prefixes'] as const;
const ENTRY_KEYS = ['prefix', 'model', 'brand', 'family', 'hostType', 'equipmentFamily'] as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkEnum(problems: string[], path: string, value: unknown, allowed: readonly string[]): void {
  if (typeof value !== 'string' || !allowed.includes(value)) {
    problems.push(`${path}: must be one of ${allowed.join(', ')}`);
  }
}

function checkEntry(problems: string[], path: string, entry: unknown): void {
  if (!isPlainObject(entry)) {
    problems.push(`${path}: must be an object`);
    return;
  }
  for (const key of ENTRY_KEYS) {
    if (!Object.hasOwn(entry, key)) problems.push(`${path}.${key}: is required`);
  }
  for (const key of Object.keys(entry)) {
    if (!(ENTRY_KEYS as readonly string[]).includes(key)) problems.push(`${path}.${key}: is not allowed`);
  }
  if (Object.hasOwn(entry, 'prefix')) {
    const prefix = entry['prefix'];
    if (typeof prefix !== 'string' || !SERIAL_PREFIX_PATTERN.test(prefix)) {
      problems.push(`${path}.prefix: must be 3 upper-case letters or digits`);
    }
  }
  for (const key of ['model', 'brand'] as const) {
    if (!Object.hasOwn(entry, key)) continue;
    const value = entry[key];
    if (typeof value !== 'string' || value.length === 0)
      problems.push(`${path}.${key}: must be a non-empty string`);
  }
  if (Object.hasOwn(entry, 'family')) checkEnum(problems, `${path}.family`, entry['family'], SERIAL_FAMILIES);
  if (Object.hasOwn(entry, 'hostType'))
    checkEnum(problems, `${path}.hostType`, entry['hostType'], HOST_TYPES);
  if (Object.hasOwn(entry, 'equipmentFamily')) {
    checkEnum(problems, `${path}.equipmentFamily`, entry['equipmentFamily'], FAMILIES);
  }
}

/**
 * Checks a parsed JSON document against `serial-prefixes.schema.json` and returns its prefixes.
 * Throws one `Error` whose message lists every problem with its JSON path, e.g.
 * `prefixes[3].family: must be one of V1200, V2000, V3300, GTPS`. Beyond the schema it checks that
 * every prefix appears once. The server loads `SERIAL_PREFIXES_FILE` with it.
 */
export function parseSerialPrefixTable(data: unknown): SerialPrefixTable {
  const problems: string[] = [];
  if (!isPlainObject(data)) {
    throw new Error('Invalid serial prefix table:\n- (root): must be an object with a "prefixes" array');
  }
  for (const key of Object.keys(data)) {
    if (!(TOP_LEVEL_KEYS as readonly string[]).includes(key)) problems.push(`${key}: is not allowed`);
  }
  for (const key of ['$schema', 'note'] as const) {
    if (Object.hasOwn(data, key) && typeof data[key] !== 'string') problems.push(`${key}: must be a string`);
  }
  const prefixes = data['prefixes'];
  if (!Object.hasOwn(data, 'prefixes')) {
    problems.push('prefixes: is required');
  } else if (!Array.isArray(prefixes)) {
    problems.push('prefixes: must be an array');
  } else {
    if (prefixes.length === 0) problems.push('prefixes: must hold at least one entry');
    const firstIndexOf = new Map<string, number>();
    prefixes.forEach((entry: unknown, index) => {
      const path = `prefixes[${index}]`;
      checkEntry(problems, path, entry);
      if (isPlainObject(entry) && typeof entry['prefix'] === 'string') {
        const first = firstIndexOf.get(entry['prefix']);
        if (first === undefined) firstIndexOf.set(entry['prefix'], index);
        else problems.push(`${path}.prefix: duplicates prefixes[${first}].prefix (${entry['prefix']})`);
      }
    });
  }
  if (problems.length > 0) {
    throw new Error(`Invalid serial prefix table:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  }
  const entries = (prefixes as Record<string, unknown>[]).map((entry) =>
    Object.freeze({
      prefix: entry['prefix'],
      model: entry['model'],
      brand: entry['brand'],
      family: entry['family'],
      hostType: entry['hostType'],
      equipmentFamily: entry['equipmentFamily'],
    } as SerialPrefixEntry),
  );
  return Object.freeze(entries);
}

/**
 * The invented sample table of 42 prefixes (two made-up brands, every serial family, host type and
 * equipment family). It is not the real table, which the spec does not give (console-core §1).
 */
export const SAMPLE_SERIAL_PREFIXES: SerialPrefixTable = parseSerialPrefixTable(sample);
