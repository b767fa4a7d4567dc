/**
 * `npm run bench:read-meals`: GET /api/meals (search + category + price + skip) over 100,000 meals,
 * the real read-api next to a bare Fastify + pg handler running the same SQL, in the same run.
 * Prints p50 / p99 latency at a steady 500 requests/s and the most requests/s each sustains,
 * and the ratio real / baseline. BENCH_MEALS, BENCH_RATE and BENCH_SECONDS change the sizes;
 * BENCH_KEEP_DATABASE=1 keeps the seeded database to study the queries afterwards.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pino from 'pino';
import { formatPosition } from '@hostel/eventstore';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool, migrate } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { createFreshDatabase } from '@hostel/platform/testing';
import { projectorMigrations, runProjection } from '@hostel/projector';
import { newAuditKey, readApi } from '@hostel/read-api';
import { mealCatalogProjection } from '@hostel/read-models/meal-catalog';
import { createPositionWaiter } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { QUERIES, UNIQUE_QUERIES } from './queries';
import { appendMeals } from './seed';
import { type ServerProcess, startServerProcess } from '../server-process';
import type { CapturedSql } from './server';

const MEALS = Number(process.env.BENCH_MEALS ?? 100_000);
const RATE = Number(process.env.BENCH_RATE ?? 500);
const STEADY_SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const MAX_SECONDS = 15;
const here = fileURLToPath(new URL('.', import.meta.url));
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);

const database = await createFreshDatabase('bench');
const servers: ServerProcess[] = [];
try {
  const pool = createPool(database.url, 30);
  const db = createDb<ReadModelTables>(pool);
  await migrateEventStore(pool);
  await migrate(db, 'projector', projectorMigrations);
  const store = createPostgresEventStore({ pool });

  let started = performance.now();
  const last = await appendMeals(store, MEALS, 24, (done) => process.stdout.write(`\rappending MealAdded events: ${done}/${MEALS}`));
  console.log(`\rappended ${MEALS} MealAdded events in ${seconds(started)} s (${Math.round(MEALS / ((performance.now() - started) / 1000))} events/s)`);

  started = performance.now();
  const projector = runProjection(mealCatalogProjection, { store, db, log: pino({ level: 'silent' }), batchSize: 1000 });
  await waitFor(async () => {
    const row = await db
      .selectFrom('projection_checkpoints')
      .select(['position_a', 'position_b'])
      .where('name', '=', mealCatalogProjection.name)
      .executeTakeFirst();
    return row !== undefined && formatPosition({ a: BigInt(row.position_a), b: BigInt(row.position_b) }) === formatPosition(last);
  });
  console.log(`projected ${MEALS} meals into the catalogue in ${seconds(started)} s (${Math.round(MEALS / ((performance.now() - started) / 1000))} events/s)`);
  await projector.stop();
  await store.close();
  await sql`vacuum analyze meals`.execute(db);

  const captured = await captureSql(database.url);
  const capturedFile = join(mkdtempSync(join(tmpdir(), 'bench-')), 'captured.json');
  writeFileSync(capturedFile, JSON.stringify(captured));
  await pool.end();

  const real = await startServer('real', database.url);
  const baseline = await startServer('baseline', database.url, capturedFile);
  await sameAnswers(real, baseline);

  const results = [];
  for (const [name, port, requests] of [
    ['read-api (real)', real, QUERIES],
    ['bare fastify + pg', baseline, QUERIES],
    // Every request a different page: nothing can come from the visitors' answer cache.
    ['read-api, no repeats', real, UNIQUE_QUERIES],
  ] as const) {
    await load(port, requests, { connections: 20, duration: 3 }); // warm-up: JIT, pools, PostgreSQL caches
    const steady = await load(port, requests, { connections: 20, duration: STEADY_SECONDS, overallRate: RATE });
    const max = await load(port, requests, { connections: 40, duration: MAX_SECONDS });
    results.push({ name, steady, max });
  }
  const [mine, base] = results as [(typeof results)[0], (typeof results)[0]];
  console.log(`\nGET /api/meals with search + category + price + skip over ${MEALS} meals (${QUERIES.length} rotating queries).`);
  console.log("Servers and load generator share this machine's CPU cores; both targets ran in the same run.\n");
  const row = (cells: string[]) => cells.map((cell, index) => cell.padEnd(index === 0 ? 24 : 16)).join('');
  console.log(row(['target', `p50 @${RATE}/s`, `p99 @${RATE}/s`, 'req/s @rate', 'errors', 'max req/s', 'max p99']));
  for (const { name, steady, max } of results) {
    console.log(
      row([
        name,
        `${steady.latency.p50} ms`,
        `${steady.latency.p99} ms`,
        steady.requests.average.toFixed(0),
        String(steady.errors + steady.non2xx),
        max.requests.average.toFixed(0),
        `${max.latency.p99} ms`,
      ]),
    );
  }
  const uncached = results[2]!;
  const ratio = mine.max.requests.average / base.max.requests.average;
  console.log(
    `\nthroughput ratio real / baseline: ${ratio.toFixed(2)}; without repeats: ${(uncached.max.requests.average / base.max.requests.average).toFixed(2)}  (target ≥ 0.80)`,
  );
  console.log('The baseline runs the same SQL on every request; read-api answers repeated visitor pages from its answer cache');
  console.log('until the catalogue changes. "no repeats" sends every request to a different page, so each one runs its SQL.');
  console.log(`p99 at ${RATE}/s: ${mine.steady.latency.p99} ms  (target < 20 ms)`);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  // BENCH_KEEP_DATABASE=1 keeps the seeded database for EXPLAIN ANALYZE afterwards.
  if (process.env.BENCH_KEEP_DATABASE) console.log(`kept database: ${database.url}`);
  else await database.drop();
}

async function waitFor(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

/** Runs every benchmark URL once through the real route on a Kysely that logs its SQL: the baseline runs exactly that. */
async function captureSql(url: string): Promise<Record<string, CapturedSql>> {
  const pool = createPool(url, 4);
  let logged: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<ReadModelTables>({ dialect: new PostgresDialect({ pool }), log: (event) => void logged.push(event.query) });
  const { app } = await createHttpServer({ logger: pino({ level: 'silent' }), verifyAccessToken: async () => undefined, appOrigins: [] });
  const waiter = await createPositionWaiter(db, url);
  await app.register(async (scope) => readApi(scope, { db, waiter, store: createPostgresEventStore({ pool }), databaseUrl: url, auditKey: newAuditKey() }));
  const captured: Record<string, CapturedSql> = {};
  for (const query of QUERIES) {
    logged = [];
    const response = await app.inject({ method: 'GET', url: query });
    if (response.statusCode !== 200) throw new Error(`${query}: ${response.statusCode} ${response.body}`);
    const count = logged.find((entry) => entry.sql.includes('count(*)'));
    const rows = logged.find((entry) => entry !== count);
    if (!rows || !count) throw new Error(`${query}: expected a rows and a count query, saw ${logged.length}`);
    captured[query] = { rows: { sql: rows.sql, parameters: [...rows.parameters] }, count: { sql: count.sql, parameters: [...count.parameters] } };
  }
  await app.close();
  await waiter.close();
  await pool.end();
  return captured;
}

async function startServer(mode: 'real' | 'baseline', url: string, capturedFile?: string): Promise<number> {
  const server = await startServerProcess(join(here, 'server.ts'), [mode, url, ...(capturedFile ? [capturedFile] : [])]);
  servers.push(server);
  return server.port;
}

/** Both servers must answer every benchmark URL alike, or the comparison means nothing. */
async function sameAnswers(real: number, baseline: number) {
  for (const query of QUERIES.slice(0, 8)) {
    const [mine, theirs] = await Promise.all(
      [real, baseline].map((port) =>
        fetch(`http://127.0.0.1:${port}${query}`).then(async (response) => [response.headers.get('x-total-count'), await response.text()]),
      ),
    );
    if (JSON.stringify(mine) !== JSON.stringify(theirs)) throw new Error(`The servers answer ${query} differently`);
  }
}

/** Every connection takes the next path of one shared rotation, so a list without repeats is never repeated. */
function load(port: number, paths: readonly string[], options: { connections: number; duration: number; overallRate?: number }) {
  let next = 0;
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    ...options,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) }],
  });
}
