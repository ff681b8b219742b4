import { readFileSync } from 'node:fs';
import {
  parseSerialPrefixTable,
  SAMPLE_SERIAL_PREFIXES,
  type SerialPrefixTable,
} from '@equipment-dashboard/domain';
import { ConfigError } from './config';

/** The prefix table: SERIAL_PREFIXES_FILE validated against the schema of libs/domain, or the sample. */
export function loadSerialPrefixes(file: string | undefined): SerialPrefixTable {
  if (!file) return SAMPLE_SERIAL_PREFIXES;
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError([
      `SERIAL_PREFIXES_FILE: cannot read ${file} as JSON (${(error as Error).message})`,
    ]);
  }
  try {
    return parseSerialPrefixTable(data);
  } catch (error) {
    throw new ConfigError([`SERIAL_PREFIXES_FILE (${file}): ${(error as Error).message}`]);
  }
}
