import { pipeline, Transform } from 'node:stream';
import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  AuditDiff,
  AuditDiffQuery,
  AuditDigest,
  AuditEntityParams,
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
  streamName,
  text,
} from '@hostel/contracts';
import { envelope, forbidden, notFound, rateLimited } from '@hostel/domain';
import { formatPosition, WrongExpectedVersionError } from '@hostel/eventstore';
import type { AppendResult, EventStore } from '@hostel/eventstore';
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
import { EXPORT_LINK_TTL_MS, loadAuditKey, publicAuditJwk, signDigest, signExportLink, verifyExportLink } from './digest';

const reads = [AUDIT_LOG];
/** Exports streaming at once in one instance, each on a database connection of its own. */
const EXPORTS_AT_ONCE = 4;
/** A reader who takes nothing for this long (a paused download, a sleeping laptop) is cut off: its slot and connection go back. */
export const EXPORT_IDLE_MS = 120_000;
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
export const auditRoutes: FastifyPluginAsyncZod<{ db: Kysely<ReadModelTables>; store: EventStore; databaseUrl: string; exportIdleMs: number }> = async (
  app,
  { db, store, databaseUrl, exportIdleMs },
) => {
  const key = await loadAuditKey(db);
  let exportsRunning = 0;

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

  /**
   * One export: a COPY over a connection of its own, recorded once it runs and before its first line
   * leaves (the trail audits its own readers), then its lines streamed, ended when the stream stops
   * however it stops. At most EXPORTS_AT_ONCE run in an instance: each holds a database connection
   * for as long as its reader reads, and the pool's connections are the other readers'.
   */
  const streamExport = async (
    reply: FastifyReply,
    reader: { sub: string; correlationId: string },
    { format, ...filter }: z.output<typeof AuditExportQuery>,
    /** A download link's id: its export's stream can be written once, so the link is good for one download. */
    exportId: string = crypto.randomUUID(),
  ) => {
    if (exportsRunning >= EXPORTS_AT_ONCE) {
      reply.header('retry-after', '10');
      throw rateLimited(`${EXPORTS_AT_ONCE} exports are running already. Please try again when one has finished.`);
    }
    exportsRunning++;
    let running = true;
    const finished = () => {
      if (running) exportsRunning--;
      running = false;
    };
    try {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      let lines: Readable;
      let recorded: AppendResult;
      try {
        // A reader gone half-way (or a refused record) ends the connection, and with it the COPY: its
        // error has nobody to tell.
        lines = (await copyExport(client, db, filter, format)).on('error', () => undefined);
        // Recorded before a line leaves, once the COPY runs: a link is used up only by an export that goes ahead.
        recorded = await store
          .append(
            streamName('export', exportId),
            [
              envelope(
                { type: 'AuditExported', data: { exportId, format, filter: asRecorded(filter) } },
                { actor: reader.sub, correlationId: reader.correlationId },
              ),
            ],
            { expectedVersion: 'no_stream' },
          )
          .catch((error: unknown) => {
            throw error instanceof WrongExpectedVersionError ? forbidden('This download link has been used already. Please export again.') : error;
          });
      } catch (error) {
        await client.end();
        throw error;
      }
      lines.once('close', () => {
        finished();
        void client.end().catch(() => undefined);
      });
      // Whichever way the body stops (cut off, its reader gone), the COPY's lines go too, and so the COPY.
      const body = pipeline(lines, cutOffWhenIdle(exportIdleMs, format === 'csv' ? CSV_HEADER : ''), () => undefined);
      return (
        reply
          .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
          .header('content-disposition', `attachment; filename="audit-${exportId}.${format === 'csv' ? 'csv' : 'ndjson'}"`)
          .header('cache-control', 'no-store')
          // Where the export's own record is: read with X-Min-Position to see it.
          .header('x-position', formatPosition(recorded.position))
          // A stream, not a string: its lines leave as the database writes them (the schema above documents them).
          .send(body as never)
      );
    } catch (error) {
      finished();
      throw error;
    }
  };

  app.get(
    '/api/audit/export',
    // A HEAD would run the export (and record it, and use up a link): only GET is offered.
    { config, exposeHeadRoute: false, schema: { querystring: AuditExportQuery, response: { 200: AuditExportLines, ...errors, 429: ErrorAnswer } } },
    async (request, reply) => streamExport(reply, { sub: actorOf(request).sub, correlationId: request.id }, request.query),
  );

  // A browser cannot send a token with a plain link: it asks for a link first, then follows it, and
  // the export streams into its downloads rather than into the page's memory.
  app.get(
    '/api/audit/export-link',
    { config, schema: { querystring: AuditExportLinkQuery, response: { 200: AuditExportLink, ...errors } } },
    async (request) => {
      const { format, ...filter } = request.query;
      const exp = Date.now() + EXPORT_LINK_TTL_MS;
      const link = signExportLink(key, { id: crypto.randomUUID(), sub: actorOf(request).sub, query: { format, ...asRecorded(filter) }, exp });
      return { url: `/api/audit/download?link=${link}`, expiresAt: new Date(exp).toISOString() };
    },
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
      const claims = verifyExportLink(key, request.query.link);
      if (!claims) throw forbidden('This download link has expired or is not valid. Please export again.');
      // Signed by an instance that may have run an older schema (a deploy in between): refused, not a 5xx.
      const query = AuditExportQuery.safeParse(claims.query);
      if (!query.success) throw forbidden('This download link has expired or is not valid. Please export again.');
      return streamExport(reply, { sub: claims.sub, correlationId: request.id }, query.data, claims.id);
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

/** A filter as an export's record (and its link) keep it: strings, times in ISO 8601, nothing unset. */
function asRecorded(filter: Omit<z.output<typeof AuditExportQuery>, 'format'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter).flatMap(([name, value]) => (value === undefined ? [] : [[name, value instanceof Date ? value.toISOString() : String(value)]])),
  );
}

/**
 * Passes an export's bytes on (after its header, if any), and ends it once its reader has taken
 * nothing for `idleMs` (a paused download, a sleeping laptop), so the export's slot and connection go back. The clock starts at the
 * first bytes, so a COPY slow to find its first line is not cut off; after that, a reader who stops
 * reading stops the bytes coming through here (backpressure), and the clock runs out.
 */
function cutOffWhenIdle(idleMs: number, header: string): Transform {
  let lastBytes = 0;
  let clock: NodeJS.Timeout | undefined;
  const guard = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      lastBytes = Date.now();
      clock ??= setInterval(
        () => {
          if (Date.now() - lastBytes >= idleMs) guard.destroy(new Error('The export’s reader took nothing for too long'));
        },
        Math.max(50, Math.min(idleMs / 4, 5_000)),
      );
      done(null, chunk);
    },
  });
  guard.once('close', () => clearInterval(clock));
  if (header) guard.push(header);
  return guard;
}
