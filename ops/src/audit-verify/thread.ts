import { parentPort, workerData } from 'node:worker_threads';
import { readConfig } from '@hostel/platform/config';
import { closePool, createDb, createPool } from '@hostel/platform/db';
import { openEventStore } from '@hostel/platform/event-store';
import type { ReadModelTables } from '@hostel/read-models';
import { verifyLedgerPart } from '@hostel/read-models/audit-log';
import type { VerifyThreadInput } from './in-threads';

/**
 * One part of `audit:verify` (in-threads.ts): its own connections to the configured store and the
 * ledger (no more of the infrastructure than that: a thread's start is part of the time it saves),
 * its answer posted back.
 */
const { databaseUrl, part, at } = workerData as VerifyThreadInput;
const pool = createPool(databaseUrl, 2);
const store = await openEventStore(readConfig(process.env), pool);
try {
  parentPort!.postMessage(await verifyLedgerPart({ store, db: createDb<ReadModelTables>(pool), part, at }));
} finally {
  await store.close();
  await closePool(pool);
}
