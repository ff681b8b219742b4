/**
 * Serial number decoding (console-core §1, §4, §5): prefix (model code), build month letter, build
 * year letter, sequence.
 */
import {
  NOT_DECODABLE,
  SERIAL_LENGTHS,
  SERIAL_PREFIX_LENGTH,
  UNKNOWN,
  type Family,
} from '../constants/constants';
import { MONTH_NAMES, buildMonthOf, buildYearOf, monthLetterOf, yearLetterOf } from './build-date';
import {
  SAMPLE_SERIAL_PREFIXES,
  type HostType,
  type SerialFamily,
  type SerialPrefixEntry,
  type SerialPrefixTable,
} from './serial-prefix-table';

export * from './build-date';
export * from './serial-prefix-table';

/** What a serial number decodes to. */
export interface DecodedSerial {
  /**
   * True when the serial is decodable: trimmed and upper-cased it is 8 or 9 characters long and its
   * 3-character prefix is in the table (console-core §1, §5). Exactly the spec's rule: a month or year
   * letter that is not a valid letter does not make the serial invalid; it only leaves `month` or
   * `year` null, so the model is still shown and the build date reads '...'.
   */
  valid: boolean;
  /** The serial as decoded: trimmed and upper-cased ('' for a non-string). */
  serial: string;
  /** The first 3 characters (may be shorter for a short input). */
  prefix: string;
  /** Marketing name, or 'unknown'. */
  model: string;
  /** Brand, or 'unknown'. */
  brand: string;
  /** Serial family, or 'unknown'. */
  family: SerialFamily | 'unknown';
  /** Host type, or 'unknown'. */
  hostType: HostType | 'unknown';
  /** Equipment family, or 'unknown'. */
  equipmentFamily: Family | 'unknown';
  /** Build month 1–12, or null when not valid or the letter is not a month letter. */
  month: number | null;
  /** Build year, or null when not valid or the letter is not a year letter. */
  year: number | null;
  /** The characters from index 5 on (the sequence number); '' when shorter. */
  sequence: string;
}

/** A decoder bound to one prefix table. */
export type SerialDecoder = (serial: string) => DecodedSerial;

/** A serial as the console sends it: trimmed and upper-cased (console-core §5). Non-strings give ''. */
export function normalizeSerial(serial: unknown): string {
  return typeof serial === 'string' ? serial.trim().toUpperCase() : '';
}

function decodeWith(byPrefix: ReadonlyMap<string, SerialPrefixEntry>, input: unknown): DecodedSerial {
  const serial = normalizeSerial(input);
  const prefix = serial.slice(0, SERIAL_PREFIX_LENGTH);
  const sequence = serial.slice(SERIAL_PREFIX_LENGTH + 2);
  const entry = byPrefix.get(prefix);
  const lengthOk = (SERIAL_LENGTHS as readonly number[]).includes(serial.length);
  if (entry === undefined || !lengthOk) {
    return {
      valid: false,
      serial,
      prefix,
      model: UNKNOWN,
      brand: UNKNOWN,
      family: UNKNOWN,
      hostType: UNKNOWN,
      equipmentFamily: UNKNOWN,
      month: null,
      year: null,
      sequence,
    };
  }
  return {
    valid: true,
    serial,
    prefix,
    model: entry.model,
    brand: entry.brand,
    family: entry.family,
    hostType: entry.hostType,
    equipmentFamily: entry.equipmentFamily,
    month: buildMonthOf(serial.charAt(SERIAL_PREFIX_LENGTH)),
    year: buildYearOf(serial.charAt(SERIAL_PREFIX_LENGTH + 1)),
    sequence,
  };
}

/**
 * Builds a decoder for one prefix table; the lookup map is built once. Never throws, whatever it is
 * given (non-strings from plain JavaScript decode as an empty, invalid serial).
 */
export function createSerialDecoder(table: SerialPrefixTable): SerialDecoder {
  const byPrefix = new Map<string, SerialPrefixEntry>();
  for (const entry of table) byPrefix.set(entry.prefix, entry);
  return (serial: string) => decodeWith(byPrefix, serial);
}

const decoders = new WeakMap<SerialPrefixTable, SerialDecoder>();

/**
 * Decodes a serial number with a prefix table (default: {@link SAMPLE_SERIAL_PREFIXES})
 * (console-core §1, §5). A decoder per table is cached, so repeated calls are cheap. Never throws.
 */
export function decodeSerial(
  serial: string,
  table: SerialPrefixTable = SAMPLE_SERIAL_PREFIXES,
): DecodedSerial {
  let decoder = decoders.get(table);
  if (decoder === undefined) {
    decoder = createSerialDecoder(table);
    decoders.set(table, decoder);
  }
  return decoder(serial);
}

/**
 * The build date of a decoded serial, e.g. 'March 2021', or '...' when the month or year cannot be
 * decoded (console-core §2 detail dialog, §8).
 */
export function formatBuildDate(decoded: Pick<DecodedSerial, 'month' | 'year'>): string {
  const { month, year } = decoded;
  if (month === null || year === null) return NOT_DECODABLE;
  const name = MONTH_NAMES[month - 1];
  return name === undefined ? NOT_DECODABLE : `${name} ${year}`;
}

/**
 * Builds a serial number from its parts, for the fleet simulator: prefix + month letter + year
 * letter + sequence. Throws a RangeError when the month or year has no letter, or the result is not
 * 8 or 9 characters long.
 */
export function composeSerial(parts: {
  prefix: string;
  month: number;
  year: number;
  sequence: string;
}): string {
  const monthLetter = monthLetterOf(parts.month);
  const yearLetter = yearLetterOf(parts.year);
  if (monthLetter === null) throw new RangeError(`No build month letter for month ${parts.month}.`);
  if (yearLetter === null) throw new RangeError(`No build year letter for year ${parts.year}.`);
  const serial = `${parts.prefix}${monthLetter}${yearLetter}${parts.sequence}`.toUpperCase();
  if (!(SERIAL_LENGTHS as readonly number[]).includes(serial.length)) {
    throw new RangeError(`A serial number is 8 or 9 characters long; ${serial} is ${serial.length}.`);
  }
  return serial;
}
