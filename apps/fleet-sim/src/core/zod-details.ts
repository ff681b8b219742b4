import type { z } from 'zod';

/** Zod issues as the `details` of a 400: where, and what is wrong, one entry per problem. */
export function zodDetails(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message,
  }));
}
