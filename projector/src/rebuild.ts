/**
 * The operator's rebuild of a distributed deployment, in the projector image:
 * `node projector/dist/rebuild.js [read-model…]`, configured by the same environment as the service
 * (DATABASE_URL, EVENT_STORE, KURRENTDB_URL). Replays the log into fresh copies of the read models
 * while the product keeps answering from the old ones, then swaps them all in at once, as
 * `npm run rebuild` does on a developer machine.
 */
import pino from 'pino';
import { serviceConfigOrExit } from '@hostel/platform/config';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import type { ReadModelTables } from '@hostel/read-models';
import { countPostgresEvents, rebuildReadModels, runRebuildCommand } from './rebuild-cli';

const config = serviceConfigOrExit('rebuild', ['DATABASE_URL']);
const infrastructure = await openInfrastructure(config, { log: pino({ level: 'warn' }), poolSize: 4 });
const db = infrastructure.db<ReadModelTables>();
try {
  await runRebuildCommand(async () => {
    // The bar's total: counted where the log is PostgreSQL's; KurrentDB's shows the events read alone.
    const eventCount = config.EVENT_STORE === 'postgres' ? await countPostgresEvents(db) : undefined;
    await rebuildReadModels({ store: infrastructure.store, db, names: process.argv.slice(2), ...(eventCount === undefined ? {} : { eventCount }) });
  });
} finally {
  await infrastructure.close();
}
