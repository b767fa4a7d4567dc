import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AuditDiff,
  AuditDiffQuery,
  AuditDigest,
  AuditEntityParams,
  AuditEntitySearch,
  AuditEntitySearchQuery,
  AuditExportLines,
  AuditExportLink,
  AuditExportLinkQuery,
  AuditExportQuery,
  AuditKeysAnswer,
  AuditPage,
  AuditPageQuery,
  AuditSearchQuery,
  AuditState,
  AuditStateQuery,
  ErrorAnswer,
  PaymentTrail,
  text,
} from '@hostel/contracts';
import { conflict, DomainError, notFound } from '@hostel/domain';
import { formatPosition } from '@hostel/eventstore';
import type { EventStore } from '@hostel/eventstore';
import { actorOf } from '@hostel/platform/http';
import type { Metrics } from '@hostel/platform/metrics';
import type { ReadModelTables } from '@hostel/read-models';
import { AUDIT_LOG, correlatedEvents, entityTimeline, paymentTrails, newestEvents, searchEntities, searchEvents } from '@hostel/read-models/audit-log';
import { readErrors } from '../error-answers';
import { createAuditExports, type RunningExport } from './audit-exports';
import { createCheckpointSigner } from './checkpoint-signer';
import { publicAuditJwk } from './digest';
import type { AuditKey } from './digest';
import { entityChanges, entityStateAt } from './entity-history';

const reads = [AUDIT_LOG];
export { EXPORT_IDLE_MS } from './audit-exports';
const errors = { ...readErrors, 403: ErrorAnswer } as const;
const config = { access: 'audit', reads } as const;

/**
 * The audit trail (admins and auditors) over HTTP: timelines, state at a moment, what changed, search,
 * correlations, payment trails, exports that are themselves recorded, and signed digests of the ledger.
 * The work is in the read model's queries, entity-history.ts, audit-exports.ts and checkpoint-signer.ts.
 */
export const auditRoutes: FastifyPluginAsyncZod<{
  db: Kysely<ReadModelTables>;
  store: EventStore;
  databaseUrl: string;
  exportIdleMs: number;
  key: AuditKey;
  checkpointEveryMs: number;
  /** Where the newest checkpoint is kept beside the data, out of the database's reach (npm start: in DATA_DIR). */
  checkpointHeadFile?: string | undefined;
  metrics?: Metrics | undefined;
}> = async (app, { db, store, databaseUrl, exportIdleMs, key, checkpointEveryMs, checkpointHeadFile, metrics }) => {
  const exports = createAuditExports({ db, store, databaseUrl, exportIdleMs, key });

  /**
   * Signs the ledger's head as the next checkpoint of the chain (createCheckpointSigner), every digest
   * answered and every `checkpointEveryMs` while the log grows: `audit:verify` holds the log to them,
   * so an edit is found even once the ledger has been recomputed from the edited log. A ledger that does
   * not extend the last checkpoint is never signed.
   */
  const signer = createCheckpointSigner({ db, key, log: app.log, headFile: checkpointHeadFile, metrics });
  let signing = Promise.resolve();
  const interval = setInterval(() => {
    signing = signing
      .then(async () => {
        await signer.sign();
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'signing a ledger checkpoint failed'));
  }, checkpointEveryMs);
  interval.unref();
  app.addHook('onClose', async () => {
    clearInterval(interval);
    await signing;
  });

  app.get('/api/audit/events', { config, schema: { querystring: AuditSearchQuery, response: { 200: AuditPage, ...errors } } }, async (request) => {
    const { after, limit, newest, order, ...filter } = request.query;
    return newest === 'true' ? newestEvents(db, filter, limit) : searchEvents(db, filter, { after, limit, order });
  });

  app.get(
    '/api/audit/entities',
    { config, schema: { querystring: AuditEntitySearchQuery, response: { 200: AuditEntitySearch, ...errors } } },
    async (request) => searchEntities(db, request.query.q, request.query.limit),
  );

  app.get(
    '/api/audit/correlations/:id',
    {
      config,
      schema: { params: z.object({ id: text('Correlation id').min(1).max(200) }), querystring: AuditPageQuery, response: { 200: AuditPage, ...errors } },
    },
    async (request) => correlatedEvents(db, request.params.id, request.query),
  );

  app.get(
    '/api/audit/payments',
    { config, schema: { querystring: z.object({ email: text('email').trim().max(254).optional() }), response: { 200: z.array(PaymentTrail), ...errors } } },
    async (request) => paymentTrails(db, request.query.email),
  );

  app.get(
    '/api/audit/digest',
    { config, schema: { response: { 200: AuditDigest, ...errors, 404: ErrorAnswer, 409: ErrorAnswer, 503: ErrorAnswer } } },
    async (_request, reply) => {
      const signed = await signer.sign();
      switch (signed.outcome) {
        case 'signed':
        case 'current':
          return signed.checkpoint;
        case 'empty':
          throw notFound('The log is empty: there is nothing to sign yet');
        case 'behind':
          reply.header('retry-after', '5');
          return reply
            .code(503)
            .send({ message: `The ledger is catching up to the last signed checkpoint (${signed.last.position}). Please try again in a moment.` });
        case 'refused':
          throw conflict(`Nothing is signed: ${signed.reason}. Run npm run audit:verify to find what changed.`);
      }
    },
  );

  app.get('/api/audit/keys', { config: { access: 'public' }, schema: { response: { 200: AuditKeysAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [publicAuditJwk(key)] };
  });

  /** An export's lines as a download; 429 (with when to try again) while EXPORTS_AT_ONCE run. */
  const sendExport = async (reply: FastifyReply, running: Promise<RunningExport>) => {
    const { exportId, format, lines, position } = await running.catch((error: unknown) => {
      if (error instanceof DomainError && error.kind === 'rate_limited') reply.header('retry-after', '10');
      throw error;
    });
    return (
      reply
        .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${exportId}.${format === 'csv' ? 'csv' : 'ndjson'}"`)
        .header('cache-control', 'no-store')
        // Where the export's own record is: read with X-Min-Position to see it.
        .header('x-position', formatPosition(position))
        // A stream, not a string: its lines leave as the database writes them (the schema above documents them).
        .send(lines as never)
    );
  };

  app.get(
    '/api/audit/export',
    // A HEAD would run the export (and record it, and use up a link): only GET is offered.
    { config, exposeHeadRoute: false, schema: { querystring: AuditExportQuery, response: { 200: AuditExportLines, ...errors, 429: ErrorAnswer } } },
    async (request, reply) => sendExport(reply, exports.run({ sub: actorOf(request).sub, correlationId: request.id }, request.query)),
  );

  // A browser cannot send a token with a plain link: it asks for a link first, then follows it, and
  // the export streams into its downloads rather than into the page's memory.
  app.get('/api/audit/export-link', { config, schema: { querystring: AuditExportLinkQuery, response: { 200: AuditExportLink, ...errors } } }, async (request) =>
    exports.link(actorOf(request).sub, request.query),
  );

  // The link rides in the query: a route parameter is capped at 100 characters, a signature alone takes 86.
  app.get(
    '/api/audit/download',
    {
      config: { access: 'public' },
      exposeHeadRoute: false,
      schema: {
        querystring: z.object({ link: text('link').min(1).max(4000) }),
        response: { 200: AuditExportLines, ...readErrors, 403: ErrorAnswer, 429: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const { reader, query, exportId } = exports.openLink(request.query.link);
      return sendExport(reply, exports.run({ sub: reader, correlationId: request.id }, query, exportId));
    },
  );

  app.get(
    '/api/audit/:entity/:id',
    { config, schema: { params: AuditEntityParams, querystring: AuditPageQuery, response: { 200: AuditPage, ...errors } } },
    async (request) => entityTimeline(db, request.params.entity, request.params.id, request.query),
  );

  app.get(
    '/api/audit/:entity/:id/state',
    { config, schema: { params: AuditEntityParams, querystring: AuditStateQuery, response: { 200: AuditState, ...errors, 404: ErrorAnswer } } },
    async (request) => entityStateAt(db, request.params.entity, request.params.id, request.query),
  );

  app.get(
    '/api/audit/:entity/:id/diff',
    { config, schema: { params: AuditEntityParams, querystring: AuditDiffQuery, response: { 200: AuditDiff, ...errors, 404: ErrorAnswer } } },
    async (request) => entityChanges(db, request.params.entity, request.params.id, request.query),
  );
};
