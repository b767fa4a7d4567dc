import {
  type AuditDiff,
  AuditDiffQuery,
  type AuditDigest,
  type AuditEntity,
  AuditEntityParams,
  type AuditEntitySearch,
  AuditEntitySearchQuery,
  type AuditEvent,
  AuditExportLinkQuery,
  AuditExportQuery,
  type AuditPage,
  AuditPageQuery,
  AuditSearchQuery,
  type AuditState,
  AuditStateQuery,
  type PaymentTrail,
  text,
} from '@hostel/contracts';
import { changesBetween, foldEntity, mentionsOf } from '@hostel/read-models/pure';
import { http, HttpResponse } from 'msw';
import { z } from 'zod';
import { appendAuditEvents, type Claims, db, makeAuditEvent, sameEmail } from './db';
import { caller, newestFirst, parse, queryOf, refuse, signedIn } from './http';

/**
 * The audit trail as the read API answers it (admins and auditors; others 403, visitors 401), over
 * `db.auditEvents`: timelines of an entity (its own stream and the events that mention it), state at a
 * version or a moment and what changed (folded from the entity's own events, its versions), the
 * search box's entities, search, correlations, payment trails, exports (themselves recorded), and
 * digests signed with a real Ed25519 key published at /keys.
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

/** One page in commit order (or newest first), after a position (exclusive); `next` when another page follows. */
function page(
  events: readonly AuditEvent[],
  { after, limit = DEFAULT_LIMIT, order = 'asc' }: { after?: string | undefined; limit?: number | undefined; order?: 'asc' | 'desc' | undefined },
): AuditPage {
  const sign = order === 'desc' ? -1 : 1;
  const rest = (order === 'desc' ? events.toReversed() : events).filter((event) => !after || sign * compare(event.position, after) > 0);
  const shown = rest.slice(0, limit);
  return { events: shown, ...(rest.length > limit ? { next: shown.at(-1)!.position } : {}) };
}

/** Whether an event is about an entity: it names it (its own, or a like's meal and liker), as the audit log indexes it. */
const mentions = (event: AuditEvent, entity: AuditEntity | undefined, id: string) =>
  mentionsOf(event.data).some((mention) => (!entity || mention.entity === entity) && mention.id === id);

/** The entity's own events (its versions), whatever stream holds them. */
const ownEvents = (entity: AuditEntity, id: string) => db.auditEvents.filter((event) => event.subject?.entity === entity && event.subject.id === id);
/** As the fold reads them: each with its version of the entity. */
const folded = (events: AuditEvent[]) => events.map(({ type, data, subject }) => ({ type, data, version: subject!.version }));

type SearchFilter = Omit<AuditSearchQuery, 'after' | 'limit' | 'order' | 'newest'>;

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
    const { after, limit, newest, order, ...filter } = parse(AuditSearchQuery, queryOf(request), 'querystring');
    if (newest === 'true') return HttpResponse.json({ events: found(filter).slice(-(limit ?? 50)) } satisfies AuditPage);
    return HttpResponse.json(page(found(filter), { after, limit, order }) satisfies AuditPage);
  }),

  // The names and emails the audit log's SQL finds (near misspellings too) are the test's to state (`server.use`).
  http.get('/api/audit/entities', ({ request }) => {
    auditReader(request);
    parse(AuditEntitySearchQuery, queryOf(request), 'querystring');
    return HttpResponse.json({ entities: [] } satisfies AuditEntitySearch);
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
    const own = ownEvents(entity, id);
    if (version !== undefined && own.length > 0 && version > own.length) refuse(404, `There is no version ${version}: it has ${own.length}`);
    const events = own.filter((event) => (version !== undefined ? event.subject!.version <= version : !at || Date.parse(event.occurredAt) <= at.getTime()));
    const state = foldEntity(entity, events);
    const last = events.at(-1);
    if (!last || !state) refuse(404, 'It did not exist then');
    return HttpResponse.json({ version: last.subject!.version, versions: own.length, at: last.occurredAt, event: last, state } satisfies AuditState);
  }),

  http.get('/api/audit/:entity/:id/diff', ({ request, params }) => {
    auditReader(request);
    const { entity, id } = parse(AuditEntityParams, params, 'params');
    const { from, to } = parse(AuditDiffQuery, queryOf(request), 'querystring');
    const own = ownEvents(entity, id);
    if (to > own.length) refuse(404, `There is no version ${to} of it`);
    const { steps, changes, moreSteps } = changesBetween(entity, folded(own), from, to);
    const step = ({ version, changes }: (typeof steps)[number]) => {
      const { type, occurredAt, actor } = own[version - 1]!;
      return { version, type, occurredAt, actor, changes };
    };
    return HttpResponse.json({ from, to, changes, steps: steps.map(step), ...(moreSteps > 0 ? { moreSteps } : {}) } satisfies AuditDiff);
  }),
];

/** An export of what `query` finds, recorded first as `claims`' (the trail audits its own readers). */
function exported(claims: Claims, query: unknown) {
  const { format, ...filter } = parse(AuditExportQuery, query, 'querystring');
  // As the real export writes them: the records, without the reading aids (names, subject).
  const lines = found(filter).map(({ names: _names, subject: _subject, ...event }) => (format === 'csv' ? csvLine(event) : `${JSON.stringify(event)}\n`));
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
