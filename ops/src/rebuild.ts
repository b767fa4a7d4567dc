import { createPostgresEventStore } from '@hostel/eventstore/postgres';
import { closePool, createDb, createPool } from '@hostel/platform/db';
import { countPostgresEvents, rebuildReadModels, runRebuildCommand } from '@hostel/projector/rebuild';
import type { ReadModelTables } from '@hostel/read-models';
import { openCliDatabaseOrExit } from './cli-database';

/** `npm run rebuild [read-model…]`: on DATABASE_URL, or the embedded database under DATA_DIR (see cli-database.ts). */
export async function rebuild(names: readonly string[]): Promise<void> {
  const { database } = await openCliDatabaseOrExit('npm run rebuild');
  const pool = createPool(database.url, 4);
  const db = createDb<ReadModelTables>(pool);
  const store = createPostgresEventStore({ pool });
  try {
    await runRebuildCommand(async () => rebuildReadModels({ store, db, names: [...names], eventCount: await countPostgresEvents(db) }));
  } finally {
    await store.close();
    await closePool(pool);
    await database.stop();
  }
}
