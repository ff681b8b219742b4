import { z } from 'zod';
import { FAMILIES, ROLES } from '@equipment-dashboard/domain';

/*
 * The building blocks of the entities of console-core §3 and back-office §3. Each entity lives in the
 * file of its area (the aligner in equipment.ts, the ticket in tickets.ts ...). Field names are the
 * spec's, letter for letter; where the spec lists a field but not its type, the choice is written next
 * to it.
 */

/** A point in time, ISO 8601 with offset (what `Date#toISOString()` writes). */
export const timestampSchema = z.iso.datetime({ offset: true });

/** A calendar day, `YYYY-MM-DD` (schedule dates). */
export const calendarDaySchema = z.iso.date();

/** A count: an integer of 0 or more. */
export const countSchema = z.int().min(0);

/**
 * The largest whole number a stored integer column holds (PostgreSQL `integer`, what `serial` ids
 * are): a request number above it would make the database refuse the query, so the contract does.
 */
export const STORED_INT_MAX = 2_147_483_647;

/** A positive integer id of a stored record (tickets, comments, attachments, messages, notifications). */
export const recordIdSchema = z.int().min(1).max(STORED_INT_MAX, `id must be at most ${STORED_INT_MAX}`);

/** An equipment family (console-core §1). */
export const familySchema = z.enum(FAMILIES);

/** A role (console-core §6, back-office §6). */
export const roleSchema = z.enum(ROLES);

/**
 * A software version as units and updates carry it: `semantic` (e.g. '5.2.1', possibly with a
 * suffix after '_' or ' ') and `meta`, a free text that is '' when the version has none
 * (console-core §3: "semantic plus ' - meta' when meta exists").
 */
export const versionSchema = z.object({
  semantic: z.string().min(1),
  meta: z.string(),
});
/** See {@link versionSchema}. */
export type Version = z.infer<typeof versionSchema>;

/** A paged list of console-core §3 / back-office §3: `{ docs, totalDocs }`; `totalDocs` counts all pages. */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    totalDocs: countSchema,
  });
}
/** The parsed shape of a {@link paged} list. */
export interface Paged<T> {
  docs: T[];
  totalDocs: number;
}
