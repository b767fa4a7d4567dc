/**
 * `npm run bench:audit`: the audit trail and the rebuild over BENCH_EVENTS (1,000,000) events of a
 * realistic mix (people registering, meals added and edited, many likes, reviews, payments with their
 * badges, upcoming meals liked into the catalogue, requests served and cancelled), written straight
 * into the event store of a fresh database on the machine's PostgreSQL. Measures, each next to a
 * baseline run in the same process against the same database:
 *
 * 1. a full rebuild of every read model (`npm run rebuild`'s function), in events/s, next to raw
 *    multi-row INSERTs (1,000 rows a statement) of the very rows the rebuild wrote: into tables with
 *    all their indexes, and into bare tables whose indexes are built afterwards;
 * 2. `audit:verify` (the ledger recomputed from the store and checked, on every core), in events/s
 *    (the median of three runs, once the database has settled), next to the same on one thread and
 *    to merely reading the log;
 * 3. a meal's timeline page, a search by actor, the search box (meals, upcoming meals and people by
 *    a name or email begun, a word of it, or misspelt) and a busy meal's state, through the real
 *    routes (read-api in a child process), p50/p99 over BENCH_REQUESTS (200) requests each, next to
 *    an unfiltered page of the log;
 * 4. GET /api/audit/export of the whole log, streamed: time, lines, and the server's peak RSS growth,
 *    next to reading the same rows page by page in this process.
 *
 * BENCH_KEEP_DATABASE=1 keeps the database to study the queries afterwards.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { START } from '@hostel/eventstore';
import type { EventStore } from '@hostel/eventstore';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { createFreshDatabase } from '@hostel/platform/testing';
import { verifyLog } from '../../ops/src/audit-verify/verify-log';
import { projectorMigrations } from '@hostel/projector';
import { rebuildReadModels } from '@hostel/projector/rebuild';
import { insertEventMix } from '@hostel/projector/testing';
import { copyField, copyText, projections } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import * as auditLog from '@hostel/read-models/audit-log';
import type { LedgerVerification } from '@hostel/read-models/audit-log';
import { newAuditKey, signDigest } from '@hostel/read-api';
import type { AuditKey } from '@hostel/read-api';
import { percentile } from '../percentile';
import { type ServerProcess, startServerProcess } from '../server-process';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ROWS_PER_INSERT = 1000;
/** A signed checkpoint every this many events: a log that grew by a few events every 10 s. */
const CHECKPOINT_EVERY = 10;
const here = fileURLToPath(new URL('.', import.meta.url));
const tables = projections.flatMap((projection) => projection.tables);
const count = (n: number) => Math.round(n).toLocaleString('en-US');
const since = (started: number) => (performance.now() - started) / 1000;
const results: string[] = [];
const report = (line: string) => {
  results.push(line);
  console.log(line);
};

const database = await createFreshDatabase('bench');
const pool = createPool(database.url, 8);
const db = createDb<ReadModelTables>(pool);
let server: ServerProcess | undefined;
try {
  await migrateEventStore(pool);
  await migrate(db, 'projector', projectorMigrations);
  const store = createPostgresEventStore({ pool });

  // The log.
  let started = performance.now();
  const seeded = await insertEventMix(db, {
    events: EVENTS,
    seed: 2026,
    onProgress: (written) => process.stdout.write(`\rwriting the log: ${count(written)} events`),
  });
  console.log(`\rwrote ${count(seeded.events)} events into the store in ${since(started).toFixed(1)} s (${count(seeded.events / since(started))} events/s)`);
  // A log that has been in use a while has been vacuumed (and its rows' hint bits set).
  await sql`vacuum analyze eventstore.events`.execute(db);
  const types = await sql<{ type: string; n: string }>`select type, count(*) as n from eventstore.events group by type order by 2 desc`.execute(db);
  console.log(`mix: ${types.rows.map((row) => `${row.type} ${count(Number(row.n))}`).join(', ')}\n`);

  // 1. The rebuild, next to raw INSERTs of the rows it wrote.
  const rebuild = await rebuildReadModels({ store, db, eventCount: seeded.events, stream: process.stdout });
  const rebuildRate = rebuild.events / rebuild.seconds;
  const rows = Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await rowCount(db, table)] as const)));
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  const raw = await rawInserts(database.url, db);
  const indexedRate = rebuild.events / raw.indexed;
  const bareRate = rebuild.events / (raw.bare + raw.indexing);
  const copyRate = rebuild.events / (raw.copy + raw.copyIndexing);
  report(
    `\nrebuild of every read model: ${count(rebuild.events)} events in ${rebuild.seconds.toFixed(1)} s = ${count(rebuildRate)} events/s  (target ≥ 50,000)`,
  );
  report(
    `  replaying ${rebuild.steps.replaying.toFixed(1)} s (${count(rebuild.events / rebuild.steps.replaying)} events/s), building the copies' indexes ${rebuild.steps.indexing.toFixed(1)} s, swapping ${rebuild.steps.swapping.toFixed(1)} s`,
  );
  report(`  it wrote ${count(totalRows)} rows: ${tables.map((table) => `${table} ${count(rows[table]!)}`).join(', ')}`);
  report(
    `  raw multi-row INSERT of those rows (${ROWS_PER_INSERT} a statement), tables with their indexes: ${raw.indexed.toFixed(1)} s = ${count(indexedRate)} events/s`,
  );
  report(
    `  raw multi-row INSERT into bare tables, then their indexes built: ${raw.bare.toFixed(1)} s + ${raw.indexing.toFixed(1)} s = ${count(bareRate)} events/s`,
  );
  report(
    `  raw COPY of those rows into bare tables, then their indexes built (the database's floor): ${raw.copy.toFixed(1)} s + ${raw.copyIndexing.toFixed(1)} s = ${count(copyRate)} events/s`,
  );
  report(
    `  ratio rebuild / raw multi-row INSERT: ${(rebuildRate / indexedRate).toFixed(2)} against indexed tables, ${(rebuildRate / bareRate).toFixed(2)} against bare tables + index builds  (target ≥ 0.40); rebuild / COPY floor ${(rebuildRate / copyRate).toFixed(2)}`,
  );

  // 2. audit:verify, next to the same on one thread and to reading the log alone, on a settled
  // database: the rebuild and the raw INSERTs leave dead rows to vacuum and dirty pages to write,
  // which PostgreSQL would otherwise do on the same two cores while verify runs. The ledger carries
  // signed checkpoints, one every CHECKPOINT_EVERY events (read-api signs the head every 10 s it moved),
  // and verify holds the log to each, as the command does.
  const key = newAuditKey();
  const checkpoints = await signCheckpoints(db, key);
  await sql`vacuum analyze`.execute(db);
  await sql`checkpoint`.execute(db);
  const runs: { verified: LedgerVerification; seconds: number }[] = [];
  for (let run = 0; run < 3; run++) {
    started = performance.now();
    const { result, signed } = await verifyLog({ db, store, databaseUrl: database.url, key });
    if (signed && !signed.ok) throw new Error(`audit:verify: the checkpoint at ${signed.claim.digest.position} does not hold (${signed.problem})`);
    runs.push({ verified: result, seconds: since(started) });
  }
  const { verified, seconds: verifySeconds } = runs.toSorted((a, b) => a.seconds - b.seconds)[1]!;
  started = performance.now();
  const oneThread = await auditLog.verifyLedger({ store, db });
  const oneThreadSeconds = since(started);
  started = performance.now();
  const readOnly = await readWholeLog(store);
  const readSeconds = since(started);
  const failed = [...runs.map((run) => run.verified), oneThread].find((result) => result.difference);
  report(
    `\naudit:verify (${availableParallelism()} threads, ${count(checkpoints)} signed checkpoints held to), median of 3 runs: ${count(verified.verified)} events in ${verifySeconds.toFixed(1)} s = ${count(verified.verified / verifySeconds)} events/s  (target ≥ 100,000)${failed ? '  FAILED: ' + failed.difference!.reason : ''}`,
  );
  report(`  the 3 runs: ${runs.map((run) => `${count(run.verified.verified / run.seconds)}`).join(', ')} events/s`);
  report(
    `  the same on one thread: ${oneThreadSeconds.toFixed(1)} s = ${count(oneThread.verified / oneThreadSeconds)} events/s; reading the log alone as verify does (store.readAllStored, batches of 5,000): ${readSeconds.toFixed(1)} s = ${count(readOnly / readSeconds)} events/s`,
  );

  // 3. Queries through the real routes.
  await sql`vacuum analyze`.execute(db);
  server = await startServerProcess(join(here, 'server.ts'), [database.url]);
  const { port } = server;
  const get = async (path: string) => {
    const at = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { authorization: 'Bearer bench' } });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
    return performance.now() - at;
  };
  const meals = (await sql<{ id: string }>`select id from meals order by md5(id) limit 50`.execute(db)).rows.map((row) => row.id);
  const actors = (await sql<{ email: string }>`select email from users order by md5(id) limit 50`.execute(db)).rows.map((row) => row.email);
  const positions = (
    await sql<{ position: string }>`select position_a || '/' || position_b as position from audit_events tablesample system (1) limit 50`.execute(db)
  ).rows.map((row) => row.position);
  // The busiest meals and actors, each with a cursor half-way through its events: a page deep in a long timeline.
  const busyMeals = (
    await sql<{ id: string; after: string }>`
      select m.id, (select r.position_a || '/' || r.position_b from audit_entity_refs r where r.entity_type = 'meals' and r.entity_id = m.id
        order by r.position_a, r.position_b offset m.likes / 2 limit 1) as after
      from meals m order by m.likes desc limit 20`.execute(db)
  ).rows;
  const busyActors = (
    await sql<{ email: string; after: string }>`
      select u.email, (select e.position_a || '/' || e.position_b from audit_events e where e.actor_id = u.id
        order by e.actor_id, e.position_a, e.position_b offset a.n / 2 limit 1) as after
      from (select actor_id, count(*) as n from audit_events where actor_id <> 'system' group by actor_id order by count(*) desc limit 20) a
      join users u on u.id = a.actor_id`.execute(db)
  ).rows;
  // What an auditor types in the search box: a name begun, its last word, an email begun, the name with a letter missing.
  const named = (
    await sql<{ name: string; email: string | null }>`
      select name, email from audit_entities where entity_type in ('meals', 'upcoming', 'users') and name is not null order by md5(entity_id) limit 50`.execute(
      db,
    )
  ).rows;
  const typed = named.flatMap(({ name, email }) => [
    name.slice(0, 4),
    name.split(' ').at(-1)!,
    `${name.slice(0, Math.floor(name.length / 2))}${name.slice(Math.floor(name.length / 2) + 1)}`,
    ...(email ? [email.slice(0, 6)] : []),
  ]);
  const measured: [string, (index: number) => string][] = [
    ['an unfiltered page of the log (baseline)', (index) => `/api/audit/events?after=${positions[index % positions.length]}`],
    ["a meal's timeline, first page", (index) => `/api/audit/meals/${meals[index % meals.length]}`],
    [
      "a busy meal's timeline, a page half-way",
      (index) => `/api/audit/meals/${busyMeals[index % busyMeals.length]!.id}?after=${busyMeals[index % busyMeals.length]!.after}`,
    ],
    ['search by actor (email), first page', (index) => `/api/audit/events?actor=${encodeURIComponent(actors[index % actors.length]!)}`],
    [
      'search by a busy actor, a page half-way',
      (index) =>
        `/api/audit/events?actor=${encodeURIComponent(busyActors[index % busyActors.length]!.email)}&after=${busyActors[index % busyActors.length]!.after}`,
    ],
    ['search box: a name begun, a word, an email, a typo', (index) => `/api/audit/entities?q=${encodeURIComponent(typed[index % typed.length]!)}`],
    ["a busy meal's timeline, newest first", (index) => `/api/audit/meals/${busyMeals[index % busyMeals.length]!.id}?order=desc`],
    ["a busy meal's state (its likes folded)", (index) => `/api/audit/meals/${busyMeals[index % busyMeals.length]!.id}/state`],
  ];
  report(`\nqueries over ${count(seeded.events)} events, ${REQUESTS} requests each, one at a time (read-api in its own process):`);
  const p99s: number[] = [];
  for (const [name, path] of measured) {
    for (let index = 0; index < 20; index++) await get(path(index + 7)); // warm-up
    const latencies: number[] = [];
    for (let index = 0; index < REQUESTS; index++) latencies.push(await get(path(index)));
    const [p50, p99, max] = [percentile(latencies, 50), percentile(latencies, 99), Math.max(...latencies)];
    p99s.push(p99);
    report(`  ${name.padEnd(52)} p50 ${p50.toFixed(1).padStart(6)} ms   p99 ${p99.toFixed(1).padStart(6)} ms   max ${max.toFixed(1).padStart(6)} ms`);
  }
  report(
    `  p99 ratio to the unfiltered page: timeline ${(p99s[1]! / p99s[0]!).toFixed(2)} and ${(p99s[2]! / p99s[0]!).toFixed(2)}, actor search ${(p99s[3]! / p99s[0]!).toFixed(2)} and ${(p99s[4]! / p99s[0]!).toFixed(2)}, search box ${(p99s[5]! / p99s[0]!).toFixed(2)}  (target p99 ≤ 50 ms)`,
  );

  // 4. The export, streamed through the real route, and the server's memory meanwhile.
  const exported = await exportAll(port, server.child.pid!);
  started = performance.now();
  const bare = await readPages(db);
  const bareSeconds = since(started);
  report(
    `\nGET /api/audit/export?format=ndjson: ${count(exported.lines)} lines, ${(exported.bytes / 1e6).toFixed(0)} MB in ${exported.seconds.toFixed(1)} s = ${count(exported.lines / exported.seconds)} lines/s`,
  );
  report(
    `  server RSS ${(exported.rssBefore / 1e6).toFixed(0)} MB before, peak ${(exported.rssPeak / 1e6).toFixed(0)} MB: growth ${((exported.rssPeak - exported.rssBefore) / 1e6).toFixed(0)} MB  (target < 100 MB)`,
  );
  report(
    `  the same events read page by page (1,000) and serialised in this process, as the export went before COPY: ${bareSeconds.toFixed(1)} s (${count(bare / bareSeconds)} rows/s); ratio export / bare ${(exported.seconds / bareSeconds).toFixed(2)}`,
  );
  console.log(`\n---- summary ----\n${results.join('\n')}`);
} finally {
  await server?.stop();
  await pool.end();
  if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database: ${database.url}`);
  else await database.drop();
}

async function rowCount(db: Kysely<ReadModelTables>, table: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]!.n);
}

/**
 * The rows the rebuild wrote, read back (not timed) and written again with multi-row INSERTs (timed):
 * into copies with every index (`indexed`), and into bare copies (`bare`) whose indexes are then
 * built (`indexing`); and with COPY into bare copies (`copy`), their indexes built after
 * (`copyIndexing`): the database's own floor. Answers the seconds each took.
 */
async function rawInserts(url: string, db: Kysely<ReadModelTables>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // As favourable as the rebuild's own batches.
  await client.query('set synchronous_commit to off');
  await client.query('create schema raw_indexed; create schema raw_bare; create schema raw_copy');
  const timing = { indexed: 0, bare: 0, indexing: 0, copy: 0, copyIndexing: 0 };
  const indexes: string[] = [];
  const copyIndexes: string[] = [];
  // COPY goes through kysely's connection (copyText), on a connection of its own.
  const copying = await new Promise<{ copy: (table: string, columns: string[], data: string) => Promise<void>; done: () => void }>((resolve, reject) => {
    db.connection()
      .execute(
        (connection) =>
          new Promise<void>((done) => {
            void sql`set synchronous_commit to off`
              .execute(connection)
              .then(() => resolve({ copy: (table, columns, data) => copyText(connection, table, columns, data), done }), reject);
          }),
      )
      .catch(reject);
  });
  for (const table of tables) {
    await client.query(`create table raw_copy.${table} (like public.${table} including all excluding indexes excluding constraints)`);
    await client.query(`create table raw_indexed.${table} (like public.${table} including all)`);
    await client.query(`create table raw_bare.${table} (like public.${table} including all excluding indexes excluding constraints)`);
    const { rows: defs } = await client.query<{ definition: string }>(
      `select pg_get_indexdef(indexrelid) as definition from pg_index where indrelid = 'public.${table}'::regclass`,
    );
    indexes.push(...defs.map((row) => row.definition.replace(/^(CREATE (UNIQUE )?INDEX) \S+ ON public\./, '$1 ON raw_bare.')));
    copyIndexes.push(...defs.map((row) => row.definition.replace(/^(CREATE (UNIQUE )?INDEX) \S+ ON public\./, '$1 ON raw_copy.')));
    const { rows: columnRows } = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = $1 and is_generated = 'NEVER' order by ordinal_position`,
      [table],
    );
    const columns = columnRows.map((row) => row.column_name);
    const { rows: pages } = await client.query<{ pages: number }>(`select pg_relation_size('public.${table}') / 8192 as pages`);
    const statement = (schema: string, n: number) =>
      `insert into ${schema}.${table} (${columns.join(', ')}) values ${Array.from(
        { length: n },
        (_, row) => `(${columns.map((_, column) => `$${row * columns.length + column + 1}`).join(', ')})`,
      ).join(', ')}`;
    for (let page = 0; page <= Number(pages[0]!.pages); page += 2000) {
      const query: pg.QueryArrayConfig = {
        text: `select ${columns.map((column) => `${column}::text`).join(', ')} from public.${table} where ctid >= '(${page},0)'::tid and ctid < '(${page + 2000},0)'::tid`,
        rowMode: 'array',
      };
      const { rows: chunk } = await client.query<(string | null)[]>(query);
      const text = chunk.map((row) => `${row.map(copyField).join('\t')}\n`).join('');
      const copied = performance.now();
      if (chunk.length > 0) await copying.copy(`raw_copy.${table}`, columns, text);
      timing.copy += since(copied);
      for (let at = 0; at < chunk.length; at += ROWS_PER_INSERT) {
        const part = chunk.slice(at, at + ROWS_PER_INSERT);
        const values = part.flat();
        let from = performance.now();
        await client.query(statement('raw_indexed', part.length), values);
        timing.indexed += since(from);
        from = performance.now();
        await client.query(statement('raw_bare', part.length), values);
        timing.bare += since(from);
      }
    }
  }
  let from = performance.now();
  for (const index of indexes) await client.query(index);
  timing.indexing = since(from);
  from = performance.now();
  for (const index of copyIndexes) await client.query(index);
  timing.copyIndexing = since(from);
  copying.done();
  await client.query('drop schema raw_indexed cascade; drop schema raw_bare cascade; drop schema raw_copy cascade');
  await client.end();
  return timing;
}

async function readWholeLog(store: EventStore): Promise<number> {
  let from = START;
  let events = 0;
  for (;;) {
    const batch = await store.readAllStored({ from, batch: 5000 });
    if (batch.length === 0) return events;
    events += batch.length;
    from = batch.at(-1)!.position;
  }
}

/** Resident memory of a process, and its peak since the last reset (Linux /proc). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The whole log through GET /api/audit/export, read as it streams; the server's RSS sampled meanwhile. */
async function exportAll(port: number, pid: number) {
  // Forget the peak of the server's start-up: from here on VmHWM is the export's.
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  const rssBefore = memoryOf(pid).rss;
  let rssPeak = rssBefore;
  const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, memoryOf(pid).rss)), 20);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/audit/export?format=ndjson`, { headers: { authorization: 'Bearer bench' } });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  let lines = 0;
  let bytes = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const seconds = since(started);
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, memoryOf(pid).peak);
  return { lines, bytes, seconds, rssBefore, rssPeak };
}

/** The export's events read by keyset pages of 1,000 (the search's own reads) and serialised, in this process: the way the export went before COPY. */
async function readPages(db: Kysely<ReadModelTables>): Promise<number> {
  let rows = 0;
  let after: string | undefined;
  do {
    const page = await auditLog.searchEvents(db, {}, { after, limit: 1000 });
    for (const event of page.events) rows += JSON.stringify(event).length > 0 ? 1 : 0;
    after = page.next;
  } while (after);
  return rows;
}

/** Signs the ledger's head at every CHECKPOINT_EVERY-th event, as read-api would have over the log's life; answers how many. */
async function signCheckpoints(db: Kysely<ReadModelTables>, key: AuditKey): Promise<number> {
  const { rows } = await sql<{ position: string; hash: string }>`
    select position_a || '/' || position_b as position, hash
      from (select position_a, position_b, hash, row_number() over (order by position_a, position_b) as n from audit_events) e
     where n % ${CHECKPOINT_EVERY} = 0`.execute(db);
  for (let start = 0; start < rows.length; start += 5000) {
    const values = rows.slice(start, start + 5000).map((row, index) => {
      // A chain, as read-api signs them: each names the one before it.
      const before = rows[start + index - 1];
      return auditLog.checkpointRow(
        signDigest(key, row, new Date(), { seq: start + index + 1, previous: before ? { position: before.position, hash: before.hash } : null }),
      );
    });
    await db.insertInto('audit_checkpoints').values(values).execute();
  }
  return rows.length;
}
