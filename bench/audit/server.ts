/**
 * read-api in its own process, as production runs it (the shared server factory, access control,
 * the audit routes), so the benchmark can measure its memory apart from the load generator's. Any
 * bearer token is taken for an auditor's: the benchmark measures the routes, not the tokens.
 */
import pino from 'pino';
import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { newAuditKey, readApi } from '@hostel/read-api';
import { createPositionWaiter } from '@hostel/read-models';
import type { ReadModelTables } from '@hostel/read-models';
import { serveUntilTerminated } from '../server-process';

const [databaseUrl] = process.argv.slice(2);
if (!databaseUrl) throw new Error('usage: server.ts <database url>');
const pool = createPool(databaseUrl, 10);
const db = createDb<ReadModelTables>(pool);
const auditor = { sub: 'bench-auditor', email: 'auditor@bench.test', name: 'Bench Auditor', role: 'auditor' as const };
const { app } = await createHttpServer({
  logger: pino({ level: 'silent' }),
  verifyAccessToken: async () => ({ ...auditor, exp: Math.floor(Date.now() / 1000) + 3600 }),
  appOrigins: [],
});
const waiter = await createPositionWaiter(db, databaseUrl);
const store = createPostgresEventStore({ pool });
await app.register(async (scope) => readApi(scope, { db, waiter, store, databaseUrl, auditKey: newAuditKey() }));
await serveUntilTerminated(app, async () => {
  await app.close();
  await waiter.close();
  await store.close();
  await pool.end();
});
