import { z } from 'zod';
import { STORED_INT_MAX } from './primitives';
import { nonBlankText, safeText, TEXT_MAX } from './text';

/*
 * Query-string building blocks. Express hands every query value over as a string (or an array of
 * strings when a key repeats, which these schemas refuse), so each block accepts the typed value a
 * client holds (number, boolean) as well as its string form, and coerces. An empty string means
 * "no value": the console's filter boxes send '' when they are cleared.
 */

/** Digits enough for any whole number a query carries (a longer one is not a number we store). */
const NUMBER_TEXT_MAX = 20;

/**
 * The page of a server-paged table. 1-based, because the console's tables (antd) number pages from 1
 * and the spec never shows page 0; a missing or empty page is page 1. Page size is fixed by the
 * server (PAGE_SIZE of libs/domain).
 */
export const pageQuery = z
  .union([z.int(), safeText(NUMBER_TEXT_MAX).regex(/^\d*$/, 'page must be a whole number')])
  .optional()
  .transform((value) => (value === undefined || value === '' ? 1 : Number(value)))
  .pipe(z.int().min(1, 'page is 1-based').max(STORED_INT_MAX, `page must be at most ${STORED_INT_MAX}`));

/** A yes/no query flag: 'true'/'false' (or a boolean); missing or empty means `false`. */
export const flagQuery = z
  .union([z.boolean(), z.enum(['true', 'false', ''])])
  .optional()
  .transform((value) => value === true || value === 'true');

/**
 * An optional yes/no filter: 'true'/'false' (or a boolean) filter by it; missing or empty means "no filter"
 * (undefined), unlike {@link flagQuery}, whose missing value is `false`.
 */
export const optionalFlagQuery = z
  .union([z.boolean(), z.enum(['true', 'false', ''])])
  .optional()
  .transform((value) =>
    value === undefined || value === '' ? undefined : value === true || value === 'true',
  );

/** An optional text filter: surrounding blanks are dropped and an empty filter means "no filter". */
export const filterQuery = safeText(TEXT_MAX.name)
  .optional()
  .transform((value) => {
    const trimmed = value?.trim();
    return trimmed === undefined || trimmed === '' ? undefined : trimmed;
  });

/** An optional filter restricted to known values; an empty string means "no filter". */
export function enumFilterQuery<const T extends readonly [string, ...string[]]>(values: T) {
  return z
    .union([z.enum(values), z.literal('')])
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** A required, non-blank text parameter of one box (a serial number, a username): at most TEXT_MAX.name. */
export const requiredText = nonBlankText(TEXT_MAX.name);

/** A positive integer id given in the query string (`?id=42`), within the stored ids' range. */
export const idQuery = z
  .union([z.int(), safeText(NUMBER_TEXT_MAX).regex(/^\d+$/, 'id must be a whole number')])
  .transform((value) => Number(value))
  .pipe(z.int().min(1).max(STORED_INT_MAX, `id must be at most ${STORED_INT_MAX}`));

/**
 * A record id given as text (the path's `/api/v1/screen_shot/:id`, or a query id the answer echoes as
 * text): kept as the digits, and refused unless it is a positive id within the stored ids' range.
 */
export const recordIdText = safeText(NUMBER_TEXT_MAX)
  .regex(/^[1-9]\d*$/, 'id must be a positive whole number')
  .refine((value) => Number(value) <= STORED_INT_MAX, `id must be at most ${STORED_INT_MAX}`);

/** `?thumbnail=true` asks for the small version of an image. */
export const thumbnailQuerySchema = z.object({ thumbnail: flagQuery });
