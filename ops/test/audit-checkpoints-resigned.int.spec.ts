import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * README (The audit trail): "Someone who edits an event with SQL and recomputes the ledger (or rebuilds
 * it) makes the ledger agree with the log, but not the checkpoints." But read-api signs whatever head the
 * rebuilt ledger has (every digest it answers, and every 10 s while the log grows), so after the rebuild
 * it signs checkpoints that vouch for the edited event. The older checkpoints, the only ones that
 * contradict it, are rows of the same database the editor writes to: deleted, `audit:verify` passes.
 * Seen on `npm start`: review text edited, `npm run rebuild -- audit-log`, two likes, the 27 checkpoints
 * signed before the edit deleted: "verified 763 events … (2 checkpoints hold)", exit 0.
 */
let product: Awaited<ReturnType<typeof startProduct>>;

const cli = (script: string, ...args: string[]) => product.cli(script, ...args);

beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

describe('signed checkpoints after an edited log is rebuilt', () => {
  it('given an event edited with SQL, the audit log rebuilt, new digests asked and the older checkpoints deleted, then audit:verify still finds the edit', async () => {
    const admin = await product.registerVerified('Boss', 'boss@hostel.test');
    const meal = await product.addMeal(admin.token, { title: 'Honest Khichdi', price: 4 });
    const edited = await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 6 } });
    const position = edited.json().position as string;
    expect((await product.call('GET', '/api/audit/digest', { token: admin.token, headers: { 'x-min-position': position } })).statusCode).toBe(200);
    const [before] = await product.sql<{ signed: string }>(`select max(signed_at)::text as signed from audit_checkpoints`);

    await product.sql(`update eventstore.events set data = jsonb_set(data, '{changes,price}', '0.5') where type = 'MealEdited'`);
    expect(await cli('ops/src/main.ts', 'rebuild', 'audit-log')).toMatchObject({ status: 0 });
    // The log grows and a reader asks for a digest: read-api signs the rebuilt head.
    const later = await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 7 } });
    const signed = await product.call('GET', '/api/audit/digest', {
      token: admin.token,
      headers: { 'x-min-position': later.json().position as string },
    });
    await product.sql(`delete from audit_checkpoints where signed_at <= $1`, [before!.signed]);

    const result = await cli('ops/src/main.ts', 'audit:verify');
    // Either read-api refused to sign a head that does not extend what it signed before, or verify sees it.
    expect({ digest: signed.statusCode, verify: result.status }, result.output).not.toEqual({ digest: 200, verify: 0 });
  });
});
