import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { createDb, createPool } from '@hostel/platform/db';
import type { ReadModelTables } from '@hostel/read-models';
import { joinLedgerParts, ledgerParts, verifyLedger, verifyLedgerPart } from '@hostel/read-models/audit-log';
import type { LedgerVerification } from '@hostel/read-models/audit-log';
import { verifyInThreads } from '../src/audit-verify/in-threads';
import { startProduct } from '@hostel/embedded/testing';

/**
 * `audit:verify` spreads the ledger over threads, each part's chain starting from the hash the ledger
 * records just before it. Whichever event was changed (the first, either side of where two parts
 * meet, the last), any number of parts finds what one chain from the start finds: the same first
 * difference, after the same number of verified events. The parts are checked here one after
 * another in this process (the logic), and once in real threads (the plumbing).
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let pool: ReturnType<typeof createPool>;
let db: ReturnType<typeof createDb<ReadModelTables>>;
let positions: string[];

beforeAll(async () => {
  product = await startProduct();
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  for (const title of ['Poha', 'Upma', 'Idli']) {
    const meal = await product.addMeal(admin.token, { title });
    await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 5 } });
  }
  await product.caughtUp();
  pool = createPool(product.databaseUrl, 4);
  db = createDb<ReadModelTables>(pool);
  positions = (await product.sql<{ p: string }>('select global_position::text as p from eventstore.events order by global_position')).map((row) => row.p);
});
afterAll(async () => {
  await pool?.end();
  await product?.stop();
});

/** What a verification concluded, without the hashes it kept along the way. */
const outcome = (result: LedgerVerification) => ({ verified: result.verified, position: result.position, difference: result.difference });

/** One chain from the start, and the ledger in 2, 3 and 4 parts joined. */
async function everyWay() {
  const store = createPostgresEventStore({ pool });
  const alone = outcome(await verifyLedger({ store, db }));
  const parted = await Promise.all(
    [2, 3, 4].map(async (count) => {
      const parts = await ledgerParts(db, count);
      return outcome(joinLedgerParts(await Promise.all(parts.map((part) => verifyLedgerPart({ store, db, part })))));
    }),
  );
  return { alone, parted };
}

describe('audit:verify in parts', () => {
  it('verifies an untouched log as one chain does, in parts and in threads', async () => {
    const { alone, parted } = await everyWay();
    expect(alone).toMatchObject({ verified: positions.length, difference: undefined });
    for (const answer of parted) expect(answer).toEqual(alone);
    expect(outcome(await verifyInThreads({ db, store: createPostgresEventStore({ pool }), databaseUrl: product.databaseUrl, threads: 2 }))).toEqual(alone);
  });

  it('finds the same first changed event whichever part it is in', async () => {
    const n = positions.length;
    // The first and last events, and each side of where 2, 3 and 4 parts meet.
    const changed = [...new Set([0, n - 1, ...[2, 3, 4].flatMap((parts) => [Math.floor(n / parts) - 1, Math.floor(n / parts)])])];
    for (const index of changed) {
      const at = positions[index]!;
      const [{ data }] = (await product.sql<{ data: unknown }>(`select data from eventstore.events where global_position = ${at}`)) as [{ data: unknown }];
      await product.sql(`update eventstore.events set data = data || '{"edited": true}' where global_position = ${at}`);
      try {
        const { alone, parted } = await everyWay();
        expect(alone, `event ${index}`).toMatchObject({ verified: index, difference: { reason: expect.stringContaining('changed after it was recorded') } });
        for (const answer of parted) expect(answer, `event ${index}`).toEqual(alone);
        // Once through real threads: the part that found it is the first to say so.
        if (index === Math.floor(n / 2))
          expect(outcome(await verifyInThreads({ db, store: createPostgresEventStore({ pool }), databaseUrl: product.databaseUrl, threads: 2 }))).toEqual(
            alone,
          );
      } finally {
        await product.sql(`update eventstore.events set data = $1 where global_position = ${at}`, [data]);
      }
    }
  });

  it('finds a ledger row edited or removed in the middle, the store untouched: every event is checked against its own row', async () => {
    const index = Math.floor(positions.length / 3) + 1;
    const at = (await product.sql<{ a: string; b: string }>('select position_a::text as a, position_b::text as b from audit_events order by 1, 2'))[index]!;
    const where = `position_a = ${at.a} and position_b = ${at.b}`;
    const [row] = (await product.sql<{ hash: string }>(`select hash from audit_events where ${where}`)) as [{ hash: string }];
    await product.sql(`update audit_events set hash = md5(hash) || md5(hash) where ${where}`);
    const edited = await everyWay();
    expect(edited.alone).toMatchObject({ verified: index, difference: { reason: expect.stringContaining('changed after it was recorded') } });
    for (const answer of edited.parted) expect(answer).toEqual(edited.alone);
    await product.sql(`update audit_events set hash = $1 where ${where}`, [row.hash]);
    await product.sql(`create table removed_row as select * from audit_events where ${where}`);
    await product.sql(`delete from audit_events where ${where}`);
    try {
      const removed = await everyWay();
      expect(removed.alone).toMatchObject({ verified: index, difference: { reason: expect.stringContaining('missing or extra') } });
      for (const answer of removed.parted) expect(answer).toEqual(removed.alone);
    } finally {
      await product.sql('insert into audit_events select * from removed_row');
      await product.sql('drop table removed_row');
    }
  });

  it('finds a deleted event where two parts meet', async () => {
    const index = Math.floor(positions.length / 2) - 1;
    await product.sql(`delete from eventstore.events where global_position = ${positions[index]}`);
    const { alone, parted } = await everyWay();
    expect(alone).toMatchObject({ verified: index, difference: { reason: expect.stringContaining('missing or extra') } });
    for (const answer of parted) expect(answer).toEqual(alone);
  });
});
