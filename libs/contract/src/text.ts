import { z } from 'zod';

/*
 * Every text a request carries is built from safeText: PostgreSQL refuses U+0000 in a text value (the
 * server would answer 500), half a UTF-16 surrogate pair cannot be written as UTF-8 (it would be
 * stored as U+FFFD, silently changed), and an unbounded string costs memory, logs and index space.
 */

/**
 * The longest text of each kind a request may carry, in UTF-16 code units (what `String#length`
 * counts). The spec sets no limit except the message texts (back-office §9, which the message schemas
 * keep); these are ours, far above any real value and far below what would hurt.
 */
export const TEXT_MAX = {
  /** A value typed in one box: serial numbers, usernames, names, codes, versions, filters, patterns. */
  name: 200,
  /** An e-mail address: RFC 5321 allows 254 characters. */
  email: 254,
  /** A password or a reset token: long passphrases pass; hashing a megabyte does not. */
  secret: 1024,
  /** A folder or resource path (update paths, notification resources). */
  path: 1024,
  /** Free text: the ticket stepper's answers, comments, attachment descriptions. */
  prose: 10_000,
  /** A whole scenario given as YAML or JSON text (the simulator's own call; the library's are ~1 KB). */
  document: 50_000,
  /**
   * A scenario file of the library or of a capture: a capture of 10,000 units names each serial, and units in
   * different states take a rule each (280 KB measured; within the API's 1 MB JSON body once escaped).
   */
  scenarioFile: 900_000,
} as const;

/** The refusal of a text holding U+0000. */
export const NUL_MESSAGE = 'must not contain a NUL character';
/** The refusal of a text holding half a surrogate pair. */
export const UNICODE_MESSAGE = 'must be valid Unicode text';

// Without the `u` flag a regex sees UTF-16 code units: a high surrogate not followed by a low one, or
// a low one not preceded by a high one (no lookbehind: older Safari versions lack it).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the text holds U+0000 (NUL), which PostgreSQL refuses in text values. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** True when the text holds a lone UTF-16 surrogate, i.e. is not well-formed Unicode. */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** The message of a text longer than `max` characters. */
export function tooLongMessage(max: number): string {
  return `at most ${max} characters`;
}

function checked(text: z.ZodString, max: number): z.ZodString {
  return text
    .max(max, tooLongMessage(max))
    .refine((value) => !hasNul(value), NUL_MESSAGE)
    .refine((value) => !hasLoneSurrogate(value), UNICODE_MESSAGE);
}

/**
 * A string of at most `max` characters, without NUL and without lone surrogates. Chain what the field
 * needs after it (`.min(1)`, `.regex(...)`, `.default('')`); it stays a `ZodString`.
 */
export function safeText(max: number): z.ZodString {
  return checked(z.string(), max);
}

/**
 * A required {@link safeText}: surrounding blanks are dropped first (so `max` counts the text kept),
 * and a blank text is refused with 'Required'.
 */
export function nonBlankText(max: number): z.ZodString {
  return checked(z.string().trim(), max).min(1, 'Required');
}
