import { createPostgresEventStore } from '@hostel/eventstore/postgres';
/**
 * One server under test, in its own process so the load generator never shares its event loop.
 * `real`: read-api as production runs it (the shared server factory: helmet, CORS, zod, access
 * control, read-your-writes). `baseline`: bare Fastify + pg running the SQL the real route ran
 * for the same URL (captured by main.ts), answering the same JSON.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pino from 'pino';
import { createDb, createPool } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { newAuditKey, readApi } from '@hostel/read-api';
import { toMealDto } from '@hostel/read-models/meal-catalog';
import { createPositionWaiter } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { serveUntilTerminated } from '../server-process';

export interface CapturedSql {
  rows: { sql: string; parameters: unknown[] };
  count: { sql: string; parameters: unknown[] };
}

const [mode, databaseUrl, capturedFile] = process.argv.slice(2);
if (!databaseUrl || (mode !== 'real' && mode !== 'baseline')) throw new Error('usage: server.ts real|baseline <database url> [captured.json]');
const POOL_SIZE = 20;
const pool = createPool(databaseUrl, POOL_SIZE);

async function real() {
  const db = createDb<ReadModelTables>(pool);
  const { app } = await createHttpServer({ logger: pino({ level: 'silent' }), verifyAccessToken: async () => undefined, appOrigins: [] });
  const waiter = await createPositionWaiter(db, databaseUrl!);
  await app.register(async (scope) =>
    readApi(scope, { db, waiter, store: createPostgresEventStore({ pool }), databaseUrl: databaseUrl!, auditKey: newAuditKey() }),
  );
  return app;
}

async function baseline() {
  const captured = JSON.parse(readFileSync(capturedFile!, 'utf8')) as Record<string, CapturedSql>;
  const app = Fastify({ logger: false });
  app.get('/api/meals', async (request, reply) => {
    const queries = captured[request.url];
    if (!queries) return reply.code(404).send({ message: 'not captured' });
    const [rows, count] = await Promise.all([pool.query(queries.rows.sql, queries.rows.parameters), pool.query(queries.count.sql, queries.count.parameters)]);
    reply.header('x-total-count', String((count.rows[0] as { count: string }).count));
    return rows.rows.map((row) => toMealDto(row as Parameters<typeof toMealDto>[0]));
  });
  return app;
}

const app = mode === 'real' ? await real() : await baseline();
await serveUntilTerminated(app, async () => {
  await app.close();
  await pool.end();
});
