import { z } from 'zod';

/** The one error body of the whole API: a short machine-readable `error` and optional `details`. */
export const errorBodySchema = z.object({
  error: z.string().min(1),
  /** A machine-readable code (`not_connected`, `favorite_limit_exceeded` ...); absent on OAuth errors, whose `error` is the code. */
  code: z.string().optional(),
  details: z.unknown().optional(),
});
/** See {@link errorBodySchema}. */
export type ErrorBody = z.infer<typeof errorBodySchema>;
