import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDigest } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';
import type { ReadModelTables } from '@hostel/read-models';

/**
 * The checkpoints read-api signs are a chain (each names the one before it, under its signature), and
 * the newest is kept in DATA_DIR too: checkpoints deleted from the database are found by
 * `audit:verify`, and a ledger rebuilt from an edited log is refused for signing, never signed.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let token: string;
let mealId: string;

const cli = (script: string, ...args: string[]) => product.cli(script, ...args);
const verify = () => cli('ops/src/main.ts', 'audit:verify');

/** An edit of the meal, and the digest asked once it is in the ledger: a checkpoint of its own. */
async function editAndSign(price: number) {
  const edited = await product.call('PATCH', `/api/meals/${mealId}`, { token, body: { price } });
  return product.call('GET', '/api/audit/digest', { token, headers: { 'x-min-position': edited.json().position as string } });
}

/** A checkpoint's row as the table holds it; every checkpoint here was signed in a chain, so it has its place. */
type Row = Omit<ReadModelTables['audit_checkpoints'], 'seq'> & { seq: string };
const checkpointRows = () => product.sql<Row>(`select * from audit_checkpoints order by seq`);
async function putBack(row: Row) {
  const columns = Object.keys(row) as (keyof Row)[];
  await product.sql(
    `insert into audit_checkpoints (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
    columns.map((column) => row[column]),
  );
}

beforeAll(async () => {
  product = await startProduct();
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  token = admin.token;
  mealId = (await product.addMeal(token, { title: 'Honest Khichdi', price: 4 }))._id;
  for (const price of [5, 6, 7]) expect((await editAndSign(price)).statusCode).toBe(200);
});
afterAll(async () => product?.stop());

describe('the chain of signed checkpoints', { timeout: 180_000 }, () => {
  it('holds on an untouched log, with the newest checkpoint kept in DATA_DIR', async () => {
    const rows = await checkpointRows();
    expect(rows.map((row) => Number(row.seq))).toEqual(rows.map((_, index) => index + 1));
    const head = JSON.parse(readFileSync(join(product.dataDir, 'audit-checkpoint-head.json'), 'utf8')) as AuditDigest;
    expect(head).toMatchObject({ seq: rows.length, position: `${rows.at(-1)!.position_a}/${rows.at(-1)!.position_b}` });
    const result = await verify();
    expect(result, result.output).toMatchObject({ status: 0 });
  });

  it('finds a checkpoint deleted from the middle of the chain, and names it', async () => {
    const rows = await checkpointRows();
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const middle = rows[1]!;
    await product.sql(`delete from audit_checkpoints where seq = $1`, [middle.seq]);
    const result = await verify();
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain(`Checkpoint ${middle.seq} is missing, between checkpoint 1 at ${rows[0]!.position_a}/${rows[0]!.position_b}`);
    await putBack(middle);
    expect(await verify()).toMatchObject({ status: 0 });
  });

  it('finds the newest checkpoints deleted, by the one kept in DATA_DIR, and read-api signs nothing until they are back', async () => {
    const rows = await checkpointRows();
    const newest = rows.at(-1)!;
    await product.sql(`delete from audit_checkpoints where seq = $1`, [newest.seq]);
    const result = await verify();
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain(`Checkpoint ${newest.seq} at ${newest.position_a}/${newest.position_b}`);
    expect(result.output).toContain('is not in the database, whose newest is checkpoint');
    const refused = await editAndSign(8);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('is not in the database any more');
    await putBack(newest);
    expect((await editAndSign(9)).json()).toMatchObject({ seq: Number(newest.seq) + 1 });
  });

  it("refuses to sign a ledger rebuilt from an edited log; with the older checkpoints deleted, audit:verify still names the edit (the hostile tester's case)", async () => {
    await product.sql(
      `update eventstore.events set data = jsonb_set(data, '{changes,price}', '0.5') where type = 'MealEdited' and data->'changes'->>'price' = '6'`,
    );
    expect(await cli('ops/src/main.ts', 'rebuild', 'audit-log')).toMatchObject({ status: 0 });
    const before = await checkpointRows();
    const refused = await editAndSign(10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^Nothing is signed: the ledger does not extend checkpoint \d+ at /);
    expect(await checkpointRows()).toEqual(before);

    await product.sql(`delete from audit_checkpoints`);
    const result = await verify();
    expect(result.status, result.output).toBe(1);
    const [edited] = await product.sql<{ global_position: string; stream_id: string }>(
      `select global_position::text, stream_id from eventstore.events where type = 'MealEdited' and data->'changes'->>'price' = '0.5'`,
    );
    expect(result.output).toContain(`Checkpoint ${before.length} at ${before.at(-1)!.position_a}/${before.at(-1)!.position_b}`);
    expect(result.output).toContain('is not in the database, whose newest is none: checkpoints were deleted');
    expect(result.output).toMatch(new RegExp(`${edited!.stream_id} version 2 \\(MealEdited\\) at \\d+/${edited!.global_position}`));
  });
});
