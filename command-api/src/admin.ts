/**
 * The operator's tool of a distributed deployment, in the command-api image:
 * `node command-api/dist/admin.js grant <email> [--role admin|auditor]`, configured by the same
 * environment as the service (DATABASE_URL, EVENT_STORE, KURRENTDB_URL). `npm run admin` does the
 * same on a developer machine, and on the embedded database under DATA_DIR.
 */
import pino from 'pino';
import { serviceConfigOrExit } from '@hostel/platform/config';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { runAdminTool } from './users/operator-grant';

await runAdminTool(process.argv.slice(2), () =>
  openInfrastructure(serviceConfigOrExit('admin', ['DATABASE_URL']), { log: pino({ level: 'warn' }), poolSize: 2 }),
);
