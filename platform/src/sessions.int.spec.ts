import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb, createPool, migrate } from './db';
import { endedSessionMigrations, watchEndedSessions } from './sessions';
import type { EndedSessions, EndedSessionsTables } from './sessions';
import { createFreshDatabase } from './testing';

/**
 * Two instances (two watchers on one database, as two command-api or read-api processes): a session
 * ended on one is ended there at once and on the other within its poll, whose listeners hear of it;
 * an ending older than an access token's lifetime is not worth remembering.
 */
let database: Awaited<ReturnType<typeof createFreshDatabase>>;
let pool: ReturnType<typeof createPool>;
let db: ReturnType<typeof createDb<EndedSessionsTables>>;
const watchers: EndedSessions[] = [];

beforeAll(async () => {
  database = await createFreshDatabase('sessions');
  pool = createPool(database.url, 4);
  db = createDb<EndedSessionsTables>(pool);
  // Both instances migrate at start, as command-api and read-api do: they take turns.
  await Promise.all([migrate(db, 'sessions', endedSessionMigrations), migrate(db, 'sessions', endedSessionMigrations)]);
});
afterAll(async () => {
  for (const watcher of watchers) await watcher.close();
  await pool?.end();
  await database?.drop();
});

const watch = async () => {
  const watcher = await watchEndedSessions(db, { everyMs: 50 });
  watchers.push(watcher);
  return watcher;
};

describe('ended sessions', () => {
  it('are ended at once where the sign-out was, and on every other instance within a poll', async () => {
    const [here, there] = [await watch(), await watch()];
    const heardThere: string[] = [];
    there.onEnded((ids) => heardThere.push(...ids));
    expect(here.isEnded('session-1')).toBe(false);
    await here.end(['session-1']);
    expect(here.isEnded('session-1')).toBe(true);
    await vi.waitFor(() => expect(there.isEnded('session-1')).toBe(true), { timeout: 5000, interval: 20 });
    expect(heardThere).toEqual(['session-1']);
    expect(there.isEnded('session-2')).toBe(false);
  });

  it('are known to an instance started later, unless they ended longer ago than a token lives', async () => {
    await db
      .insertInto('ended_sessions')
      .values({ session_id: 'long-ago', ended_at: new Date(Date.now() - 60 * 60 * 1000) })
      .execute();
    const late = await watch();
    expect(late.isEnded('session-1')).toBe(true);
    expect(late.isEnded('long-ago')).toBe(false);
  });
});
