/** Time arithmetic of the seed. Every date of the world is derived from the `now` it is given. */

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const YEAR_MS = 365 * DAY_MS;

/** `now` moved by `ms` (negative for the past). */
export function shift(now: Date, ms: number): Date {
  return new Date(now.getTime() + Math.round(ms));
}

/** The later of two dates. */
export function latest(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** The earlier of two dates. */
export function earliest(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

/** The UTC calendar day, `YYYY-MM-DD`. */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC hour, `YYYY-MM-DDTHH`. */
export function isoHour(date: Date): string {
  return date.toISOString().slice(0, 13);
}

/** Midnight UTC of the day `date` falls in. */
export function startOfUtcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** The first instant of the UTC hour `date` falls in. */
export function startOfUtcHour(date: Date): Date {
  return new Date(Math.floor(date.getTime() / HOUR_MS) * HOUR_MS);
}

/** `{ month (1-12), year }` of a date in UTC, plus `months` months. */
export function monthOf(date: Date, months = 0): { month: number; year: number } {
  const index = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  return { month: (index % 12) + 1, year: Math.floor(index / 12) };
}
