import { z } from 'zod';

/*
 * Query-string building blocks. Express hands every query value over as a string (or an array of
 * strings when a key repeats, which these schemas refuse), so each block accepts the typed value a
 * client holds (number, boolean) as well as its string form, and coerces. An empty string means
 * "no value": the console's filter boxes send '' when they are cleared.
 */

/**
 * The page of a server-paged table. 1-based, because the console's tables (antd) number pages from 1
 * and the spec never shows page 0; a missing or empty page is page 1. Page size is fixed by the
 * server (PAGE_SIZE of libs/domain).
 */
export const pageQuery = z
  .union([z.int(), z.string().regex(/^\d*$/, 'page must be a whole number')])
  .optional()
  .transform((value) => (value === undefined || value === '' ? 1 : Number(value)))
  .pipe(z.int().min(1, 'page is 1-based'));

/** A yes/no query flag: 'true'/'false' (or a boolean); missing or empty means `false`. */
export const flagQuery = z
  .union([z.boolean(), z.enum(['true', 'false', ''])])
  .optional()
  .transform((value) => value === true || value === 'true');

/** An optional text filter: surrounding blanks are dropped and an empty filter means "no filter". */
export const filterQuery = z
  .string()
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

/** A required, non-blank text parameter (a serial number, a username). */
export const requiredText = z.string().trim().min(1, 'Required');

/** A positive integer id given in the query string (`?id=42`). */
export const idQuery = z
  .union([z.int(), z.string().regex(/^\d+$/, 'id must be a whole number')])
  .transform((value) => Number(value))
  .pipe(z.int().min(1));
