import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comparePositions, formatPosition, START } from '@hostel/eventstore';
import type { Position } from '@hostel/eventstore';
import { usersProjection } from '@hostel/read-models/users';
import { rebuildProjection } from '../src/runtime/rebuild';
import { countEventsInLog, eventTallyProjection, readTally } from './event-tally';
import { createProjectorDatabase, usersRows } from './projector-database';
import type { ProjectorDatabase } from './projector-database';
import { appendUserHistories } from './user-events';

const USERS = 1000;
const KILLS = 5;
const BATCH_SIZE = 50;
/** The children's connections carry this application_name, so the test can see when they are gone. */
const CHILD_APP = 'projector-crash-child';
const projectorDir = fileURLToPath(new URL('..', import.meta.url));
const childScript = fileURLToPath(new URL('./crash-child.ts', import.meta.url));

let database: ProjectorDatabase;
const children: ChildProcess[] = [];

beforeAll(async () => {
  database = await createProjectorDatabase();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await database?.close();
});

/** Starts the projector process; `caughtUp` resolves when it prints that it has applied the log. */
function startProjectorProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    cwd: projectorDir,
    env: { ...process.env, DATABASE_URL: database.url, BATCH_SIZE: String(BATCH_SIZE), STANDBY_MS: '20', PGAPPNAME: CHILD_APP },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const caughtUp = new Promise<void>((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('caught up\n')) resolve();
    });
    void exited.then(({ code, signal }) => reject(new Error(`projector process exited (${code ?? signal}) before catching up:\n${stderr}`)));
  });
  caughtUp.catch(() => undefined);
  /** Throws (for vi.waitFor to report) if the process died on its own. */
  const assertAlive = () => {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`projector process died on its own (${child.exitCode ?? child.signalCode}):\n${stderr}`);
  };
  return { child, caughtUp, exited, assertAlive };
}

/** Every observation where a read model did not match its checkpoint (there must be none). */
const inconsistencies: string[] = [];
let observations = 0;

interface Observed {
  position: Position;
  /** What the read model holds: users rows, or the tally's total. */
  applied: number;
  /** What it should hold for that checkpoint: registrations, or handled events, up to the checkpoint. */
  expected: number;
}

/**
 * Each projection's checkpoint together with its read model, in one statement (one snapshot), so
 * every observation can check that the committed read model is exactly the log up to the committed
 * checkpoint: true at every moment, not only at the end, if writes and checkpoint commit together.
 */
async function observe(): Promise<{ users: Observed; tally: Observed }> {
  const upTo = (projection: string) => `(e.transaction_id, e.global_position) <= (c.position_a::text::xid8, c.position_b) and c.name = '${projection}'`;
  const { rows } = await database.pool.query<{ name: string; position_a: string; position_b: string; applied: number; expected: number }>(
    `select c.name, c.position_a, c.position_b, (select count(*)::int from users) as applied,
        (select count(*)::int from eventstore.events e where e.type = 'UserRegistered' and ${upTo(usersProjection.name)}) as expected
       from projection_checkpoints c where c.name = $1
     union all
     select c.name, c.position_a, c.position_b, (select coalesce(sum(applied), 0)::int from event_tally) as applied,
        (select count(*)::int from eventstore.events e where e.type = any($3) and ${upTo(eventTallyProjection.name)}) as expected
       from projection_checkpoints c where c.name = $2`,
    [usersProjection.name, eventTallyProjection.name, eventTallyProjection.handles],
  );
  const pick = (name: string): Observed => {
    const row = rows.find((candidate) => candidate.name === name);
    return row
      ? { position: { a: BigInt(row.position_a), b: BigInt(row.position_b) }, applied: row.applied, expected: row.expected }
      : { position: START, applied: 0, expected: 0 };
  };
  const observed = { users: pick(usersProjection.name), tally: pick(eventTallyProjection.name) };
  observations += 1;
  for (const [name, { position, applied, expected }] of Object.entries(observed)) {
    if (applied !== expected) inconsistencies.push(`${name} at ${formatPosition(position)}: ${applied} applied, ${expected} in the log up to there`);
  }
  return observed;
}

/** Sessions the projector processes have open (their advisory locks live as long as these). */
async function childSessions(): Promise<number> {
  const { rows } = await database.pool.query<{ sessions: number }>(
    'select count(*)::int as sessions from pg_stat_activity where datname = current_database() and application_name = $1',
    [CHILD_APP],
  );
  return rows[0]!.sessions;
}

const isAfter = (position: Position, than: Position) => comparePositions(position, than) > 0;
const isBetween = (position: Position, start: Position, end: Position) => isAfter(position, start) && isAfter(end, position);

describe('projector crash test', () => {
  it(`SIGKILLed ${KILLS} times during catch-up, it still applies every event exactly once`, async () => {
    // Given: a few thousand events across a thousand user streams.
    const started = Date.now();
    const seeded = await appendUserHistories(database.store, { users: USERS });
    const end = seeded.last;
    expect(seeded.events).toBeGreaterThan(3000);

    // When: the projector is killed each time a batch of both projections has committed since the last kill…
    let previous = { users: START, tally: START };
    const kills: { users: Position; tally: Position }[] = [];
    for (let kill = 0; kill < KILLS; kill += 1) {
      const projector = startProjectorProcess();
      await vi.waitFor(
        async () => {
          projector.assertAlive();
          const now = await observe();
          if (!isAfter(now.users.position, previous.users) || !isAfter(now.tally.position, previous.tally))
            throw new Error('no batch committed since the last kill yet');
        },
        { timeout: 30_000, interval: 5 },
      );
      expect(await childSessions()).toBeGreaterThan(0);
      projector.child.kill('SIGKILL');
      expect((await projector.exited).signal).toBe('SIGKILL');
      // PostgreSQL notices the dead connections on its own; the next process should not find the locks taken.
      await vi.waitFor(async () => expect(await childSessions()).toBe(0), { timeout: 10_000, interval: 10 });
      const after = await observe();
      previous = { users: after.users.position, tally: after.tally.position };
      kills.push(previous);
    }

    // …and finally restarted and left to catch up (its "caught up" may come early if another
    // transaction on the server holds new events back, so wait for the checkpoints themselves).
    const projector = startProjectorProcess();
    await projector.caughtUp;
    await vi.waitFor(
      async () => {
        projector.assertAlive();
        const now = await observe();
        if (comparePositions(now.users.position, end) < 0 || comparePositions(now.tally.position, end) < 0) throw new Error('not caught up yet');
      },
      { timeout: 30_000, interval: 5 },
    );
    projector.child.kill('SIGTERM');
    expect(await projector.exited).toEqual({ code: 0, signal: null });

    // Then: every kill landed mid-catch-up, for both projections…
    for (const at of kills) {
      expect(isBetween(at.users, START, end), `users checkpoint ${formatPosition(at.users)} strictly inside the log (end ${formatPosition(end)})`).toBe(true);
      expect(isBetween(at.tally, START, end), `tally checkpoint ${formatPosition(at.tally)} strictly inside the log (end ${formatPosition(end)})`).toBe(true);
    }
    const final = await observe();
    expect({ users: final.users.position, tally: final.tally.position }).toEqual({ users: end, tally: end });
    // At every observation (a few hundred, right after each kill too) the committed read models
    // matched the committed checkpoints exactly.
    expect(inconsistencies).toEqual([]);

    // …the non-idempotent tally counted each event of the log exactly once (none lost, none twice)…
    const tally = await readTally(database.db);
    expect(tally).toEqual(await countEventsInLog(database.db));
    expect(Object.values(tally).reduce((sum, count) => sum + count, 0)).toBe(seeded.events);

    // …and the users read model equals a from-scratch rebuild.
    const live = await usersRows(database.db);
    expect(live).toHaveLength(USERS);
    await rebuildProjection(usersProjection, { store: database.store, db: database.db });
    expect(await usersRows(database.db)).toEqual(live);

    console.info(
      `crash test: ${seeded.events} events, ${kills.length} SIGKILLs at users checkpoints ${kills.map((at) => formatPosition(at.users)).join(', ')} (end ${formatPosition(end)}), ${observations} consistent observations, ${Date.now() - started} ms`,
    );
  }, 120_000);
});
