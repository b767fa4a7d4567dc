import { z } from 'zod';

/**
 * The answer of most commands: words for the person, and the `position` of the last event the
 * command wrote (send it as `X-Min-Position` on the next reads to see the change).
 */
export const CommandAnswer = z.object({ message: z.string(), position: z.string().optional() });
export type CommandAnswer = z.infer<typeof CommandAnswer>;

/** A command that created something (201): its id too. */
export const CreatedAnswer = CommandAnswer.extend({ _id: z.string() });
export type CreatedAnswer = z.infer<typeof CreatedAnswer>;

/** `204 No Content`: nothing in the body. */
export const NoContent = z.null().describe('No content');

/** `GET /health`: 200 once the service is ready to serve (503 `{message}` while it starts). */
export const HealthAnswer = z.object({ status: z.literal('ok') });

/**
 * `GET /health/ready`: 200 while the service can do its work, 503 `{message}` while PostgreSQL or the
 * event store is unreachable; `checks` says how each dependency answered (Redis is reported, but its
 * loss only delays live pushes and jobs).
 */
export const ReadinessAnswer = z.object({ status: z.literal('ok'), checks: z.record(z.string(), z.enum(['ok', 'unreachable'])) });
export const UnreadyAnswer = z.object({ message: z.string(), checks: z.record(z.string(), z.enum(['ok', 'unreachable'])) });
