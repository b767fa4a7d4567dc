import pino from 'pino';
import { grantRoleAsOperator, parseAdminArguments } from '@hostel/command-api';
import { readConfig } from '@hostel/platform/config';
import { openInfrastructure } from '@hostel/platform/infrastructure';
import { openCliDatabase } from './cli-database';

/**
 * `npm run admin -- grant <email> [--role admin|auditor]`: an existing account gets the role, as a
 * command with its event (command-api/src/users/operator-grant.ts). On DATABASE_URL (and
 * EVENT_STORE/KURRENTDB_URL) like the services, or on the embedded database under DATA_DIR.
 */
const request = parseAdminArguments(process.argv.slice(2));
if (!request.ok) {
  console.error(request.message);
  process.exit(2);
}
const config = readConfig({ LOG_LEVEL: 'warn', ...process.env });
const log = pino({ level: config.LOG_LEVEL });
const database = await openCliDatabase(config, log).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
const infrastructure = await openInfrastructure(config, { log, databaseUrl: database.url, poolSize: 2 });
try {
  const outcome = await grantRoleAsOperator(infrastructure.store, request.email, request.role);
  (outcome.ok ? console.log : console.error)(outcome.message);
  process.exitCode = outcome.ok ? 0 : 1;
} finally {
  await infrastructure.close();
  await database.stop();
}
