import {
  type AuditDiff,
  AuditDiffQuery,
  type AuditDigest,
  type AuditEntity,
  AuditEntityParams,
  type AuditEvent,
  AuditExportLinkQuery,
  AuditExportQuery,
  type AuditPage,
  AuditPageQuery,
  AuditSearchQuery,
  type AuditState,
  AuditStateQuery,
  type FieldChange,
  type PaymentTrail,
  text,
} from '@hostel/contracts';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { appendAuditEvents, type Claims, db, makeAuditEvent, sameEmail } from './db';
import { caller, newestFirst, parse, queryOf, refuse, signedIn } from './http';

/**
 * The audit trail as the read API answers it (admins and auditors; others 403, visitors 401), over
 * `db.auditEvents`: timelines of an entity (its own stream and the events that mention it), state at a
 * version or a moment and what changed (folded from the seeded events), search, correlations, payment
 * trails, exports (themselves recorded), and digests signed with a real Ed25519 key published at /keys.
 */

/** Routes declared `audit`: what the token says decides. */
function auditReader(request: Request): Claims {
  const claims = signedIn(request);
  return claims.role === 'admin' || claims.role === 'auditor' ? claims : refuse(403, 'Only admins and auditors can read the audit trail');
}

const DEFAULT_LIMIT = 50;

/** `a/b` positions compared as the log orders them. */
function compare(left: string, right: string) {
  const [a1, b1] = left.split('/').map(BigInt) as [bigint, bigint];
  const [a2, b2] = right.split('/').map(BigInt) as [bigint, bigint];
  return a1 === a2 ? Number(b1 - b2) : Number(a1 - a2);
}

/** One page in commit order, after a position (exclusive); `next` when another page follows. */
function page(events: readonly AuditEvent[], { after, limit = DEFAULT_LIMIT }: { after?: string | undefined; limit?: number | undefined }): AuditPage {
  const rest = events.filter((event) => !after || compare(event.position, after) > 0);
  const shown = rest.slice(0, limit);
  return { events: shown, ...(rest.length > limit ? { next: shown.at(-1)!.position } : {}) };
}

const streamEntities: Record<string, AuditEntity> = { meal: 'meals', upcoming: 'upcoming', user: 'users', payment: 'payments' };
const fieldEntities: Record<string, AuditEntity> = { mealId: 'meals', upcomingId: 'upcoming', userId: 'users', paymentId: 'payments', requestId: 'requests' };

/** Whether an event is about an entity: its own stream's, or one that names it (a like names its meal and its liker). */
function mentions(event: AuditEvent, entity: AuditEntity | undefined, id: string) {
  const dash = event.stream.indexOf('-');
  const streamEntity = streamEntities[event.stream.slice(0, dash)];
  if (streamEntity && (!entity || entity === streamEntity) && event.stream.slice(dash + 1) === id) return true;
  return Object.entries(fieldEntities).some(([field, fieldEntity]) => (!entity || entity === fieldEntity) && event.data[field] === id);
}

/** The entity's own stream (a request's is its student's stream of requests). */
function ownStream(entity: AuditEntity, id: string) {
  if (entity === 'requests') return `request-${id.split('.')[0]}`;
  return `${Object.keys(streamEntities).find((key) => streamEntities[key] === entity)}-${id}`;
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A stand-in for the deciders' `evolve`: an event's data (an edit's changes) over the state; a like adds its liker; a request is picked from its stream. */
function fold(entity: AuditEntity, id: string, events: readonly AuditEvent[]): Record<string, unknown> | undefined {
  return events
    .filter((event) => entity !== 'requests' || event.data.requestId === id)
    .reduce<Record<string, unknown> | undefined>((state, event) => {
      const { changes, ...data } = event.data;
      if (event.type === 'MealLiked') return { ...state, likedBy: [...((state?.likedBy as string[] | undefined) ?? []), data.userId] };
      if (event.type === 'MealDeleted') return { status: 'deleted', mealId: data.mealId };
      const status = entity === 'meals' ? { status: 'listed' } : {};
      return { ...state, ...data, ...(isRecord(changes) ? changes : {}), ...status };
    }, undefined);
}

const same = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/** Field-level differences, as the read API words them: nested records by dotted names, lists by their elements. */
function diff(before: unknown, after: unknown, field = ''): FieldChange[] {
  if (same(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    return [
      {
        field,
        added: after.filter((item) => !before.some((old) => same(old, item))),
        removed: before.filter((item) => !after.some((next) => same(next, item))),
      },
    ];
  }
  if (isRecord(before) && isRecord(after)) {
    return [...new Set([...Object.keys(before), ...Object.keys(after)])].flatMap((key) => diff(before[key], after[key], field ? `${field}.${key}` : key));
  }
  return [{ field, from: before ?? null, to: after ?? null }];
}

type SearchFilter = Omit<AuditSearchQuery, 'after' | 'limit'>;

function found({ actor, type, entity, from, to }: SearchFilter) {
  const [kind, id] = entity?.includes(':') ? (entity.split(/:(.*)/s) as [AuditEntity, string]) : [undefined, entity];
  return db.auditEvents.filter(
    (event) =>
      (!actor ||
        (event.actor === 'system' ? actor === 'system' : event.actor.id === actor || (event.actor.email !== null && sameEmail(event.actor.email, actor)))) &&
      (!type || event.type === type) &&
      (!from || Date.parse(event.occurredAt) >= from.getTime()) &&
      (!to || Date.parse(event.occurredAt) <= to.getTime()) &&
      (id === undefined || mentions(event, kind, id)),
  );
}

const CSV_HEADER = 'position,stream,version,type,occurredAt,actorId,actorEmail,correlationId,causationId,schemaVersion,data,hash\n';
const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
function csvLine(event: AuditEvent) {
  const actor = event.actor === 'system' ? { id: 'system', email: null } : event.actor;
  const cells = [event.position, event.stream, event.version, event.type, event.occurredAt, actor.id, actor.email, event.correlationId, event.causationId];
  return `${[...cells, event.schemaVersion, event.data, event.hash].map(csvCell).join(',')}\n`;
}

/** The signing key, made once per test run: digests are signed for real, so the browser's check is real too. */
let signingKey: Promise<CryptoKeyPair> | undefined;
const auditKey = () => (signingKey ??= crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']) as Promise<CryptoKeyPair>);
export const AUDIT_KEY_ID = 'fake-audit-key';

const base64url = (bytes: ArrayBuffer) =>
  btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

/** Signs {position, hash, signedAt} as RFC 8785 has it (keys sorted; these values are plain strings). */
async function signDigest(head: { position: string; hash: string }, signedAt: string): Promise<AuditDigest> {
  const canonical = JSON.stringify({ hash: head.hash, position: head.position, signedAt });
  const signature = await crypto.subtle.sign({ name: 'Ed25519' }, (await auditKey()).privateKey, new TextEncoder().encode(canonical));
  return { position: head.position, hash: head.hash, signedAt, signature: base64url(signature), kid: AUDIT_KEY_ID };
}

export const auditHandlers = [
  http.get('/api/audit/events', ({ request }) => {
    auditReader(request);
    const { after, limit, newest, ...filter } = parse(AuditSearchQuery, queryOf(request), 'querystring');
    if (newest === 'true') return HttpResponse.json({ events: found(filter).slice(-(limit ?? 50)) } satisfies AuditPage);
    return HttpResponse.json(page(found(filter), { after, limit }) satisfies AuditPage);
  }),

  http.get('/api/audit/correlations/:id', ({ request, params }) => {
    auditReader(request);
    const paging = parse(AuditPageQuery, queryOf(request), 'querystring');
    return HttpResponse.json(
      page(
        db.auditEvents.filter((event) => event.correlationId === params.id),
        paging,
      ) satisfies AuditPage,
    );
  }),

  http.get('/api/audit/payments', ({ request }) => {
    auditReader(request);
    const { email } = parse(z.object({ email: text('email').trim().max(254).optional() }), queryOf(request), 'querystring');
    const payments = newestFirst(
      db.payments.filter((payment) => !email || sameEmail(payment.email, email)),
      (payment) => payment.date,
    );
    const trails = payments.map((payment): PaymentTrail => ({
      paymentId: payment._id,
      email: payment.email,
      package: payment.package,
      amount: payment.amount,
      currency: payment.currency,
      price: payment.price,
      providerRef: payment.providerRef,
      paidAt: payment.date,
      events: db.auditEvents.filter((event) => mentions(event, 'payments', payment._id)),
    }));
    return HttpResponse.json(trails);
  }),

  http.get('/api/audit/digest', async ({ request }) => {
    auditReader(request);
    const head = db.auditEvents.at(-1) ?? refuse(404, 'The log is empty: there is nothing to sign yet');
    return HttpResponse.json(await signDigest(head, new Date().toISOString()));
  }),

  http.get('/api/audit/keys', async ({ request }) => {
    caller(request);
    const { kty, crv, x } = await crypto.subtle.exportKey('jwk', (await auditKey()).publicKey);
    return HttpResponse.json({ keys: [{ kty: kty ?? 'OKP', crv, x, kid: AUDIT_KEY_ID, alg: 'EdDSA', use: 'sig' }] });
  }),

  http.get('/api/audit/export', ({ request }) => exported(auditReader(request), queryOf(request))),

  // The fake's link is its claims in base64url, unsigned: the real one's signature is the server's test.
  http.get('/api/audit/export-link', ({ request }) => {
    const claims = auditReader(request);
    const query = queryOf(request);
    parse(AuditExportLinkQuery, query, 'querystring');
    const link = btoa(JSON.stringify({ claims, query })).replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '');
    return HttpResponse.json({ url: `/api/audit/download?link=${link}`, expiresAt: new Date(Date.now() + 60_000).toISOString() });
  }),

  http.get('/api/audit/download', ({ request }) => {
    const link = new URL(request.url).searchParams.get('link') ?? refuse(400, 'link is required');
    const { claims, query } = JSON.parse(atob(link.replaceAll('-', '+').replaceAll('_', '/'))) as { claims: Claims; query: Record<string, string> };
    return exported(claims, query);
  }),

  http.get('/api/audit/:entity/:id', ({ request, params }) => {
    auditReader(request);
    const { entity, id } = parse(AuditEntityParams, params, 'params');
    const paging = parse(AuditPageQuery, queryOf(request), 'querystring');
    return HttpResponse.json(
      page(
        db.auditEvents.filter((event) => mentions(event, entity, id)),
        paging,
      ) satisfies AuditPage,
    );
  }),

  http.get('/api/audit/:entity/:id/state', ({ request, params }) => {
    auditReader(request);
    const { entity, id } = parse(AuditEntityParams, params, 'params');
    const { at, version } = parse(AuditStateQuery, queryOf(request), 'querystring');
    const stream = ownStream(entity, id);
    const events = db.auditEvents.filter(
      (event) => event.stream === stream && (version !== undefined ? event.version <= version : at ? Date.parse(event.occurredAt) <= at.getTime() : true),
    );
    const state = fold(entity, id, events);
    const last = events.at(-1);
    if (!last || !state) refuse(404, 'It did not exist then');
    return HttpResponse.json({ stream, version: last.version, at: last.occurredAt, state } satisfies AuditState);
  }),

  http.get('/api/audit/:entity/:id/diff', ({ request, params }) => {
    auditReader(request);
    const { entity, id } = parse(AuditEntityParams, params, 'params');
    const { from, to } = parse(AuditDiffQuery, queryOf(request), 'querystring');
    const stream = ownStream(entity, id);
    const events = db.auditEvents.filter((event) => event.stream === stream);
    if (!events.some((event) => event.version === from)) refuse(404, `There is no version ${from} of it`);
    const upTo = (version: number) =>
      fold(
        entity,
        id,
        events.filter((event) => event.version <= version),
      );
    const steps = events
      .filter((event) => event.version > from && event.version <= to)
      .map((event) => ({
        version: event.version,
        type: event.type,
        occurredAt: event.occurredAt,
        actor: event.actor,
        changes: diff(upTo(event.version - 1), upTo(event.version)),
      }));
    return HttpResponse.json({ stream, from, to, steps } satisfies AuditDiff);
  }),
];

/** An export of what `query` finds, recorded first as `claims`' (the trail audits its own readers). */
function exported(claims: Claims, query: unknown) {
  const { format, ...filter } = parse(AuditExportQuery, query, 'querystring');
  const lines = found(filter).map((event) => (format === 'csv' ? csvLine(event) : `${JSON.stringify(event)}\n`));
  const exportId = crypto.randomUUID();
  const recorded = Object.fromEntries(
    Object.entries(filter).flatMap(([name, value]) => (value === undefined ? [] : [[name, value instanceof Date ? value.toISOString() : String(value)]])),
  );
  const [record] = appendAuditEvents(
    makeAuditEvent({
      type: 'AuditExported',
      stream: `export-${exportId}`,
      data: { exportId, format, filter: recorded },
      actor: { id: claims.sub, email: claims.email, name: claims.name },
      occurredAt: new Date().toISOString(),
    }),
  );
  return new HttpResponse((format === 'csv' ? CSV_HEADER : '') + lines.join(''), {
    headers: {
      'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
      'content-disposition': `attachment; filename="audit-${exportId}.${format}"`,
      'x-position': record!.position,
    },
  });
}
