import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AuditDiff,
  AuditDiffQuery,
  AuditDigest,
  AuditEntityParams,
  AuditExportLines,
  AuditExportQuery,
  AuditKeysAnswer,
  AuditPage,
  AuditPageQuery,
  AuditSearchQuery,
  AuditState,
  AuditStateQuery,
  ErrorAnswer,
  PaymentTrail,
  streamName,
  text,
} from '@hostel/contracts';
import { envelope, notFound } from '@hostel/domain';
import { formatPosition } from '@hostel/eventstore';
import type { EventStore } from '@hostel/eventstore';
import pg from 'pg';
import { actorOf } from '@hostel/platform/http';
import type { ReadModelTables } from '@hostel/read-models';
import {
  AUDIT_LOG,
  correlatedEvents,
  entityTimeline,
  copyExport,
  CSV_HEADER,
  ledgerHead,
  likesInTheirOwnStreams,
  paymentTrails,
  newestEvents,
  searchEvents,
} from '@hostel/read-models/audit-log';
import { readErrors } from '../error-answers';
import { changesBetween, stateAt } from './entity-state';
import { loadAuditKey, publicAuditJwk, signDigest } from './digest';

const reads = [AUDIT_LOG];
const errors = { ...readErrors, 403: ErrorAnswer } as const;
const config = { access: 'audit', reads } as const;

/** An actor as the audit shows them, from the users read model (ids without an account stay ids). */
async function actorOfId(db: Kysely<ReadModelTables>, id: string) {
  if (id === 'system') return 'system' as const;
  const user = await db.selectFrom('users').select(['email', 'name']).where('id', '=', id).executeTakeFirst();
  return { id, email: user?.email ?? null, name: user?.name ?? null };
}

/**
 * The audit trail (admins and auditors): timelines, state at a moment, what changed, search,
 * correlations, payment trails, exports that are themselves recorded, and signed digests of the ledger.
 */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables>; store: EventStore; databaseUrl: string }> = async (
  app,
  { db, store, databaseUrl },
) => {
  const key = await loadAuditKey(db);

  app.get('/api/audit/events', { config, schema: { querystring: AuditSearchQuery, response: { 200: AuditPage, ...errors } } }, async (request) => {
    const { after, limit, newest, ...filter } = request.query;
    return newest === 'true' ? newestEvents(db, filter, limit) : searchEvents(db, filter, { after, limit });
  });

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

  app.get('/api/audit/digest', { config, schema: { response: { 200: AuditDigest, ...errors, 404: ErrorAnswer } } }, async () => {
    const head = await ledgerHead(db);
    if (!head) throw notFound('The log is empty: there is nothing to sign yet');
    return signDigest(key, head);
  });

  app.get('/api/audit/keys', { config: { access: 'public' }, schema: { response: { 200: AuditKeysAnswer } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { keys: [publicAuditJwk(key)] };
  });

  app.get(
    '/api/audit/export',
    { config, schema: { querystring: AuditExportQuery, response: { 200: AuditExportLines, ...errors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { format, ...filter } = request.query;
      // The export is recorded before a line leaves: the trail audits its own readers.
      const exportId = crypto.randomUUID();
      const recorded = Object.fromEntries(
        Object.entries(filter).flatMap(([name, value]) => (value === undefined ? [] : [[name, value instanceof Date ? value.toISOString() : String(value)]])),
      );
      const { position } = await store.append(
        streamName('export', exportId),
        [envelope({ type: 'AuditExported', data: { exportId, format, filter: recorded } }, { actor: actor.sub, correlationId: request.id })],
        { expectedVersion: 'no_stream' },
      );
      // A connection of the export's own, held while its COPY streams and ended when it stops, however it stops.
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      let lines: Readable;
      try {
        lines = await copyExport(client, db, filter, format);
      } catch (error) {
        await client.end();
        throw error;
      }
      // A reader gone half-way ends the connection, and with it the COPY; its error has nobody to tell.
      lines.on('error', () => undefined).once('close', () => void client.end().catch(() => undefined));
      const body = format === 'csv' ? Readable.from(withHeader(lines)) : lines;
      return (
        reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${exportId}.${format === 'csv' ? 'csv' : 'ndjson'}"`)
          .header('cache-control', 'no-store')
          // Where the export's own record is: read with X-Min-Position to see it.
          .header('x-position', formatPosition(position))
          // A stream, not a string: its lines leave as the database writes them (the schema above documents them).
          .send(body as never)
      );
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
    async (request) => {
      // A meal's likes live in streams of their own: its state at a moment counts them too.
      const found = await stateAt(store, request.params.entity, request.params.id, request.query, (entity, id) =>
        entity === 'meals' ? likesInTheirOwnStreams(db, id) : Promise.resolve([]),
      );
      if (!found) throw notFound('It did not exist then');
      return found;
    },
  );

  app.get(
    '/api/audit/:entity/:id/diff',
    { config, schema: { params: AuditEntityParams, querystring: AuditDiffQuery, response: { 200: AuditDiff, ...errors, 404: ErrorAnswer } } },
    async (request) => {
      const { from, to } = request.query;
      const changes = await changesBetween(store, request.params.entity, request.params.id, from, to);
      if (!changes) throw notFound(`There is no version ${from} of it`);
      const steps = await Promise.all(changes.steps.map(async (step) => ({ ...step, actor: await actorOfId(db, step.actor) })));
      return { stream: changes.stream, from, to, steps };
    },
  );
};

/** The CSV header, then the lines as they come. */
async function* withHeader(lines: Readable): AsyncGenerator<Buffer> {
  yield Buffer.from(CSV_HEADER);
  for await (const chunk of lines) yield chunk as Buffer;
}
