import { z } from 'zod';

/** Every error answer of every service: a human-readable message, plus field issues for validation. */
export const ErrorAnswer = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorAnswer = z.infer<typeof ErrorAnswer>;
