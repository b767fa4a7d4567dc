import { randomUUID } from 'node:crypto';
import { beforeAll, describe } from 'vitest';
import { describeEventStoreContract } from '../src/contract-suite';
import { createKurrentDbEventStore } from '../src/kurrentdb';

// Without a KurrentDB server this suite is skipped; point KURRENTDB_URL at one
// (e.g. kurrentdb://localhost:2113?tls=false) to run the shared contract against it.
const KURRENTDB_URL = process.env.KURRENTDB_URL;

describe.runIf(KURRENTDB_URL)('KurrentDB adapter (runs only when KURRENTDB_URL is set)', () => {
  beforeAll(async () => {
    const probe = createKurrentDbEventStore({ connectionString: KURRENTDB_URL!, categories: ['probe-'] });
    try {
      await probe.readStream(`probe-${randomUUID()}`);
    } catch (error) {
      throw new Error(`KurrentDB is unreachable at ${KURRENTDB_URL}: ${String(error)}`, { cause: error });
    } finally {
      await probe.close();
    }
  });

  describeEventStoreContract('kurrentdb', async () => {
    // A stream category of its own per test makes $all look empty to the store, like a fresh schema.
    const category = `test${randomUUID().replaceAll('-', '').slice(0, 12)}-`;
    const store = createKurrentDbEventStore({ connectionString: KURRENTDB_URL!, categories: [category] });
    return {
      store,
      newStream: (label) => `${category}${label}-${randomUUID()}`,
      // No holdAppend: KurrentDB has a single writer, see EventStoreFixture.holdAppend.
      dispose: () => store.close(),
    };
  });
});
