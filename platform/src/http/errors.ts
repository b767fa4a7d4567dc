import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorAnswer } from '@hostel/contracts';

/** Answers a request no route matched (say, a deep link of the web app); false to answer 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/** The few error kinds the domain speaks; each maps once to an HTTP status. */
export type ErrorKind = 'validation' | 'unauthenticated' | 'payment_declined' | 'forbidden' | 'not_found' | 'conflict' | 'rate_limited' | 'provider_unavailable';

const statusOf: Record<ErrorKind, number> = {
  validation: 400,
  unauthenticated: 401,
  payment_declined: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  /** A provider we depend on (the card payment provider) could not be reached or failed. */
  provider_unavailable: 502,
};

export class AppError extends Error {
  override readonly name = 'AppError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly issues?: ErrorAnswer['issues'],
  ) {
    super(message);
  }
}

export const unauthenticated = (message = 'Please sign in first') => new AppError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('forbidden', message);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const paymentDeclined = (message: string) => new AppError('payment_declined', message);
export const providerUnavailable = (message: string) => new AppError('provider_unavailable', message);
export const invalid = (message: string, issues?: ErrorAnswer['issues']) => new AppError('validation', message, issues);

/**
 * One error handler for every service: domain errors and client mistakes answer 4xx with
 * `{message}`; anything else is logged with the request's context and answers a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance, notFoundFallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      const body: ErrorAnswer = { message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
      return reply.code(statusOf[error.kind]).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const where = error.validationContext === 'body' ? 'Request body' : `Request ${error.validationContext}`;
      const first = issues[0];
      const message = !first ? 'Invalid request' : first.path === '' ? `${where} is not valid: ${first.message}` : first.message;
      return reply.code(400).send({ message, issues } satisfies ErrorAnswer);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: clientMessage(error) } satisfies ErrorAnswer);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: 'Something went wrong on our side. Please try again.' } satisfies ErrorAnswer);
  });
  app.setNotFoundHandler((request, reply) => {
    if (notFoundFallback?.(request, reply)) return reply;
    return reply.code(404).send({ message: `No route for ${request.method} ${request.url.split('?')[0]}` } satisfies ErrorAnswer);
  });
}

/** Fastify's own client errors (bad JSON, too large, wrong content type) in plain words. */
function clientMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    case 'FST_REQ_FILE_TOO_LARGE':
      return 'The file is too large: images may be at most 5 MB';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'Request body is empty';
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'Request body is not valid JSON';
    default:
      return error.message;
  }
}
