import type { AuditEntity, AuditEvent, AuditPage, PaymentTrail } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { ReadModelTables } from '../read-models';

type Db = Kysely<ReadModelTables>;

/** Where a page starts (exclusive) and how long it is. */
export interface AuditPaging {
  after?: string | undefined;
  limit?: number | undefined;
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
      'u.email as actor_email',
      'u.name as actor_name',
    ]);
}
type EventsQuery = ReturnType<typeof events>;
type EventRow = Awaited<ReturnType<EventsQuery['execute']>>[number];

export function toAuditEvent(row: EventRow): AuditEvent {
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
    data: row.data as Record<string, unknown>,
    ...(row.stored_data === null ? {} : { storedData: row.stored_data as Record<string, unknown> }),
    hash: row.hash,
  };
}

/** `a/b` → its two parts; the route's schema has checked the shape. */
const parts = (position: string) => position.split('/') as [string, string];
const after = (position: string | undefined) =>
  position ? sql<boolean>`(e.position_a, e.position_b) > (${parts(position)[0]}::bigint, ${parts(position)[1]}::bigint)` : sql<boolean>`true`;

/** One page in commit order: a row more than asked tells whether another page follows. */
async function page(query: EventsQuery, paging: AuditPaging): Promise<AuditPage> {
  const limit = paging.limit ?? DEFAULT_LIMIT;
  const rows = await query
    .where(after(paging.after))
    .orderBy('e.position_a')
    .orderBy('e.position_b')
    .limit(limit + 1)
    .execute();
  const shown = rows.slice(0, limit).map(toAuditEvent);
  return { events: shown, ...(rows.length > limit ? { next: shown.at(-1)!.position } : {}) };
}

/**
 * The events that mention an entity (`kind` and `id`, or `id` of any kind), after `afterPosition`: the
 * entity index read in commit order from where the page starts, joined to the events. Driven from
 * the index, a page costs its own rows however long the timeline (an EXISTS per event, or a
 * position bound on the events' side, walks the log from the cursor instead: seconds on a million).
 */
function mentioning(db: Db, id: string, kind: string | undefined, afterPosition: string | undefined): EventsQuery {
  let refs = db.selectFrom('audit_entity_refs as r').select(['r.position_a', 'r.position_b']).distinct().where('r.entity_id', '=', id);
  if (kind) refs = refs.where('r.entity_type', '=', kind);
  if (afterPosition) refs = refs.where(sql<boolean>`(r.position_a, r.position_b) > (${parts(afterPosition)[0]}::bigint, ${parts(afterPosition)[1]}::bigint)`);
  return events(db).innerJoin(refs.as('m'), (join) =>
    join.onRef('m.position_a', '=', 'e.position_a').onRef('m.position_b', '=', 'e.position_b'),
  ) as unknown as EventsQuery;
}

/** The events that mention an entity, from its own stream and any other. */
export function entityTimeline(db: Db, entity: AuditEntity, id: string, paging: AuditPaging): Promise<AuditPage> {
  // The page starts inside the index (`mentioning`), not again on the events.
  return page(mentioning(db, id, entity, paging.after), { limit: paging.limit });
}

/**
 * A meal's likes recorded in streams of their own (`like-<mealId>.<userId>`), in commit order: what
 * the meal's state at a moment folds in besides its own stream.
 */
export async function likesInTheirOwnStreams(db: Db, mealId: string): Promise<AuditEvent[]> {
  const rows = await events(db)
    .where('e.type', '=', 'MealLiked')
    .where('e.stream_id', 'like', 'like-%')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('audit_entity_refs as r')
          .select('r.entity_id')
          .whereRef('r.position_a', '=', 'e.position_a')
          .whereRef('r.position_b', '=', 'e.position_b')
          .where('r.entity_type', '=', 'meals')
          .where('r.entity_id', '=', mealId),
      ),
    )
    .orderBy('e.position_a')
    .orderBy('e.position_b')
    .execute();
  return rows.map(toAuditEvent);
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
    query = mentioning(db, id, kind, paging.after);
    rest = { limit: paging.limit };
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
  return page(search.query, search.paging);
}

/**
 * The newest `limit` events the filter finds, in commit order: where a live tail opens. Read from the
 * end of the log backwards, so it costs its own rows however long the log. No `next`: a tail reads on
 * with `after` from the last one.
 */
export async function newestEvents(db: Db, filter: AuditFilter, limit = DEFAULT_LIMIT): Promise<AuditPage> {
  const { query } = await filtered(db, filter);
  const rows = await query.orderBy('e.position_a', 'desc').orderBy('e.position_b', 'desc').limit(limit).execute();
  return { events: rows.reverse().map(toAuditEvent) };
}

/** Every event one request caused, across streams (its commands, and the policies' commands it led to). */
export function correlatedEvents(db: Db, correlationId: string, paging: AuditPaging): Promise<AuditPage> {
  return page(events(db).where('e.correlation_id', '=', correlationId), paging);
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
