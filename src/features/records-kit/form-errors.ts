import type { z } from 'zod';

/** The first message of each top-level field of a failed zod parse, for per-field errors. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const result: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in result)) result[field] = issue.message;
  }
  return result;
}
