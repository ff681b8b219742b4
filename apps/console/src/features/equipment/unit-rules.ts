import { decodeSerial, formatBuildDate, NOT_DECODABLE } from '@equipment-dashboard/domain';

/**
 * What the detail dialog shows beside the serial (console-core §2, §8): the decoded model with its build
 * month and year, or '...' when the serial is not decodable (an unknown prefix or a wrong length).
 */
export function decodedSerialText(serial: string): { model: string; buildDate: string } | null {
  const decoded = decodeSerial(serial);
  if (!decoded.valid) return null;
  return { model: decoded.model, buildDate: formatBuildDate(decoded) };
}

/** The '...' of a serial that cannot be decoded. */
export const NOT_DECODABLE_TEXT = NOT_DECODABLE;
