import { AUDIT_SUBJECTS, auditKey, auditSubjectOf } from '@hostel/contracts';
import type { AuditEntity, AuditEntitySearch, AuditEvent, AuditName, AuditPage, PaymentTrail } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '../read-models';
import { mentionsOf } from './ledger';

type Db = Kysely<ReadModelTables>;

/** Where a page starts (exclusive), how long it is, and which way it reads (commit order, or newest first). */
export interface AuditPaging {
  after?: string | undefined;
  limit?: number | undefined;
  order?: 'asc' | 'desc' | undefined;
}

export interface AuditFilter {
  /** An email or a user id, or 'system'. */
  actor?: string | undefined;
  type?: string | undefined;
  /** `<entity>:<id>` or a bare id of any entity. */
  entity?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

const DEFAULT_LIMIT = 50;

/** Every event column, and the actor's email and name as the users read model has them now. */
function events(db: Db) {
  return db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select([
      'e.position_a',
      'e.position_b',
      'e.stream_id',
      'e.stream_version',
      'e.type',
      'e.occurred_at',
      'e.actor_id',
      'e.correlation_id',
      'e.causation_id',
      'e.schema_version',
      'e.data',
      'e.stored_data',
      'e.hash',
      'e.subject_version',
      'u.email as actor_email',
      'u.name as actor_name',
    ]);
}
type EventsQuery = ReturnType<typeof events>;
type EventRow = Awaited<ReturnType<EventsQuery['execute']>>[number];

/** An event row as the API answers it; `names`: how what it mentions was named then (see namesThen). */
function toAuditEvent(row: EventRow, names: Record<string, AuditName> = {}): AuditEvent {
  const data = row.data as Record<string, unknown>;
  const subject = row.subject_version === null ? undefined : auditSubjectOf(row.type, data);
  return {
    position: `${row.position_a}/${row.position_b}`,
    stream: row.stream_id,
    version: Number(row.stream_version),
    type: row.type,
    occurredAt: row.occurred_at.toISOString(),
    actor: row.actor_id === 'system' ? 'system' : { id: row.actor_id, email: row.actor_email ?? null, name: row.actor_name ?? null },
    correlationId: row.correlation_id,
    causationId: row.causation_id,
    schemaVersion: row.schema_version,
    data,
    ...(row.stored_data === null ? {} : { storedData: row.stored_data as Record<string, unknown> }),
    hash: row.hash,
    names,
    ...(subject ? { subject: { ...subject, version: row.subject_version! } } : {}),
  };
}

/**
 * Events as the API answers them, each with the names of what it mentions and of its actor as they
 * were at its position: the latest name each had recorded at or before it (one probe of audit_names
 * per entity named, all in one statement).
 */
export async function answered(db: Db, rows: readonly EventRow[]): Promise<AuditEvent[]> {
  const wanted = new Map<string, { entity: string; id: string; a: string; b: string }>();
  for (const row of rows) {
    const named = mentionsOf(row.data as Record<string, unknown>);
    if (row.actor_id !== 'system') named.push({ entity: 'users', id: row.actor_id });
    for (const { entity, id } of named) wanted.set(`${row.position_a}/${row.position_b} ${entity}:${id}`, { entity, id, a: row.position_a, b: row.position_b });
  }
  const probes = [...wanted.values()];
  const found =
    probes.length === 0
      ? []
      : (
          await sql<{ entity_type: string; entity_id: string; a: string; b: string; name: string; email: string | null }>`
            select k.entity_type, k.entity_id, k.a, k.b, n.name, n.email
            from unnest(${probes.map((probe) => probe.entity)}::text[], ${probes.map((probe) => probe.id)}::text[],
              ${probes.map((probe) => probe.a)}::bigint[], ${probes.map((probe) => probe.b)}::bigint[]) as k(entity_type, entity_id, a, b)
            cross join lateral (
              select h.name, h.email from audit_names h
              where h.entity_type = k.entity_type and h.entity_id = k.entity_id and (h.position_a, h.position_b) <= (k.a, k.b)
              order by h.position_a desc, h.position_b desc limit 1
            ) n`.execute(db)
        ).rows;
  const byPosition = new Map<string, Record<string, AuditName>>();
  for (const name of found) {
    const position = `${name.a}/${name.b}`;
    const names = byPosition.get(position) ?? {};
    names[auditKey(name.entity_type as AuditEntity, name.entity_id)] = name.email === null ? { name: name.name } : { name: name.name, email: name.email };
    byPosition.set(position, names);
  }
  return rows.map((row) => toAuditEvent(row, byPosition.get(`${row.position_a}/${row.position_b}`)));
}

/** `a/b` → its two parts; the route's schema has checked the shape. */
const parts = (position: string) => position.split('/') as [string, string];
/** Past `position` in reading order: later in commit order, or earlier when reading newest first. */
const after = (position: string | undefined, order: 'asc' | 'desc' = 'asc', table = 'e') =>
  position
    ? sql<boolean>`(${sql.ref(`${table}.position_a`)}, ${sql.ref(`${table}.position_b`)}) ${sql.raw(order === 'desc' ? '<' : '>')} (${parts(position)[0]}::bigint, ${parts(position)[1]}::bigint)`
    : sql<boolean>`true`;

/** One page in reading order: a row more than asked tells whether another page follows. */
async function page(db: Db, query: EventsQuery, paging: AuditPaging): Promise<AuditPage> {
  const limit = paging.limit ?? DEFAULT_LIMIT;
  const order = paging.order ?? 'asc';
  const rows = await query
    .where(after(paging.after, order))
    .orderBy('e.position_a', order)
    .orderBy('e.position_b', order)
    .limit(limit + 1)
    .execute();
  const shown = await answered(db, rows.slice(0, limit));
  return { events: shown, ...(rows.length > limit ? { next: shown.at(-1)!.position } : {}) };
}

/**
 * The events that mention an entity (`kind` and `id`, or `id` of any kind), after `afterPosition`: the
 * entity index read in commit order from where the page starts, joined to the events. Driven from
 * the index, a page costs its own rows however long the timeline (an EXISTS per event, or a
 * position bound on the events' side, walks the log from the cursor instead: seconds on a million).
 */
function mentioning(db: Db, id: string, kind: string | undefined, paging: AuditPaging): EventsQuery {
  let refs = db.selectFrom('audit_entity_refs as r').select(['r.position_a', 'r.position_b']).distinct().where('r.entity_id', '=', id);
  if (kind) refs = refs.where('r.entity_type', '=', kind);
  if (paging.after) refs = refs.where(after(paging.after, paging.order, 'r'));
  return events(db).innerJoin(refs.as('m'), (join) =>
    join.onRef('m.position_a', '=', 'e.position_a').onRef('m.position_b', '=', 'e.position_b'),
  ) as unknown as EventsQuery;
}

/** The events that mention an entity, from its own stream and any other. */
export function entityTimeline(db: Db, entity: AuditEntity, id: string, paging: AuditPaging): Promise<AuditPage> {
  // The page starts inside the index (`mentioning`), not again on the events.
  return page(db, mentioning(db, id, entity, paging), { limit: paging.limit, order: paging.order });
}

/** An entity's own event as its fold reads it. */
export interface OwnEvent {
  version: number;
  position: string;
  type: string;
  data: Record<string, unknown>;
  occurredAt: string;
}

/**
 * An entity's own events (its versions), whatever stream holds them, in order, up to a version or a
 * moment: its refs in the entity index, kept where the event's kind makes versions of this kind of
 * entity (a request's among its student's, a meal's likes and reviews from streams of their own).
 */
export async function ownEvents(
  db: Db,
  entity: AuditEntity,
  id: string,
  until: { version?: number | undefined; at?: Date | undefined } = {},
): Promise<OwnEvent[]> {
  let query = db
    .selectFrom('audit_entity_refs as r')
    .innerJoin('audit_events as e', (join) => join.onRef('e.position_a', '=', 'r.position_a').onRef('e.position_b', '=', 'r.position_b'))
    .select(['e.position_a', 'e.position_b', 'e.type', 'e.data', 'e.occurred_at', 'e.subject_version'])
    .where('r.entity_type', '=', entity)
    .where('r.entity_id', '=', id)
    .where('e.type', 'in', [...AUDIT_SUBJECTS[entity].types])
    .where('e.subject_version', 'is not', null);
  if (until.version !== undefined) query = query.where('e.subject_version', '<=', until.version);
  if (until.at) query = query.where('e.occurred_at', '<=', until.at);
  const rows = await query.orderBy('r.position_a').orderBy('r.position_b').execute();
  return rows.map((row) => ({
    version: row.subject_version!,
    position: `${row.position_a}/${row.position_b}`,
    type: row.type,
    data: row.data as Record<string, unknown>,
    occurredAt: row.occurred_at.toISOString(),
  }));
}

/** The events at these positions, as the API answers them (with their names then), in commit order. */
export async function eventsAt(db: Db, positions: readonly string[]): Promise<AuditEvent[]> {
  if (positions.length === 0) return [];
  const rows = await events(db)
    .where(
      sql<boolean>`(e.position_a, e.position_b) in (select * from unnest(${positions.map((position) => parts(position)[0])}::bigint[], ${positions.map((position) => parts(position)[1])}::bigint[]))`,
    )
    .orderBy('e.position_a')
    .orderBy('e.position_b')
    .execute();
  return answered(db, rows);
}

/** How many versions an entity has (0: the log has no event of it). */
export async function entityVersions(db: Db, entity: AuditEntity, id: string): Promise<number> {
  const row = await db.selectFrom('audit_entities').select('versions').where('entity_type', '=', entity).where('entity_id', '=', id).executeTakeFirst();
  return row?.versions ?? 0;
}

/** The kinds of entity the search box finds: meals, upcoming meals and people. */
const SEARCHED = ['meals', 'upcoming', 'users'] as const;

/**
 * Meals, upcoming meals and people whose name or email contains what was typed, begins with it, or
 * comes close to a word of it (pg_trgm's word similarity, for a misspelling), through the trigram
 * indexes on audit_entities: a name or email that begins with it first, then the closest.
 */
export async function searchEntities(db: Db, typed: string, limit = 10): Promise<AuditEntitySearch> {
  const q = typed.trim().toLowerCase();
  const like = q.replace(/[\\%_]/g, '\\$&');
  const { rows } = await sql<{ entity_type: AuditEntity; entity_id: string; name: string; email: string | null; versions: number }>`
    select entity_type, entity_id, name, email, versions
    from audit_entities
    where entity_type in (${sql.join(SEARCHED)}) and name is not null
      and (name ilike ${`%${like}%`} or email ilike ${`${like}%`} or ${q} <% name)
    order by (name ilike ${`${like}%`} or email ilike ${`${like}%`}) desc, word_similarity(${q}, name) desc, name, entity_id
    limit ${limit}`.execute(db);
  return {
    entities: rows.map((row) => ({
      entity: row.entity_type,
      id: row.entity_id,
      name: row.name,
      ...(row.email === null ? {} : { email: row.email }),
      versions: row.versions,
    })),
  };
}

/** The user ids an actor filter names: 'system', an id, or the account with that email. */
async function actorIds(db: Db, actor: string): Promise<string[]> {
  if (actor === 'system') return ['system'];
  const byEmail = await db.selectFrom('users').select('id').where('email', '=', actor.toLowerCase()).execute();
  return [actor, ...byEmail.map((row) => row.id)];
}

/**
 * The search's filters as one query (every filter optional, each with an index behind it), and the
 * paging left for `page` to apply: an entity filter reads the entity index from the cursor on.
 */
export async function filtered(db: Db, filter: AuditFilter, paging: AuditPaging = {}): Promise<{ query: EventsQuery; paging: AuditPaging }> {
  let query = events(db);
  let rest = paging;
  if (filter.entity) {
    const [kind, id] = filter.entity.includes(':') ? (filter.entity.split(/:(.*)/s) as [string, string]) : [undefined, filter.entity];
    query = mentioning(db, id, kind, paging);
    rest = { limit: paging.limit, order: paging.order };
  }
  if (filter.actor) query = query.where('e.actor_id', 'in', await actorIds(db, filter.actor));
  if (filter.type) query = query.where('e.type', '=', filter.type);
  if (filter.from) query = query.where('e.occurred_at', '>=', filter.from);
  if (filter.to) query = query.where('e.occurred_at', '<=', filter.to);
  return { query, paging: rest };
}

/** Search the whole log. */
export async function searchEvents(db: Db, filter: AuditFilter, paging: AuditPaging): Promise<AuditPage> {
  const search = await filtered(db, filter, paging);
  return page(db, search.query, search.paging);
}

/**
 * The newest `limit` events the filter finds, in commit order: where a live tail opens. Read from the
 * end of the log backwards, so it costs its own rows however long the log. No `next`: a tail reads on
 * with `after` from the last one.
 */
export async function newestEvents(db: Db, filter: AuditFilter, limit = DEFAULT_LIMIT): Promise<AuditPage> {
  const { query } = await filtered(db, filter);
  const rows = await query.orderBy('e.position_a', 'desc').orderBy('e.position_b', 'desc').limit(limit).execute();
  return { events: await answered(db, rows.reverse()) };
}

/** Every event one request caused, across streams (its commands, and the policies' commands it led to). */
export function correlatedEvents(db: Db, correlationId: string, paging: AuditPaging): Promise<AuditPage> {
  return page(db, events(db).where('e.correlation_id', '=', correlationId), paging);
}

/** Payments (one member's, or everyone's), each with the events that mention it: the payment, and the badge it granted. */
export async function paymentTrails(db: Db, email: string | undefined): Promise<PaymentTrail[]> {
  let payments = db.selectFrom('payments').selectAll().orderBy('paid_at', 'desc').orderBy('id', 'desc').limit(500);
  if (email) payments = payments.where(sql`lower(email)`, '=', email.toLowerCase());
  const rows = await payments.execute();
  return Promise.all(
    rows.map(async (row) => ({
      paymentId: row.id,
      email: row.email,
      package: row.package,
      amount: row.amount,
      currency: row.currency,
      price: row.price,
      providerRef: row.provider_ref,
      paidAt: row.paid_at.toISOString(),
      events: (await entityTimeline(db, 'payments', row.id, { limit: 100 })).events,
    })),
  );
}

/** The ledger's head: the last event's position and chain hash (absent for an empty log). */
export async function ledgerHead(db: Db): Promise<{ position: string; hash: string } | undefined> {
  const row = await db
    .selectFrom('audit_events')
    .select(['position_a', 'position_b', 'hash'])
    .orderBy('position_a', 'desc')
    .orderBy('position_b', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { position: `${row.position_a}/${row.position_b}`, hash: row.hash } : undefined;
}

/** Every stored chain hash in commit order, batch after batch (what `audit:verify` checks the recomputed chain against). */
export async function* ledgerHashes(
  db: Db,
  batch = 10_000,
  range: { after?: string | undefined; until?: string | undefined } = {},
): AsyncGenerator<{ position_a: string; position_b: string; hash: string }[]> {
  let position = range.after ? parts(range.after) : undefined;
  for (;;) {
    let query = db.selectFrom('audit_events as e').select(['e.position_a', 'e.position_b', 'e.hash']);
    if (position) query = query.where(sql<boolean>`(e.position_a, e.position_b) > (${position[0]}::bigint, ${position[1]}::bigint)`);
    if (range.until) query = query.where(sql<boolean>`(e.position_a, e.position_b) <= (${parts(range.until)[0]}::bigint, ${parts(range.until)[1]}::bigint)`);
    const rows = await query.orderBy('e.position_a').orderBy('e.position_b').limit(batch).execute();
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    const last = rows.at(-1)!;
    position = [last.position_a, last.position_b];
  }
}

/** How many events the ledger holds. */
export async function ledgerLength(db: Db): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from audit_events`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * The ledger cut into `count` parts of about as many events, each `(after, until]` with the hash the
 * ledger records at `after` (the first part starts at the beginning, the last runs to the end). Each
 * cut is found from the one before it, stepping over positions alone (the primary key's index, not
 * the rows), so cutting costs one pass over the index however many parts there are.
 */
export async function ledgerParts(db: Db, count: number): Promise<{ after?: { position: string; hash: string }; until?: string }[]> {
  const total = await ledgerLength(db);
  const cuts: { position: string; hash: string }[] = [];
  let previous = 0;
  for (let part = 1; part < count && total >= count; part++) {
    const at = Math.floor((total * part) / count);
    const cut = await db
      .selectFrom('audit_events as e')
      .select(['e.position_a', 'e.position_b'])
      .where(after(cuts.at(-1)?.position))
      .orderBy('e.position_a')
      .orderBy('e.position_b')
      .offset(at - previous - 1)
      .limit(1)
      .executeTakeFirstOrThrow();
    const { hash } = await db
      .selectFrom('audit_events')
      .select('hash')
      .where('position_a', '=', cut.position_a)
      .where('position_b', '=', cut.position_b)
      .executeTakeFirstOrThrow();
    cuts.push({ position: `${cut.position_a}/${cut.position_b}`, hash });
    previous = at;
  }
  return [...cuts, undefined].map((cut, index) => ({
    ...(index > 0 ? { after: cuts[index - 1]! } : {}),
    ...(cut ? { until: cut.position } : {}),
  }));
}
