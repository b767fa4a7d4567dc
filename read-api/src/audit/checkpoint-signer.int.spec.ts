import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMetrics } from '@hostel/platform/metrics';
import { lastCheckpoint, ledgerCheckpoints, ledgerHead } from '@hostel/read-models/audit-log';
import { createReadModelDatabase, recorded } from '@hostel/read-models/testing';
import type { ReadModelDatabase } from '@hostel/read-models/testing';
import { BEHIND_ALARM_MS, createCheckpointSigner } from './checkpoint-signer';
import { digestSignedBy, newAuditKey, publicAuditJwk } from './digest';

/**
 * read-api signs the ledger's head as the next checkpoint of a chain, and only when the ledger extends
 * the last checkpoint: a ledger rebuilt from an edited log is refused and reported, never signed.
 */
const key = newAuditKey();
let readModels: ReadModelDatabase;
const liked = () => recorded('MealLiked', { mealId: 'm-1', userId: `u-${crypto.randomUUID()}` });
const quiet = () => ({ error: vi.fn(), info: vi.fn() });

beforeAll(async () => {
  readModels = await createReadModelDatabase();
});
afterAll(async () => readModels?.close());

describe("read-api's chain of signed checkpoints", () => {
  it('numbers each checkpoint and names the one before it, signs nothing new while the ledger stands still, and keeps the newest in the head file', async () => {
    const { db } = readModels;
    const headFile = join(mkdtempSync(join(tmpdir(), 'hostel-head-')), 'audit-checkpoint-head.json');
    const signer = createCheckpointSigner({ db, key, log: quiet(), headFile });
    expect(await signer.sign()).toEqual({ outcome: 'empty' });
    await readModels.given(liked());
    const first = await signer.sign();
    expect(first).toMatchObject({ outcome: 'signed', checkpoint: { seq: 1, previous: null, ...(await ledgerHead(db)) } });
    expect(await signer.sign()).toEqual({ outcome: 'current', checkpoint: (await lastCheckpoint(db))! });
    await readModels.given(liked(), liked());
    const second = await signer.sign();
    if (first.outcome !== 'signed' || second.outcome !== 'signed') throw new Error('not signed');
    expect(second.checkpoint).toMatchObject({ seq: 2, previous: { position: first.checkpoint.position, hash: first.checkpoint.hash } });
    expect(digestSignedBy(second.checkpoint, publicAuditJwk(key))).toBe(true);
    // The chain link is under the signature: another predecessor named, and it no longer verifies.
    expect(digestSignedBy({ ...second.checkpoint, previous: null }, publicAuditJwk(key))).toBe(false);
    expect(await ledgerCheckpoints(db)).toEqual([first.checkpoint, second.checkpoint]);
    expect(JSON.parse(readFileSync(headFile, 'utf8'))).toEqual(second.checkpoint);
  });

  it('refuses a ledger that does not extend the last checkpoint, loudly (error, metric, no row), and signs again once it does', async () => {
    const { db, pool } = readModels;
    const log = quiet();
    const metrics = createMetrics({ service: 'read-api' });
    const signer = createCheckpointSigner({ db, key, log, metrics });
    await readModels.given(liked());
    expect(await signer.sign()).toMatchObject({ outcome: 'signed' });
    const last = (await lastCheckpoint(db))!;
    const refused = async () => (await metrics.registry.getSingleMetricAsString('hostel_audit_checkpoints_refused')).split('\n').at(-1);
    expect(await refused()).toMatch(/ 0$/);
    // As a rebuild from an edited log leaves it: the chain's hash at the signed position differs, and the log grew since.
    const [a, b] = last.position.split('/');
    await pool.query(`update audit_events set hash = 'edited' where position_a = $1 and position_b = $2`, [a, b]);
    await readModels.given(liked());
    const signing = await signer.sign();
    expect(signing).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining(`the ledger does not extend checkpoint ${last.seq} at ${last.position}`),
    });
    expect(await signer.sign()).toMatchObject({ outcome: 'refused' });
    expect(await lastCheckpoint(db)).toEqual(last);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(log.error.mock.calls[0]![1]).toContain("refusing to sign the ledger's head");
    expect(await refused()).toMatch(/ 1$/);
    // Another instance, which never signed here, refuses it as well: the last checkpoint is in the database.
    expect(await createCheckpointSigner({ db, key, log: quiet() }).sign()).toMatchObject({ outcome: 'refused' });

    await pool.query(`update audit_events set hash = $3 where position_a = $1 and position_b = $2`, [a, b, last.hash]);
    expect(await signer.sign()).toMatchObject({ outcome: 'signed', checkpoint: { seq: last.seq! + 1, previous: { position: last.position } } });
    expect(await refused()).toMatch(/ 0$/);
    metrics.close();
  });

  it('refuses when checkpoints it signed were deleted from the database, after a restart too with the head file', async () => {
    const { db, pool } = readModels;
    const headFile = join(mkdtempSync(join(tmpdir(), 'hostel-head-')), 'audit-checkpoint-head.json');
    const signer = createCheckpointSigner({ db, key, log: quiet(), headFile });
    await readModels.given(liked());
    expect(await signer.sign()).toMatchObject({ outcome: 'signed' });
    const newest = (await lastCheckpoint(db))!;
    await pool.query(`delete from audit_checkpoints where seq = $1`, [newest.seq]);
    await readModels.given(liked());
    const deleted = `checkpoint ${newest.seq} at ${newest.position} (signed at ${newest.signedAt}), signed here, is not in the database any more`;
    expect(await signer.sign()).toMatchObject({ outcome: 'refused', reason: expect.stringContaining(deleted) });
    expect(await createCheckpointSigner({ db, key, log: quiet(), headFile }).sign()).toMatchObject({
      outcome: 'refused',
      reason: expect.stringContaining(deleted),
    });
    await pool.query(
      `insert into audit_checkpoints (position_a, position_b, hash, signed_at, kid, signature, seq, previous_position_a, previous_position_b, previous_hash)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        ...newest.position.split('/'),
        newest.hash,
        newest.signedAt,
        newest.kid,
        newest.signature,
        newest.seq,
        ...newest.previous!.position.split('/'),
        newest.previous!.hash,
      ],
    );
    expect(await signer.sign()).toMatchObject({ outcome: 'signed', checkpoint: { seq: newest.seq! + 1 } });
  });

  it('never forks the chain: instances signing at once take turns', async () => {
    const { db } = readModels;
    const signers = Array.from({ length: 4 }, () => createCheckpointSigner({ db, key, log: quiet() }));
    const before = (await lastCheckpoint(db))!;
    await readModels.given(liked());
    const signed = await Promise.all(signers.map((signer) => signer.sign()));
    expect(signed.filter((signing) => signing.outcome === 'signed')).toHaveLength(1);
    expect(signed.filter((signing) => signing.outcome === 'current')).toHaveLength(3);
    expect(await lastCheckpoint(db)).toMatchObject({ seq: before.seq! + 1, previous: { position: before.position, hash: before.hash } });
  });

  it('waits quietly while the ledger is behind the last checkpoint, and reports it once that lasts', async () => {
    const { db, pool } = readModels;
    let now = Date.now();
    const log = quiet();
    const signer = createCheckpointSigner({ db, key, log, now: () => now });
    const last = (await lastCheckpoint(db))!;
    const [a, b] = last.position.split('/');
    const rows = await pool.query(`delete from audit_events where (position_a, position_b) >= ($1::bigint, $2::bigint) returning *`, [a, b]);
    expect(await signer.sign()).toMatchObject({ outcome: 'behind', last });
    now += BEHIND_ALARM_MS;
    expect(await signer.sign()).toMatchObject({ outcome: 'refused', reason: expect.stringContaining('events were deleted from the log') });
    expect(log.error).toHaveBeenCalledTimes(1);
    for (const row of rows.rows as Record<string, unknown>[]) {
      const columns = Object.keys(row);
      await pool.query(
        `insert into audit_events (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
        columns.map((column) => row[column]),
      );
    }
    expect(await signer.sign()).toMatchObject({ outcome: 'current', checkpoint: last });
  });
});
