/**
 * The operator's tool of a distributed deployment, in the command-api image:
 * `node command-api/dist/admin.js grant <email> [--role admin|auditor]`, configured by the same
 * environment as the service (DATABASE_URL, EVENT_STORE, KURRENTDB_URL). `npm run admin` does the
 * same on a developer machine, and on the embedded database under DATA_DIR.
 */
import pino from 'pino';
import { serviceConfigOrExit } from '@hostel/platform/config';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { grantRoleAsOperator, parseAdminArguments } from './users/operator-grant';

const request = parseAdminArguments(process.argv.slice(2));
if (!request.ok) {
  console.error(request.message);
  process.exit(2);
}
const config = serviceConfigOrExit('admin', ['DATABASE_URL']);
const infrastructure = await openInfrastructure(config, { log: pino({ level: 'warn' }), poolSize: 2 });
try {
  const outcome = await grantRoleAsOperator(infrastructure.store, request.email, request.role);
  (outcome.ok ? console.log : console.error)(outcome.message);
  process.exitCode = outcome.ok ? 0 : 1;
} finally {
  await infrastructure.close();
}
