/**
 * Geolocation display (console-core §2, §3): local time at a UTC offset, the offset itself, and the
 * unit's address.
 */
import { MONTH_NAMES } from '../serial/build-date';

/** English weekday names, Sunday first (as `Date#getUTCDay` counts). */
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * The local time at a UTC offset, formatted 'dddd, MMMM D, YYYY HH:mm:ss', e.g. 'Monday, March 3, 2025
 * 17:04:05' (console-core §2: "local time shown as weekday, month, day, year plus HH:mm:ss computed from
 * the offset"). `offsetSeconds` is seconds east of UTC, like ipstack's `time_zone.gmt_offset`; `now` is
 * passed in (no hidden clock). Gives '' when the offset or `now` is not a number.
 */
export function localTimeFromOffset(offsetSeconds: number, now: Date): string {
  if (typeof offsetSeconds !== 'number' || !Number.isFinite(offsetSeconds)) return '';
  const at = now instanceof Date ? now.getTime() : Number.NaN;
  if (Number.isNaN(at)) return '';
  const local = new Date(at + Math.trunc(offsetSeconds) * 1000);
  if (Number.isNaN(local.getTime())) return '';
  const weekday = WEEKDAY_NAMES[local.getUTCDay()] ?? '';
  const month = MONTH_NAMES[local.getUTCMonth()] ?? '';
  const time = `${pad2(local.getUTCHours())}:${pad2(local.getUTCMinutes())}:${pad2(local.getUTCSeconds())}`;
  return `${weekday}, ${month} ${local.getUTCDate()}, ${local.getUTCFullYear()} ${time}`;
}

/**
 * A UTC offset in seconds east of UTC as text: 'UTC+05:30', 'UTC-03:00', 'UTC+00:00'. Seconds beyond
 * whole minutes are dropped. Gives '' when the offset is not a number.
 */
export function formatUtcOffset(offsetSeconds: number): string {
  if (typeof offsetSeconds !== 'number' || !Number.isFinite(offsetSeconds)) return '';
  const sign = offsetSeconds < 0 ? '-' : '+';
  const minutes = Math.floor(Math.abs(offsetSeconds) / 60);
  return `UTC${sign}${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`;
}

/** The IPv4-mapped IPv6 prefix that the old console cut off by dropping 7 characters. */
const IPV4_MAPPED_PREFIX = '::ffff:';

/**
 * The address as displayed (console-core §3: "comma-separated; display drops the first 7 characters of
 * the first part"), e.g. '::ffff:10.0.0.7,10.0.0.1' -> '10.0.0.7'. The 7 characters are the
 * IPv4-mapped prefix '::ffff:'. Decision (the intent, not the flaw): the prefix is dropped only when the
 * first part starts with it (any case), so a plain '10.0.0.7' stays whole instead of becoming '7'.
 * Gives '' for null, undefined or a blank address.
 */
export function addressDisplay(address: string | null | undefined): string {
  if (typeof address !== 'string') return '';
  const first = (address.split(',')[0] ?? '').trim();
  return first.toLowerCase().startsWith(IPV4_MAPPED_PREFIX) ? first.slice(IPV4_MAPPED_PREFIX.length) : first;
}
