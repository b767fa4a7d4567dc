import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';
import { ACCESS_TOKEN_TTL_SECONDS, CLOCK_TOLERANCE_SECONDS } from './tokens';

/**
 * Sessions that have ended (signed out, a refresh token replayed, the password changed), so that the
 * access tokens of a session stop working at once, not when they expire. An access token names its
 * session (`sid`: the sign-in's refresh family); every instance that checks tokens (command-api,
 * read-api, the live server) keeps the sessions ended within a token's lifetime in memory, refreshed
 * from PostgreSQL every `everyMs` (a second), and an ending decided in this process at once. Older
 * endings need no remembering: no token of that session is valid any more.
 */

/** Run by every service that checks tokens (the first to start creates it; migrations take turns). */
export const endedSessionMigrations: Record<string, Migration> = {
  '2026-12-02-ended-sessions': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are untyped by design
    async up(db: Kysely<any>) {
      await sql`create table ended_sessions (session_id text primary key, ended_at timestamptz not null default now())`.execute(db);
      await sql`create index ended_sessions_by_time on ended_sessions (ended_at)`.execute(db);
    },
  },
};

export interface EndedSessionsTables {
  ended_sessions: { session_id: string; ended_at?: Date };
}

/** Long enough that every access token issued before an ending has expired (with room for clocks and the poll). */
const REMEMBERED_MS = (ACCESS_TOKEN_TTL_SECONDS + CLOCK_TOLERANCE_SECONDS) * 1000 + 60_000;
/** Rows are kept this long, then deleted as new endings are written. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export interface EndedSessions {
  /** Whether the session ended (as far as this instance has heard: at once here, within a poll elsewhere). */
  isEnded(sessionId: string): boolean;
  /** Ends these sessions for every instance. */
  end(sessionIds: readonly string[]): Promise<void>;
  /** Told the sessions this instance learnt had ended (the live server lets their sockets go). */
  onEnded(listener: (sessionIds: ReadonlySet<string>) => void): void;
  close(): Promise<void>;
}

export async function watchEndedSessions(
  db: Kysely<EndedSessionsTables>,
  options: { everyMs?: number; onError?: (error: unknown) => void } = {},
): Promise<EndedSessions> {
  /** Each ended session this instance knows of, with when it learnt of it. */
  const ended = new Map<string, number>();
  const listeners: ((sessionIds: ReadonlySet<string>) => void)[] = [];
  const learnt = (sessionIds: Iterable<string>) => {
    const now = Date.now();
    const fresh = new Set([...sessionIds].filter((id) => !ended.has(id)));
    for (const id of fresh) ended.set(id, now);
    // What was learnt a token's lifetime ago is forgotten: no token of it is valid any more.
    for (const [id, at] of ended) if (at < now - REMEMBERED_MS) ended.delete(id);
    if (fresh.size > 0) for (const listener of listeners) listener(fresh);
  };
  async function poll() {
    const rows = await db
      .selectFrom('ended_sessions')
      .select('session_id')
      .where('ended_at', '>', new Date(Date.now() - REMEMBERED_MS))
      .execute();
    learnt(rows.map((row) => row.session_id));
  }
  await poll();
  let polling = Promise.resolve();
  const timer = setInterval(() => {
    polling = polling.then(poll).catch((error: unknown) => options.onError?.(error));
  }, options.everyMs ?? 1000);
  timer.unref();
  return {
    isEnded: (sessionId) => ended.has(sessionId),
    async end(sessionIds) {
      if (sessionIds.length === 0) return;
      await db
        .insertInto('ended_sessions')
        .values(sessionIds.map((session_id) => ({ session_id })))
        .onConflict((conflict) => conflict.column('session_id').doNothing())
        .execute();
      await db
        .deleteFrom('ended_sessions')
        .where('ended_at', '<', new Date(Date.now() - KEPT_MS))
        .execute();
      learnt(sessionIds);
    },
    onEnded: (listener) => void listeners.push(listener),
    async close() {
      clearInterval(timer);
      await polling;
    },
  };
}
