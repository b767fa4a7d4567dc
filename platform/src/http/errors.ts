import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type ErrorAnswer, ERROR_STATUS } from '@hostel/contracts';
import { DomainError } from '@hostel/domain';

/** Answers a request no route matched (say, a deep link of the web app); false to answer 404. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => boolean;

/**
 * One error handler for every service: domain errors and client mistakes answer 4xx with
 * `{message}`; anything else is logged with the request's context and answers a bare 500.
 */
export function registerErrorHandler(app: FastifyInstance, notFoundFallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (error instanceof DomainError) {
      const body: ErrorAnswer = { message: error.message, ...(error.issues ? { issues: error.issues } : {}) };
      return reply.code(ERROR_STATUS[error.kind]).send(body);
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
    if (isDependencyUnavailable(error)) {
      request.log.warn({ err: error }, 'a dependency is unreachable');
      reply.header('retry-after', '5');
      return reply.code(503).send({ message: 'The service is briefly unavailable. Please try again in a few seconds.' } satisfies ErrorAnswer);
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

/** PostgreSQL's codes for a server that is going away or not taking connections (class 08, 57P0x). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
]);

/**
 * Whether a request failed because PostgreSQL (or another dependency) cannot be reached, rather than
 * because of a fault of ours: then it answers 503 with Retry-After, never a 500, and never hangs
 * (the pool gives up waiting for a connection after a bounded time).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
    if (/timeout exceeded when trying to connect|Connection terminated|connection terminated|Client has encountered a connection error/i.test(cause.message))
      return true;
    if (cause instanceof AggregateError && cause.errors.some(isDependencyUnavailable)) return true;
  }
  return false;
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
