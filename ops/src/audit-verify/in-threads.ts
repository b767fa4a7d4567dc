import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Kysely } from 'kysely';
import type { EventStore } from '@hostel/eventstore';
import type { ReadModelTables } from '@hostel/read-models';
import { joinLedgerParts, ledgerLength, ledgerParts, verifyLedger, verifyLedgerPart } from '@hostel/read-models/audit-log';
import type { LedgerPart, LedgerVerification } from '@hostel/read-models/audit-log';

/** What a thread is given: the database (the event store comes from the configuration, as in every tool), its part, and the positions whose hash is wanted. */
export interface VerifyThreadInput {
  databaseUrl: string;
  part: LedgerPart;
  at: readonly string[];
}

/** Below this many events a part, a thread's start (its own connections, its modules loaded) costs more than it saves. */
const EVENTS_A_THREAD = 50_000;

/**
 * `audit:verify`'s work spread over the machine's cores: the ledger cut into as many parts as
 * threads (ledgerParts), the first verified here and each other by a thread of its own with its
 * own connections (thread.ts), the answers joined in the ledger's order. The same answer as
 * verifyLedger on one thread (see verifyLedgerPart), in a fraction of the time: recomputing the
 * chain is CPU work. A short log is verified here, on the store given.
 */
export async function verifyInThreads(options: {
  db: Kysely<ReadModelTables>;
  store: EventStore;
  databaseUrl: string;
  at?: readonly string[];
  threads?: number;
}): Promise<LedgerVerification> {
  const { db, store, databaseUrl, at = [] } = options;
  const threads = options.threads ?? Math.max(1, Math.min(availableParallelism(), Math.floor((await ledgerLength(db)) / EVENTS_A_THREAD)));
  if (threads === 1) return verifyLedger({ store, db, at });
  // The first part here, on the connections this thread has already; each other part in a thread of its own.
  const [first, ...others] = await ledgerParts(db, threads);
  return joinLedgerParts(await Promise.all([verifyLedgerPart({ store, db, part: first!, at }), ...others.map((part) => inThread({ databaseUrl, part, at }))]));
}

/**
 * A thread's start: Node 20 does not give a worker thread the loader this process runs TypeScript
 * with (tsx's hooks are registered per thread), so the thread registers it and then loads thread.ts.
 */
const THREAD = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./thread.ts', import.meta.url).href)}); })`;

function inThread(input: VerifyThreadInput): Promise<LedgerVerification> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(THREAD, { eval: true, workerData: input });
    let answer: LedgerVerification | undefined;
    worker.once('message', (message: LedgerVerification) => (answer = message));
    worker.once('error', reject);
    worker.once('exit', (code) => (answer ? resolve(answer) : reject(new Error(`a verification thread stopped (exit ${code}) without an answer`))));
  });
}
