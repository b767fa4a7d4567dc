import type { FastifyInstance } from 'fastify';
import type { Pool, PoolClient } from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { userIdForEmail, userStream } from '@hostel/domain';
import { createPostgresEventStore, migrateEventStore } from '@hostel/eventstore/postgres';
import { readConfig } from '@hostel/platform/config';
import { closePool, createDb, createPool, migrate } from '@hostel/platform/db';
import { createHttpServer } from '@hostel/platform/http';
import { endedSessionMigrations, watchEndedSessions } from '@hostel/platform/sessions';
import type { EndedSessions } from '@hostel/platform/sessions';
import { createFreshDatabase } from '@hostel/platform/testing';
import type { SigningJwk } from '@hostel/platform/tokens';
import type { ReadModelTables } from '@hostel/read-models';
import { commandApi } from './app';
import { bearerTokenVerifier } from './identity/bearer-tokens';
import { loadSigningKey } from './identity/signing-key';
import { commandApiMigrations } from './migrations';
import type { CommandTables } from './migrations';

/**
 * command-api as main.ts composes it (createHttpServer + commandApi, the event store and tables on one
 * pool made by createPool), on a pool that meets PostgreSQL overloaded or giving up on a statement:
 * every such answer is 503 with a message and Retry-After, never 500. bench:campus saw one 500 amid the
 * 503s of a saturated machine. The tables are made beforehand over another pool; the fault is PostgreSQL's
 * own, caused here from outside as load causes it there.
 */
let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let setup: Pool;
let signingKey: SigningJwk;
let endedSessions: EndedSessions;
const config = readConfig({});

beforeAll(async () => {
  database = await createFreshDatabase('unavailable');
  setup = createPool(database.url, 4);
  const db = createDb<CommandTables>(setup);
  await migrate(db, 'command_api', commandApiMigrations);
  await migrate(db, 'sessions', endedSessionMigrations);
  await migrateEventStore(setup);
  signingKey = await loadSigningKey(db);
  endedSessions = await watchEndedSessions(createDb(setup));
});
afterAll(async () => {
  await endedSessions?.close();
  if (setup) await closePool(setup);
  await database?.drop();
});

/** The service on `pool`, and the errors its handler logged (the cause of each answer). */
async function commandApiOn(pool: Pool): Promise<{ app: FastifyInstance; logged: () => { code?: string; message?: string }[] }> {
  const lines: { err?: { code?: string; message?: string } }[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  const store = createPostgresEventStore({ pool });
  const db = createDb<CommandTables>(pool);
  const { app } = await createHttpServer({ logger, verifyAccessToken: bearerTokenVerifier({ config, store, db, signingKey, endedSessions }), appOrigins: [] });
  await app.register(async (scope) =>
    commandApi(scope, {
      store,
      db,
      reads: createDb<ReadModelTables>(pool),
      config,
      webOrigin: 'http://localhost:3000',
      signingKey,
      endedSessions,
      sendMail: async () => undefined,
    }),
  );
  await app.ready();
  return { app, logged: () => lines.flatMap((line) => (line.err ? [line.err] : [])) };
}

const register = (app: FastifyInstance, email: string) =>
  app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ann', email, password: 'secret-pass-1' } });

const briefly = { message: 'The service is briefly unavailable. Please try again in a few seconds.' };

/** A transaction of another session, open on the setup pool while `work` runs; rolled back after. */
async function whileAnotherSession<T>(work: (other: PoolClient, otherPid: number) => Promise<T>): Promise<T> {
  const other = await setup.connect();
  try {
    const { rows } = await other.query<{ pid: number }>('select pg_backend_pid() as pid');
    await other.query('begin');
    return await work(other, rows[0]!.pid);
  } finally {
    await other.query('rollback');
    other.release();
  }
}

describe('command-api while PostgreSQL is overloaded', () => {
  it('answers 503 when the server has no connection slot left for it (53300: too many connections)', async () => {
    // "sorry, too many clients already" (max_connections) is the same SQLSTATE; a role's own limit
    // reaches it without starving every other test of this server.
    const role = `full_${crypto.randomUUID().slice(0, 8)}`;
    await setup.query(`create role ${role} login connection limit 0`);
    const url = new URL(database.url);
    url.username = role;
    const pool = createPool(url.href);
    try {
      const { app, logged } = await commandApiOn(pool);
      const answer = await register(app, 'slots@hostel.test');
      expect([answer.statusCode, answer.json(), answer.headers['retry-after']]).toEqual([503, briefly, '5']);
      expect(logged()).toEqual([expect.objectContaining({ code: '53300' })]);
      await app.close();
    } finally {
      await closePool(pool);
      await setup.query(`drop role ${role}`);
    }
  });

  it('answers 503 when a statement outlives statement_timeout waiting its turn (57014: query canceled)', async () => {
    const pool = createPool(`${database.url}?options=${encodeURIComponent('-c statement_timeout=300')}`);
    try {
      const { app, logged } = await commandApiOn(pool);
      // Another session holds the log against writers: the append waits, as behind a long queue of them.
      const answer = await whileAnotherSession(async (other) => {
        await other.query('lock table eventstore.events in share mode');
        return register(app, 'timeout@hostel.test');
      });
      expect([answer.statusCode, answer.json(), answer.headers['retry-after']]).toEqual([503, briefly, '5']);
      expect(logged()).toEqual([expect.objectContaining({ code: '57014', message: 'canceling statement due to statement timeout' })]);
      await app.close();
    } finally {
      await closePool(pool);
    }
  });

  it('answers 503 when PostgreSQL breaks a deadlock by failing the request’s statement (40P01)', async () => {
    const pool = createPool(database.url);
    const email = 'deadlock@hostel.test';
    try {
      const { app, logged } = await commandApiOn(pool);
      const answer = await whileAnotherSession(async (other, otherPid) => {
        // The other session detects deadlocks later than the request's (1 s), so the request's statement is the one failed.
        await other.query(`set local deadlock_timeout = '60s'`);
        // It writes the account's first event, uncommitted: the append of the registration waits for it...
        await other.query(`insert into eventstore.events (stream_id, stream_version, event_id, type, data) values ($1, 0, gen_random_uuid(), 'Other', '{}')`, [
          userStream(userIdForEmail(email)),
        ]);
        const registering = register(app, email);
        await vi.waitFor(
          async () => {
            const { rows } = await setup.query<{ waiting: number }>(
              `select count(*)::int as waiting from pg_stat_activity where $1 = any(pg_blocking_pids(pid))`,
              [otherPid],
            );
            expect(rows[0]!.waiting).toBe(1);
          },
          { timeout: 20_000, interval: 20 },
        );
        // ...holding the table against that session's lock, which now waits for the append: a cycle.
        await other.query('lock table eventstore.events in share mode');
        return registering;
      });
      expect([answer.statusCode, answer.json(), answer.headers['retry-after']]).toEqual([503, briefly, '5']);
      expect(logged()).toEqual([expect.objectContaining({ code: '40P01' })]);
      await app.close();
    } finally {
      await closePool(pool);
    }
  });
});
