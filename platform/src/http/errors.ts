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
      request.log.warn({ err: error }, 'a dependency cannot serve the request just now (unreachable, overloaded or gave up on it): answered 503');
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

/** The network's codes for a dependency that cannot be reached (refused, reset, unanswered, unresolved). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * PostgreSQL's SQLSTATE classes of a server that cannot serve the statement just now: 08 connection
 * exception; 53 insufficient resources (53300 too many connections: "sorry, too many clients already",
 * "remaining connection slots are reserved", a role's or database's connection limit); 57 operator
 * intervention (57014 query canceled, which a statement_timeout under load gives, 57P01–57P05 shutdown,
 * crash, starting up, idle-session timeout).
 */
const UNAVAILABLE_SQLSTATE_CLASSES = new Set(['08', '53', '57']);

/**
 * And single codes of other classes that a retry a moment later gets past: 40001 serialization failure,
 * 40P01 deadlock detected (PostgreSQL failed this statement to break it), 55P03 lock not available (lock_timeout).
 */
const TRANSIENT_SQLSTATES = new Set(['40001', '40P01', '55P03']);

/** A 5-character SQLSTATE as `pg`'s DatabaseError carries it (node's own codes start with E and are not one of these classes). */
const isUnavailableSqlState = (code: string) => code.length === 5 && (UNAVAILABLE_SQLSTATE_CLASSES.has(code.slice(0, 2)) || TRANSIENT_SQLSTATES.has(code));

/**
 * Whether a request failed because PostgreSQL (or another dependency) cannot serve it just now,
 * rather than because of a fault of ours: unreachable, out of connections or other resources, shutting
 * down or starting up, or giving up on the statement (a timeout, a deadlock broken). Then it answers 503
 * with Retry-After, never a 500, and never hangs (the pool gives up waiting for a connection after a
 * bounded time).
 */
export function isDependencyUnavailable(error: unknown): boolean {
  for (let cause: unknown = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || isUnavailableSqlState(code))) return true;
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
