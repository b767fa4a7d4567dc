import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { closePool, createDb, createPool } from '@hostel/platform/db';
import { countPostgresEvents, rebuildReadModels } from '@hostel/projector/rebuild';
import type { ReadModelTables } from '@hostel/read-models';
import { openCliDatabaseOrExit } from './cli-database';

/** `npm run rebuild [read-model…]`: on DATABASE_URL, or the embedded database under DATA_DIR (see cli-database.ts). */
export async function rebuild(names: readonly string[]): Promise<void> {
  const { database } = await openCliDatabaseOrExit('npm run rebuild');
  const pool = createPool(database.url, 4);
  const db = createDb<ReadModelTables>(pool);
  const store = createPostgresEventStore({ pool });
  try {
    await rebuildReadModels({ store, db, names: [...names], eventCount: await countPostgresEvents(db) });
    console.log('Read models rebuilt.');
  } catch (error) {
    console.error('Rebuild failed:', error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await store.close();
    await closePool(pool);
    await database.stop();
  }
}
