/**
 * Build month and year letters: the 4th and 5th characters of a serial number (console-core §4).
 */

/** Build month letters: A–H and J–M are January to December; I is skipped (console-core §4). */
export const BUILD_MONTH_LETTERS = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 9,
  K: 10,
  L: 11,
  M: 12,
} as const;

/**
 * Build year letters: J=2015 through Z=2030, then A=2031 through H=2038; I and O are skipped
 * (console-core §4).
 */
export const BUILD_YEAR_LETTERS = {
  J: 2015,
  K: 2016,
  L: 2017,
  M: 2018,
  N: 2019,
  P: 2020,
  Q: 2021,
  R: 2022,
  S: 2023,
  T: 2024,
  U: 2025,
  V: 2026,
  W: 2027,
  X: 2028,
  Y: 2029,
  Z: 2030,
  A: 2031,
  B: 2032,
  C: 2033,
  D: 2034,
  E: 2035,
  F: 2036,
  G: 2037,
  H: 2038,
} as const;

/** A build month letter. */
export type BuildMonthLetter = keyof typeof BUILD_MONTH_LETTERS;
/** A build year letter. */
export type BuildYearLetter = keyof typeof BUILD_YEAR_LETTERS;

/** The first year a year letter encodes (J). */
export const FIRST_BUILD_YEAR = BUILD_YEAR_LETTERS.J;
/** The last year a year letter encodes (H). */
export const LAST_BUILD_YEAR = BUILD_YEAR_LETTERS.H;

/** English month names, January first; the build date reads e.g. 'March 2021' (console-core §2). */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_LETTER_BY_NUMBER = new Map<number, BuildMonthLetter>(
  Object.entries(BUILD_MONTH_LETTERS).map(([letter, month]) => [month, letter as BuildMonthLetter]),
);
const YEAR_LETTER_BY_NUMBER = new Map<number, BuildYearLetter>(
  Object.entries(BUILD_YEAR_LETTERS).map(([letter, year]) => [year, letter as BuildYearLetter]),
);

function lookup<T extends Record<string, number>>(table: T, letter: string): number | null {
  if (typeof letter !== 'string' || letter.length !== 1) return null;
  const key = letter.toUpperCase();
  return Object.hasOwn(table, key) ? (table[key] ?? null) : null;
}

/** The build month (1–12) of a month letter, or null when the letter is not one (console-core §4). Case-insensitive. */
export function buildMonthOf(letter: string): number | null {
  return lookup(BUILD_MONTH_LETTERS, letter);
}

/** The build year (2015–2038) of a year letter, or null when the letter is not one (console-core §4). Case-insensitive. */
export function buildYearOf(letter: string): number | null {
  return lookup(BUILD_YEAR_LETTERS, letter);
}

/** The letter that encodes a build month 1–12, or null for any other number (inverse of {@link buildMonthOf}). */
export function monthLetterOf(month: number): BuildMonthLetter | null {
  return MONTH_LETTER_BY_NUMBER.get(month) ?? null;
}

/** The letter that encodes a build year 2015–2038, or null for any other number (inverse of {@link buildYearOf}). */
export function yearLetterOf(year: number): BuildYearLetter | null {
  return YEAR_LETTER_BY_NUMBER.get(year) ?? null;
}
