import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditDigest } from '@hostel/contracts';
import { startProduct } from './harness';

/**
 * Tamper evidence through the real command: `npm run audit:verify` re-reads the log from the event
 * store and recomputes the ledger's chain; an event edited with SQL afterwards is found, by name.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
let product: Awaited<ReturnType<typeof startProduct>>;
let digestFile: string;
let digest: AuditDigest;
let mealId: string;
let betweenEdits: string;

/** Runs a command-line tool on the product's database, as an operator would. */
function cli(script: string, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: product.databaseUrl, EVENT_STORE: 'postgres', LOG_LEVEL: 'silent', REDIS_URL: '' },
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}
const verify = (...args: string[]) => cli('embedded/src/audit-verify/main.ts', ...args);

beforeAll(async () => {
  product = await startProduct();
  const admin = await product.registerVerified('Boss', 'boss@hostel.test');
  const meal = await product.addMeal(admin.token, { title: 'Honest Khichdi', price: 4 });
  mealId = meal._id;
  betweenEdits = new Date().toISOString();
  const edited = await product.call('PATCH', `/api/meals/${meal._id}`, { token: admin.token, body: { price: 6 } });
  const answer = await product.call('GET', '/api/audit/digest', { token: admin.token, headers: { 'x-min-position': edited.json().position as string } });
  digest = answer.json() as AuditDigest;
  digestFile = join(mkdtempSync(join(tmpdir(), 'hostel-digest-')), 'digest.json');
  writeFileSync(digestFile, JSON.stringify(digest));
});
afterAll(async () => product?.stop());

describe('npm run replay', () => {
  it("prints a meal's history as a table, and with --at its state then", () => {
    const run = cli('embedded/src/replay.ts', 'meal', mealId, '--at', betweenEdits);
    expect(run, run.output).toMatchObject({ status: 0 });
    expect(run.output).toContain(`meal-${mealId}: 2 events`);
    expect(run.output).toMatch(/^version\s+when\s+event\s+by\s+data/m);
    expect(run.output).toMatch(/^0\s+\S+\s+MealAdded\s+/m);
    expect(run.output).toMatch(/^1\s+\S+\s+MealEdited\s+/m);
    expect(run.output).toContain('(version 0,');
    expect(run.output).toContain('"price": 4');
  });

  it('says how to use it when asked for something it does not know', () => {
    expect(cli('embedded/src/replay.ts', 'spaceship', '1')).toMatchObject({ status: 2, output: expect.stringContaining('Usage: npm run replay') });
  });
});

describe('npm run audit:verify', () => {
  it('verifies an untouched log against the ledger and a saved digest', () => {
    const plain = verify();
    expect(plain, plain.output).toMatchObject({ status: 0 });
    expect(plain.output).toMatch(new RegExp(`^verified \\d+ events up to ${digest.position}$`, 'm'));
    const withDigest = verify('--digest', digestFile);
    expect(withDigest, withDigest.output).toMatchObject({ status: 0 });
    expect(withDigest.output).toContain(`and the digest signed at ${digest.signedAt}`);
  });

  it('finds an event edited with SQL after it was recorded, and says which', async () => {
    const [edited] = await product.sql(`select global_position, stream_id, type from eventstore.events where type = 'MealEdited' limit 1`);
    await product.sql(
      `update eventstore.events set data = jsonb_set(data, '{changes,price}', '0.5') where global_position = ${String(edited!.global_position)}`,
    );
    const result = verify('--digest', digestFile);
    expect(result.status).toBe(1);
    expect(result.output).toMatch(
      new RegExp(`differ at \\d+/\\d+ \\(${String(edited!.stream_id)} version 1, MealEdited\\): the stored event does not hash to what the ledger recorded`),
    );
  });

  it('finds a deleted event too', async () => {
    const [last] = await product.sql(`select global_position from eventstore.events order by global_position desc limit 1`);
    await product.sql(`delete from eventstore.events where global_position = ${String(last!.global_position)}`);
    const result = verify();
    expect(result.status).toBe(1);
  });
});
