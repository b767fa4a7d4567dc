import type { AuditDigest } from '@hostel/contracts';
import { sql } from 'kysely';
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { ReadModelTables } from '../read-models';
import type { AuditCheckpointsTable } from './audit-log-tables';

/**
 * The ledger's signed checkpoints: digests of its head that read-api signs now and then and keeps here,
 * apart from the projection (a rebuild leaves them). Each has a digest's shape (AuditDigest), so one
 * check verifies both; since they are chained, each names the one before it (`seq`, `previous`).
 */
export async function recordCheckpoint(db: Kysely<ReadModelTables>, digest: AuditDigest): Promise<void> {
  await db
    .insertInto('audit_checkpoints')
    .values(checkpointRow(digest))
    // The first signature at a position stands: an instance signing the same head again adds nothing.
    .onConflict((conflict) => conflict.columns(['position_a', 'position_b']).doNothing())
    .execute();
}

/** A signed digest as its checkpoint row (positions split into their two numbers, the previous one's too). */
export function checkpointRow(digest: AuditDigest): Insertable<AuditCheckpointsTable> {
  const [a, b] = digest.position.split('/') as [string, string];
  const [previousA, previousB] = digest.previous ? (digest.previous.position.split('/') as [string, string]) : [null, null];
  return {
    position_a: a,
    position_b: b,
    hash: digest.hash,
    signed_at: new Date(digest.signedAt),
    kid: digest.kid,
    signature: digest.signature,
    seq: digest.seq === undefined ? null : String(digest.seq),
    previous_position_a: previousA,
    previous_position_b: previousB,
    previous_hash: digest.previous?.hash ?? null,
  };
}

function digestOf(row: Selectable<AuditCheckpointsTable>): AuditDigest {
  return {
    position: `${row.position_a}/${row.position_b}`,
    hash: row.hash,
    signedAt: row.signed_at.toISOString(),
    kid: row.kid,
    signature: row.signature,
    ...(row.seq === null
      ? {}
      : {
          seq: Number(row.seq),
          previous: row.previous_hash === null ? null : { position: `${row.previous_position_a}/${row.previous_position_b}`, hash: row.previous_hash },
        }),
  };
}

/** Every checkpoint, in the ledger's order. */
export async function ledgerCheckpoints(db: Kysely<ReadModelTables>): Promise<AuditDigest[]> {
  const rows = await db.selectFrom('audit_checkpoints').selectAll().orderBy('position_a').orderBy('position_b').execute();
  return rows.map(digestOf);
}

/**
 * The chain's newest checkpoint (the highest `seq`), else the newest one signed before checkpoints
 * were chained; absent when there is none.
 */
export async function lastCheckpoint(db: Kysely<ReadModelTables>): Promise<AuditDigest | undefined> {
  const chained = await db.selectFrom('audit_checkpoints').selectAll().where('seq', 'is not', null).orderBy('seq', 'desc').limit(1).executeTakeFirst();
  if (chained) return digestOf(chained);
  const older = await db.selectFrom('audit_checkpoints').selectAll().orderBy('position_a', 'desc').orderBy('position_b', 'desc').limit(1).executeTakeFirst();
  return older && digestOf(older);
}

/** The chain's checkpoint numbered `seq`, if the database still has it. */
export async function checkpointNumbered(db: Kysely<ReadModelTables>, seq: number): Promise<AuditDigest | undefined> {
  const row = await db.selectFrom('audit_checkpoints').selectAll().where('seq', '=', String(seq)).executeTakeFirst();
  return row && digestOf(row);
}

/** The ledger's chain hash at `position` (absent when the ledger has no event there). */
export async function ledgerHashAt(db: Kysely<ReadModelTables>, position: string): Promise<string | undefined> {
  const [a, b] = position.split('/') as [string, string];
  const row = await db.selectFrom('audit_events').select('hash').where('position_a', '=', a).where('position_b', '=', b).executeTakeFirst();
  return row?.hash;
}

/**
 * Runs `step` in a transaction that holds the checkpoints' lock: one signer at a time across every
 * read-api instance, so two never extend the same checkpoint (the chain does not fork).
 */
export async function withCheckpointLock<T>(db: Kysely<ReadModelTables>, step: (trx: Transaction<ReadModelTables>) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('audit_checkpoints'))`.execute(trx);
    return step(trx);
  });
}
