import { ErrorAnswer } from '@hostel/contracts';

/**
 * The error answers every read route may give, for the OpenAPI document: 400 for a query or an
 * `X-Min-Position` it cannot read, 401 for a token that no longer holds. Each is `{message}` (with
 * field `issues` for a 400), from platform's error handler; routes add their own 403 or 404.
 */
export const readErrors = { 400: ErrorAnswer, 401: ErrorAnswer } as const;
