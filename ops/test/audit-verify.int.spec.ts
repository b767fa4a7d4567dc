import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDigest } from '@hostel/contracts';
import { startProduct } from '@hostel/embedded/testing';

/**
 * Tamper evidence through the real command: `npm run audit:verify` re-reads the log from the event
 * store and recomputes the ledger's chain; an event edited with SQL afterwards is found, by name.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
let digestFile: string;
let digest: AuditDigest;
let mealId: string;
let betweenEdits: string;
/** A meal recorded before the text schemas refused C1 controls and direction overrides. */
const legacyMealId = crypto.randomUUID();
const LEGACY_TITLE = 'Old\u009b2J\u202eecnalaB';

const cli = (script: string, ...args: string[]) => product.cli(script, ...args);
const verify = (...args: string[]) => cli('ops/src/main.ts', 'audit:verify', ...args);

beforeAll(async () => {
  product = await startProduct();
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  const eventId = crypto.randomUUID();
  const legacy = { title: LEGACY_TITLE, category: 'Lunch', image: '/api/media/x', ingredients: ['rice'], description: '', price: 3, rating: 0 };
  await product.services.store.append(
    `meal-${legacyMealId}`,
    [
      {
        eventId,
        type: 'MealAdded',
        data: { mealId: legacyMealId, ...legacy, distributorName: 'Old', distributorEmail: 'old@example.com', postTime: '2026-01-01T08:00:00.000Z' },
        metadata: { eventId, actor: admin.user._id, correlationId: eventId, causationId: eventId, occurredAt: '2026-01-01T08:00:00.000Z', schemaVersion: 2 },
      },
    ],
    { expectedVersion: 'no_stream' },
  );
  const meal = await product.addMeal(admin.token, { title: 'Honest Khichdi', price: 4 });
  mealId = meal._id;
  // Each digest answered is kept as a signed checkpoint of the ledger (read-api also signs one every 10 s).
  await product.call('GET', '/api/audit/digest', { token: admin.token, headers: { 'x-min-position': meal.position } });
  betweenEdits = new Date().toISOString();
  const edited = await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 6 } });
  const answer = await product.call('GET', '/api/audit/digest', { token: admin.token, headers: { 'x-min-position': edited.json().position as string } });
  digest = answer.json() as AuditDigest;
  digestFile = join(mkdtempSync(join(tmpdir(), 'hostel-digest-')), 'digest.json');
  writeFileSync(digestFile, JSON.stringify(digest));
});
afterAll(async () => product?.stop());

describe('npm run replay', () => {
  it("prints a meal's history as a table, and with --at its state then", async () => {
    const run = await cli('ops/src/main.ts', 'replay', 'meal', mealId, '--at', betweenEdits);
    expect(run, run.output).toMatchObject({ status: 0 });
    expect(run.output).toContain(`meal-${mealId}: 2 events of it`);
    expect(run.output).toMatch(/^version\s+in stream\s+when\s+event\s+by\s+data/m);
    expect(run.output).toMatch(/^1\s+0\s+\S+\s+MealAdded\s+/m);
    expect(run.output).toMatch(/^2\s+1\s+\S+\s+MealEdited\s+/m);
    expect(run.output).toContain('(version 1,');
    expect(run.output).toContain('"price": 4');
  });

  it('writes the control and direction characters an older event holds as their escapes, never raw to the terminal', async () => {
    const run = await cli('ops/src/main.ts', 'replay', 'meal', legacyMealId, '--at', new Date().toISOString());
    expect(run, run.output).toMatchObject({ status: 0 });
    expect(run.output).toContain('Old\\u009b2J\\u202eecnalaB');
    expect(run.output).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
  });

  it('says how to use it when asked for something it does not know', async () => {
    expect(await cli('ops/src/main.ts', 'replay', 'spaceship', '1')).toMatchObject({ status: 2, output: expect.stringContaining('Usage: npm run replay') });
  });
});

// Each test runs the real command, a process of its own (tsx compiles it at start): seconds each on a busy machine.
describe('npm run audit:verify', { timeout: 180_000 }, () => {
  it('verifies an untouched log against the ledger, its signed checkpoints and a saved digest; saves a digest to keep', async () => {
    const plain = await verify('--save-digest', join(dirname(digestFile), 'saved.json'));
    expect(plain, plain.output).toMatchObject({ status: 0 });
    expect(plain.output).toMatch(new RegExp(`^verified \\d+ events up to ${digest.position}$`, 'm'));
    expect(plain.output).toMatch(new RegExp(`^the log up to ${digest.position} is what the audit key ${digest.kid} signed at `, 'm'));
    const saved = JSON.parse(readFileSync(join(dirname(digestFile), 'saved.json'), 'utf8')) as AuditDigest;
    expect(saved).toMatchObject({ position: digest.position, hash: digest.hash, kid: digest.kid });
    for (const kept of [digestFile, join(dirname(digestFile), 'saved.json')]) {
      const withDigest = await verify('--digest', kept);
      expect(withDigest, withDigest.output).toMatchObject({ status: 0 });
      expect(withDigest.output).toContain('and the digest signed at ');
    }
  });

  it('names the event edited before a rebuild, with the chain kept beside a saved digest, however many events its checkpoint covers', async () => {
    // given a digest saved with its chain, and the legacy meal (one of the several events before the first checkpoint) edited
    const saved = join(dirname(digestFile), 'saved-with-chain.json');
    expect(await verify('--save-digest', saved), 'save').toMatchObject({ status: 0 });
    const [legacy] = await product.sql<{ global_position: string }>(
      `select global_position::text from eventstore.events where stream_id = 'meal-${legacyMealId}'`,
    );
    const [before] = await product.sql<{ n: number }>(`select count(*)::int as n from eventstore.events where global_position <= ${legacy!.global_position}`);
    expect(before!.n).toBeGreaterThan(1);
    await product.sql(`update eventstore.events set data = jsonb_set(data, '{price}', '1') where stream_id = 'meal-${legacyMealId}'`);
    // when the audit log is rebuilt from the edited log
    expect(await cli('ops/src/main.ts', 'rebuild', 'audit-log'), 'rebuild').toMatchObject({ status: 0 });
    // then the kept chain names that event, not a range
    const result = await verify('--digest', saved);
    expect(result.status, result.output).toBe(1);
    expect(result.output).toMatch(
      new RegExp(`The first event that differs is meal-${legacyMealId} version 0 \\(MealAdded\\) at \\d+/${legacy!.global_position}, by the chain kept in `),
    );
    // and once the event is as it was, and the audit log rebuilt again, the log verifies against what was kept
    await product.sql(`update eventstore.events set data = jsonb_set(data, '{price}', '3') where stream_id = 'meal-${legacyMealId}'`);
    expect(await cli('ops/src/main.ts', 'rebuild', 'audit-log'), 'rebuild').toMatchObject({ status: 0 });
    const again = await verify('--digest', saved);
    expect(again, again.output).toMatchObject({ status: 0 });
  });

  it('signs with a key kept beside the data, readable by its owner only, and nowhere in the database', async () => {
    const file = join(product.dataDir, 'audit-signing-key.jwk');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const key = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; d: string };
    expect(key.kid).toBe(digest.kid);
    // Every row of every table, as text: the private half is in none of them.
    const tables = await product.sql<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables where table_schema in ('public', 'eventstore') and table_type = 'BASE TABLE'`,
    );
    expect(tables.map((table) => table.name)).toContain('public.audit_checkpoints');
    for (const { name } of tables) {
      const [holding] = await product.sql<{ n: number }>(`select count(*)::int as n from ${name} t where t::text like '%' || $1 || '%'`, [key.d]);
      expect(holding!.n, name).toBe(0);
    }
  });

  it('finds an event edited with SQL after it was recorded, and says which', async () => {
    const [edited] = await product.sql(`select global_position, stream_id, type from eventstore.events where type = 'MealEdited' limit 1`);
    await product.sql(
      `update eventstore.events set data = jsonb_set(data, '{changes,price}', '0.5') where global_position = ${String(edited!.global_position)}`,
    );
    const result = await verify('--digest', digestFile);
    expect(result.status, result.output).toBe(1);
    expect(result.output).toMatch(
      new RegExp(`differ at \\d+/\\d+ \\(${String(edited!.stream_id)} version 1, MealEdited\\): the stored event does not hash to what the ledger recorded`),
    );
  });

  it('writes what an edited event holds escaped: an event type made to hold a terminal command is shown, never run', async () => {
    await product.sql(`update eventstore.events set type = 'MealEdited\u009b2K\u202e' where type = 'MealEdited'`);
    const result = await verify();
    expect(result.status, result.output).toBe(1);
    expect(result.output).toContain('MealEdited\\u009b2K\\u202e): the stored event does not hash');
    expect(result.output).not.toMatch(/[\u0080-\u009f\u202a-\u202e\u2066-\u2069]/);
    await product.sql(`update eventstore.events set type = 'MealEdited' where type like 'MealEdited%'`);
  });

  it('finds an edited event after the audit log was rebuilt from the edited log: the signed checkpoints still hold the old chain', async () => {
    const rebuilt = await cli('ops/src/main.ts', 'rebuild', 'audit-log');
    expect(rebuilt, rebuilt.output).toMatchObject({ status: 0 });
    const [edited] = await product.sql<{ global_position: string; stream_id: string }>(
      `select global_position::text, stream_id from eventstore.events where type = 'MealEdited'`,
    );
    for (const result of [await verify(), await verify('--digest', digestFile)]) {
      expect(result.status, result.output).toBe(1);
      expect(result.output).toContain('an event was changed since, and the ledger recomputed from the changed log');
      expect(result.output).toMatch(
        new RegExp(`The first event that differs is ${edited!.stream_id} version 1 \\(MealEdited\\) at \\d+/${edited!.global_position}\\.`),
      );
    }
  });

  it('finds a deleted event too', async () => {
    const [last] = await product.sql(`select global_position from eventstore.events order by global_position desc limit 1`);
    await product.sql(`delete from eventstore.events where global_position = ${String(last!.global_position)}`);
    const result = await verify();
    expect(result.status, result.output).toBe(1);
  });
});
